import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  type CfnUserPool,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolEmail,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { SystemRole } from '../../shared/vocabulary.js';
import type { CognitoTrigger, TriggerDefinition } from '../routes.js';
import type { StackConfig, ThreatProtection } from './config.js';
import type { HandlerFunctions } from './functions.js';
import { DeletionProtection } from './deletion-protection.js';
import { acknowledge } from './nag.js';

/** The groups the API reads from `cognito:groups`; spelled as in shared/vocabulary.ts (a test checks). */
export const GROUPS: readonly SystemRole[] = ['client', 'designer', 'admin'];

const OPERATIONS: Record<CognitoTrigger, UserPoolOperation> = {
  PreSignUp: UserPoolOperation.PRE_SIGN_UP,
  PostConfirmation: UserPoolOperation.POST_CONFIRMATION,
  CustomMessage: UserPoolOperation.CUSTOM_MESSAGE,
  PreTokenGeneration: UserPoolOperation.PRE_TOKEN_GENERATION,
  DefineAuthChallenge: UserPoolOperation.DEFINE_AUTH_CHALLENGE,
  CreateAuthChallenge: UserPoolOperation.CREATE_AUTH_CHALLENGE,
  VerifyAuthChallengeResponse: UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE,
};

const THREAT_PROTECTION_MODES: Record<ThreatProtection, StandardThreatProtectionMode> = {
  off: StandardThreatProtectionMode.NO_ENFORCEMENT,
  audit: StandardThreatProtectionMode.AUDIT_ONLY,
  enforced: StandardThreatProtectionMode.FULL_FUNCTION,
};

/**
 * The user pool (e-mail sign-in, the product's attributes, 12-character passwords), its triggers
 * from the `triggers` table, the role groups and the SPA's app client (USER_PASSWORD_AUTH and
 * refresh, as in the embedded runtime's Cognito).
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly groups: CfnUserPoolGroup[] = [];

  constructor(
    scope: Construct,
    id: string,
    props: { config: StackConfig; triggers: readonly TriggerDefinition[]; functions: HandlerFunctions },
  ) {
    super(scope, id);
    const { config } = props;
    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `design-club-${config.stage}`,
      // Cognito's own mail (password reset codes/links) is limited to 50 a day; SES needs the verified sender.
      // With only the domain verified in SES, Cognito must be told the domain identity
      // (`sesVerifiedDomain`); otherwise it names the address identity and refuses the pool.
      ...(config.cognitoEmailViaSes
        ? {
            email: UserPoolEmail.withSES({
              fromEmail: config.senderEmail,
              fromName: 'Design Club',
              sesVerifiedDomain: config.sesVerifiedDomain,
            }),
          }
        : {}),
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      customAttributes: {
        company: new StringAttribute({ mutable: true, maxLen: 200 }),
        phone: new StringAttribute({ mutable: true, maxLen: 40 }),
        user_type: new StringAttribute({ mutable: true, maxLen: 40 }),
      },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      mfa: Mfa.OFF,
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Threat protection (compromised credentials, risky sign-ins) exists only in the Plus plan, which
      // is billed per active user: the operator opts in with the `threatProtection` context.
      featurePlan: config.threatProtection === 'off' ? FeaturePlan.ESSENTIALS : FeaturePlan.PLUS,
      ...(config.threatProtection === 'off'
        ? {}
        : { standardThreatProtectionMode: THREAT_PROTECTION_MODES[config.threatProtection] }),
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    // On from the deploy after the first successful create, so that a failed first create rolls back
    // (deletion-protection.ts).
    DeletionProtection.of(Stack.of(this)).protectUserPool(this.userPool.node.defaultChild as CfnUserPool);
    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'The product requires a minimum of 12 characters and no composition rules (docs/product.md: "minimum 12 ' +
        'characters"), following NIST SP 800-63B; the embedded runtime uses the same policy.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'The product signs in with e-mail and password only (docs/product.md sign-in and team-login flows have no ' +
        'second factor); MFA is a product decision to revisit, not an infrastructure default.',
    );
    if (config.threatProtection === 'off') {
      acknowledge(
        this.userPool,
        'AwsSolutions-COG8',
        'The Essentials feature plan covers what the product uses (e-mail sign-in, groups, triggers, token ' +
          'revocation); Plus (threat protection) is a cost decision for the operator, made with the ' +
          '"threatProtection" context (audit or enforced).',
      );
    }

    const seen = new Set<CognitoTrigger>();
    for (const trigger of props.triggers) {
      if (seen.has(trigger.trigger))
        throw new Error(`Two rows of \`triggers\` use ${trigger.trigger}; Cognito allows one per pool`);
      seen.add(trigger.trigger);
      this.userPool.addTrigger(OPERATIONS[trigger.trigger], props.functions.forHandler(trigger.handler, 'trigger'));
    }

    GROUPS.forEach((group, precedence) => {
      this.groups.push(
        new CfnUserPoolGroup(this, `Group-${group}`, {
          userPoolId: this.userPool.userPoolId,
          groupName: group,
          // Lower wins in cognito:preferred_role; admin outranks designer outranks client.
          precedence: GROUPS.length - precedence,
          description: `Role: ${group}`,
        }),
      );
    });

    // Only what the SPA does (web/src/app/auth/): USER_PASSWORD_AUTH, refresh, and the custom challenge
    // by which the session that proved the account's address signs in again with the one-time answer
    // its proof returned (the DefineAuthChallenge/CreateAuthChallenge/VerifyAuthChallengeResponse
    // triggers accept nothing else). No hosted UI, no OAuth code or implicit flow, no SRP: a flow the
    // client allows but the app never uses is only another way in.
    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: false, custom: true, adminUserPassword: false },
      disableOAuth: true,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      // What a user may change with their own token. email_verified is left out: only the code sent
      // to an address (VerifyUserAttribute) proves it, so nobody marks a new address verified by hand.
      writeAttributes: new ClientAttributes()
        .withStandardAttributes({ email: true, fullname: true })
        .withCustomAttributes('company', 'phone', 'user_type'),
      enableTokenRevocation: true,
      authSessionValidity: Duration.minutes(3),
      accessTokenValidity: Duration.minutes(60),
      idTokenValidity: Duration.minutes(60),
      refreshTokenValidity: Duration.days(30),
    });
  }
}
