import { NestedStack, type Stack } from 'aws-cdk-lib';
import { acknowledgeGuard } from '../guard.js';

/** The feature folder of a handler (`functions/features/<feature>/…`); others go to `platform`. */
export const featureOf = (handler: string): string =>
  /^functions\/features\/([^/]+)\//.exec(handler)?.[1] ?? 'platform';

/** Construct id (and template name) of a feature's nested stack: `teams` → `FeatureTeams`; else `Platform`. */
export const featureStackId = (feature: string): string =>
  feature === 'platform'
    ? 'Platform'
    : `Feature${feature.replace(/(^|[-_])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())}`;

/**
 * One nested stack per feature of functions/features/ (and `Platform` for functions/app and
 * functions/platform): each holds its handlers' functions, `live` aliases and versions, their
 * asynchronous-invoke settings, their errors and throttles alarms, and their CodeDeploy deployment
 * groups (which must sit beside the alias whose UpdatePolicy names them, deploy.ts). Roles, the log
 * group, tables, bus, pool, APIs and rules stay in the parent, which passes their names and ARNs in
 * as parameters. This keeps every template far under CloudFormation's limits (500 resources, 1 MB,
 * 200 parameters and outputs; tests/infra/limits.test.ts asserts 60%) as handlers are added.
 *
 * Cognito triggers stay in the parent: the pool names their aliases and grants itself their invoke
 * permission with its own ARN, so a nested stack of triggers and the pool would wait for each other.
 */
export class FeatureStacks {
  private readonly stacks = new Map<string, NestedStack>();

  constructor(
    private readonly parent: Stack,
    private readonly stage: string,
  ) {}

  stackFor(handler: string): NestedStack {
    const feature = featureOf(handler);
    let nested = this.stacks.get(feature);
    if (!nested) {
      nested = new NestedStack(this.parent, featureStackId(feature), {
        description:
          `Design Club (${this.stage}): the functions of ` +
          `${feature === 'platform' ? 'the platform (outbox, projections, health)' : `the feature ${feature}`}, ` +
          'their aliases, alarms and deployment groups',
      });
      acknowledgeGuard(
        nested,
        'lambda_inside_vpc_check',
        'The functions reach only AWS public endpoints (DynamoDB, EventBridge, S3, Cognito, SES, Bedrock, ' +
          'Secrets Manager, API Gateway) and Stripe, over TLS and signed with their own roles; nothing of the ' +
          ('service lives in a VPC, and a VPC would add NAT gateways or endpoints and cold-start time without ' +
            'guarding anything.'),
      );
      this.stacks.set(feature, nested);
    }
    return nested;
  }
}
