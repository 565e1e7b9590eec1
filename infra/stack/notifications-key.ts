import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { analyzeHandler } from './capabilities.js';
import type { HandlerFunctions } from './functions.js';
import { acknowledge } from './nag.js';
import { retainedName } from './names.js';

/** The module that signs and checks unsubscribe links: the functions that keep it get the key. */
export const UNSUBSCRIBE_TOKEN_MODULE = 'functions/features/notifications/unsubscribe-token.ts';

/**
 * The key of the notification e-mails' one-click unsubscribe links (an HMAC over account and kind).
 * Secrets Manager generates it at deploy; the template holds only a `{{resolve:secretsmanager:…}}`
 * reference, resolved into NOTIFICATIONS_KEY of the functions whose bundle signs or checks a link.
 */
export class NotificationsKey extends Construct {
  readonly secret: Secret;

  constructor(
    scope: Construct,
    id: string,
    props: { stage: string; projectRoot: string; functions: HandlerFunctions },
  ) {
    super(scope, id);
    const secret = (this.secret = new Secret(this, 'Key', {
      // Kept when the stack is deleted: a new create must not collide with it (names.ts).
      secretName: retainedName(props.stage, 'notifications-key', '/'),
      description: `Design Club ${props.stage}: signs the unsubscribe links of notification e-mails`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    }));
    acknowledge(
      secret,
      'AwsSolutions-SMG4',
      'Rotating it would break the unsubscribe links of every e-mail already sent, which must keep working (RFC ' +
        '8058); it signs nothing else.',
    );
    const value = secret.secretValue.unsafeUnwrap();
    for (const fn of props.functions.all()) {
      if (analyzeHandler(props.projectRoot, fn.handler).modules.includes(UNSUBSCRIBE_TOKEN_MODULE))
        fn.fn.addEnvironment('NOTIFICATIONS_KEY', value);
    }
  }
}
