import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './nag.js';

/** The header CloudFront adds to every request it sends to the HTTP API (functions/platform/http/origin-check.ts). */
export const ORIGIN_HEADER = 'x-origin-verify';
/** The API functions' environment variable with the accepted values (comma-separated). */
export const ORIGIN_SECRET_ENV = 'ORIGIN_VERIFY_SECRET';

/**
 * The shared secret that proves a request to the API's execute-api endpoint came through CloudFront
 * (which adds it as a custom origin header) and not around it, where the web ACL and the site's
 * headers do not apply.
 *
 * Secrets Manager generates the value at deploy time; the template holds only
 * `{{resolve:secretsmanager:…}}` references, which CloudFormation resolves into the distribution's
 * origin header and the API functions' environment.
 *
 * Rotation is a deploy: raise the `originSecretGeneration` context. Generation N gets a new secret
 * (and a new ARN, so both references change and are resolved again); the stack keeps generation N-1
 * one more deploy, and the API accepts both, so requests from edge locations that have not yet
 * received the new distribution config keep working. The deploy after that drops N-1.
 */
export class OriginSecret extends Construct {
  /** The value CloudFront sends (a dynamic reference in the template). */
  readonly current: string;
  /** What the API accepts: the current value and, after a rotation, the previous one. */
  readonly accepted: string;

  constructor(scope: Construct, id: string, props: { stage: string; generation: number }) {
    super(scope, id);
    const secret = (generation: number) => {
      const created = new Secret(this, `Generation${generation}`, {
        secretName: `design-club/${props.stage}/origin-verify-${generation}`,
        description: `Design Club ${props.stage}: CloudFront → API origin header value, generation ${generation}`,
        generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
        removalPolicy: RemovalPolicy.DESTROY,
      });
      acknowledge(
        created,
        'AwsSolutions-SMG4',
        'Rotated by deploying with a higher "originSecretGeneration": the CloudFront origin header and the API must ' +
          'change together, which a Secrets Manager rotation Lambda cannot do; the API accepts the previous ' +
          'generation for one deploy.',
      );
      return created.secretValue.unsafeUnwrap();
    };
    this.current = secret(props.generation);
    this.accepted = props.generation > 1 ? `${this.current},${secret(props.generation - 1)}` : this.current;
  }
}
