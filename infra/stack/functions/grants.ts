import { Arn, Stack, Token } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, ManagedPolicy, PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import {
  connectionsTable as connectionsTableDefinition,
  eventsTable as eventsTableDefinition,
  viewsTable as viewsTableDefinition,
  type TableDefinition,
} from '../../../shared/tables.js';
import type { Capability } from '../capabilities.js';
import { acknowledge } from '../nag.js';
import { UPLOADS_INCOMING_PREFIX, type FunctionKind, type FunctionResources } from './definitions.js';

/**
 * DynamoDB actions by verb, as the adapters call them (functions/platform/event-store/event-store.ts and views.ts,
 * functions/platform/realtime/connections.ts). The events table is never deleted from, and only the commands append.
 */
const EVENT_STORE_READ = ['dynamodb:GetItem', 'dynamodb:Query'];
/** A commit is one conditional PutItem; the outbox marker and the first-day mark are UpdateItems. */
const EVENT_STORE_APPEND = ['dynamodb:PutItem', 'dynamodb:UpdateItem'];
/** The sweeper clears outbox markers and moves its sweep mark; it appends nothing. */
const EVENT_STORE_MARK = ['dynamodb:UpdateItem'];
/**
 * The data keys (functions/platform/privacy/data-keys.ts): a reader gets one item and unwraps it; a
 * writer makes a missing one (a conditional PutItem of a key KMS generated). Destroying one is the
 * erasure's alone.
 */
const DATA_KEYS_OPEN = { table: ['dynamodb:GetItem'], kms: ['kms:Decrypt'] };
const DATA_KEYS_SEAL = { table: ['dynamodb:PutItem'], kms: ['kms:GenerateDataKey'] };
/** Every data key is bound to its subject (encryption context `{ subject }`), and to nothing else. */
const SUBJECT_CONTEXT_ONLY = {
  'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['subject'] },
  Null: { 'kms:EncryptionContextKeys': 'false' },
};
const VIEWS_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
/** The projector's guarded puts and the rebuild's batches. */
const VIEWS_WRITE = ['dynamodb:PutItem', 'dynamodb:BatchWriteItem', 'dynamodb:UpdateItem'];
const VIEWS_COUNT = ['dynamodb:UpdateItem'];
const VIEWS_CLAIM = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
/**
 * Partition-key prefixes of the quota counters and idempotency claims (core/quotas.ts, core/idempotency.ts; a test
 * checks).
 */
export const QUOTA_KEY_PREFIX = '$quota#';
export const IDEMPOTENCY_KEY_PREFIX = '$idem#';
/**
 * The notifications store's own items, written under views:claim (functions/features/notifications/
 * store.ts): delivery claims, inboxes, read marks, pending and windowed mails, digest marks. Not projections'.
 */
export const NOTIFICATION_KEY_PREFIXES = [
  '$notified#',
  '$inbox#',
  '$inbox-read#',
  '$mail-pending#',
  '$mail-window#',
  '$digest#',
] as const;
/** The one-time sign-in answers (functions/features/users/sign-in-answers.ts), written under views:claim. */
export const SIGN_IN_ANSWER_KEY_PREFIX = '$signin-answer#';
/** Writes limited to items whose partition key starts with one of `prefixes`: never a projection's. */
const onlyKeys = (...prefixes: string[]) => ({
  'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((prefix) => `${prefix}*`) },
});
// GetItem: the sessions reactor reads a connection's sign-in time before it closes the socket.
const CONNECTIONS_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:GetItem',
  'dynamodb:DeleteItem',
  'dynamodb:Query',
  'dynamodb:UpdateItem',
  'dynamodb:BatchGetItem',
];
/** What functions/platform/aws/identity.ts calls, by verb (capabilities.ts ADAPTER_OPERATIONS). */
const COGNITO_ACTIONS: Partial<Record<Capability, string[]>> = {
  cognitoGroups: ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminRemoveUserFromGroup'],
  cognitoSignOut: ['cognito-idp:AdminUserGlobalSignOut'],
  cognitoPassword: ['cognito-idp:AdminSetUserPassword'],
  cognitoDelete: ['cognito-idp:AdminDeleteUser'],
  cognitoAttributes: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUpdateUserAttributes'],
  cognitoRead: ['cognito-idp:AdminGetUser'],
};
/**
 * What the storage adapter does, by verb: presigned POST and the copy's destination (PutObject),
 * presigned GET, HeadObject and the copy's source (GetObject), DeleteObject.
 */
const UPLOAD_OBJECT_ACTIONS: Partial<Record<Capability, string[]>> = {
  uploadsPut: ['s3:PutObject'],
  uploadsGet: ['s3:GetObject'],
  uploadsDelete: ['s3:DeleteObject'],
  uploadsErase: ['s3:DeleteObject', 's3:DeleteObjectVersion'],
};

/** Cross-region inference profiles are the model id with a geography prefix. */
const INFERENCE_PROFILE = /^(us|eu|apac|jp|au|ca|us-gov|global)\.(.+)$/;

/** How cdk-nag spells a pseudo parameter in a finding id: the literal when the stack knows it. */
const pseudo = (value: string, name: 'Partition' | 'Region' | 'AccountId') =>
  Token.isUnresolved(value) ? `<AWS::${name}>` : value;

/** How cdk-nag spells the ARN of a resource in the stack's account and region: `arn:<partition>:<service>:…`. */
function nagArn(stack: Stack, service: string, resource: string): string {
  const [partition, region, account] = [
    pseudo(stack.partition, 'Partition'),
    pseudo(stack.region, 'Region'),
    pseudo(stack.account, 'AccountId'),
  ];
  return `arn:${partition}:${service}:${region}:${account}:${resource}`;
}

const indexArns = (table: ITable, definition: TableDefinition) =>
  definition.indexes.map((index) => `${table.tableArn}/index/${index.name}`);

/**
 * What each capability of a function's imports (capabilities.ts) gives it: environment for every
 * function, and IAM statements on the role when the role is new (the first function of its set of
 * capabilities; roles are shared by identical sets).
 */
export class CapabilityGrants {
  constructor(
    private readonly scope: Construct,
    private readonly resources: FunctionResources,
    /** The pool is created after the trigger functions (functions.ts useUserPool). */
    private readonly pool: () => { userPool?: IUserPool; client?: IUserPoolClient },
  ) {}

  private readonly acknowledged = new Set<string>();
  /** The data keys' two policies, one of each per stack, attached to every role that reads or appends events. */
  private readonly dataKeyPolicies = new Map<string, ManagedPolicy>();

  private acknowledgeOnce(role: Role, id: string, reason: string): void {
    const key = `${role.node.path} ${id}`;
    if (this.acknowledged.has(key)) return;
    this.acknowledged.add(key);
    acknowledge(role, id, reason);
  }

  private grantCognito(role: Role, actions: string[], kind: FunctionKind, fn: NodejsFunction): void {
    const stack = Stack.of(this.scope);
    if (kind === 'trigger') {
      // A trigger cannot name its own pool (the pool refers to the trigger: a cycle); it reads the
      // pool id from the event instead and may act on this account's pools in this region.
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions,
          resources: [stack.formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' })],
        }),
      );
      this.acknowledgeOnce(
        role,
        `AwsSolutions-IAM5[Resource::${nagArn(stack, 'cognito-idp', 'userpool/*')}]`,
        'A Cognito trigger cannot reference the ARN of the pool that invokes it (circular dependency); scoped to ' +
          'user pools of this account and region.',
      );
      return;
    }
    const { userPool } = this.pool();
    if (!userPool) throw new Error(`${fn.node.path}: the user pool must exist before functions that use Cognito`);
    role.addToPrincipalPolicy(new PolicyStatement({ actions, resources: [userPool.userPoolArn] }));
  }

  /**
   * Nearly every role reads events, so the data keys' statements (two each, one with a condition) are
   * one customer managed policy per stack that the roles attach, not a copy inline in each role: the
   * parent template holds the roles, and its size is bounded (tests/infra/limits.test.ts).
   */
  private dataKeyPolicy(capability: 'dataKeysOpen' | 'dataKeysSeal', role: Role): ManagedPolicy {
    const stack = Stack.of(role);
    const key = `${stack.node.path}/${capability}`;
    const known = this.dataKeyPolicies.get(key);
    if (known) return known;
    const { keysTable, dataKey } = this.resources;
    const { table, kms } = capability === 'dataKeysOpen' ? DATA_KEYS_OPEN : DATA_KEYS_SEAL;
    const sid = capability === 'dataKeysOpen' ? 'DataKeysOpen' : 'DataKeysSeal';
    const policy = new ManagedPolicy(stack, `${sid}Policy`, {
      description: `Design Club: ${capability === 'dataKeysOpen' ? 'open' : 'seal'} personal fields (data keys)`,
      statements: [
        new PolicyStatement({ sid: `${sid}Table`, actions: table, resources: [keysTable.tableArn] }),
        new PolicyStatement({
          sid: `${sid}Kms`,
          actions: kms,
          resources: [dataKey.keyArn],
          conditions: SUBJECT_CONTEXT_ONLY,
        }),
      ],
    });
    this.dataKeyPolicies.set(key, policy);
    return policy;
  }

  /**
   * Environment for `fn`; and, when `role` is given (the first function of its capability set),
   * the role's statements.
   */
  grant(capability: Capability, fn: NodejsFunction, role: Role | undefined, kind: FunctionKind): void {
    const {
      eventsTable,
      viewsTable,
      connectionsTable,
      keysTable,
      dataKey,
      bus,
      uploadsBucket,
      stripeSecret,
      config,
      realtime,
      mailConfigurationSet,
    } = this.resources;
    const stack = Stack.of(this.scope);
    switch (capability) {
      case 'eventStore':
        role?.addToPrincipalPolicy(
          new PolicyStatement({
            sid: 'EventStoreRead',
            actions: EVENT_STORE_READ,
            resources: [eventsTable.tableArn, ...indexArns(eventsTable, eventsTableDefinition)],
          }),
        );
        fn.addEnvironment('EVENTS_TABLE', eventsTable.tableName);
        return;
      case 'eventStoreAppend':
        role?.addToPrincipalPolicy(
          new PolicyStatement({
            sid: 'EventStoreAppend',
            actions: EVENT_STORE_APPEND,
            resources: [eventsTable.tableArn],
          }),
        );
        return;
      case 'dataKeysOpen':
      case 'dataKeysSeal': {
        if (role) this.dataKeyPolicy(capability, role).attachToRole(role);
        fn.addEnvironment('KEYS_TABLE', keysTable.tableName);
        fn.addEnvironment('KMS_KEY_ID', dataKey.keyArn);
        return;
      }
      case 'eventStoreMark':
        role?.addToPrincipalPolicy(
          new PolicyStatement({ sid: 'EventStoreMark', actions: EVENT_STORE_MARK, resources: [eventsTable.tableArn] }),
        );
        return;
      case 'views':
        role?.addToPrincipalPolicy(
          new PolicyStatement({
            sid: 'ViewsRead',
            actions: VIEWS_READ,
            resources: [viewsTable.tableArn, ...indexArns(viewsTable, viewsTableDefinition)],
          }),
        );
        fn.addEnvironment('VIEWS_TABLE', viewsTable.tableName);
        return;
      case 'viewsWrite':
        role?.addToPrincipalPolicy(
          new PolicyStatement({ sid: 'ViewsWrite', actions: VIEWS_WRITE, resources: [viewsTable.tableArn] }),
        );
        return;
      case 'viewsCount':
        role?.addToPrincipalPolicy(
          new PolicyStatement({
            sid: 'ViewsQuotaCounters',
            actions: VIEWS_COUNT,
            resources: [viewsTable.tableArn],
            conditions: onlyKeys(QUOTA_KEY_PREFIX),
          }),
        );
        return;
      case 'viewsClaim':
        role?.addToPrincipalPolicy(
          new PolicyStatement({
            sid: 'ViewsIdempotencyClaims',
            actions: VIEWS_CLAIM,
            resources: [viewsTable.tableArn],
            conditions: onlyKeys(IDEMPOTENCY_KEY_PREFIX, ...NOTIFICATION_KEY_PREFIXES, SIGN_IN_ANSWER_KEY_PREFIX),
          }),
        );
        return;
      case 'connections':
        role?.addToPrincipalPolicy(
          new PolicyStatement({
            sid: 'Connections',
            actions: CONNECTIONS_ACTIONS,
            resources: [connectionsTable.tableArn, ...indexArns(connectionsTable, connectionsTableDefinition)],
          }),
        );
        fn.addEnvironment('CONNECTIONS_TABLE', connectionsTable.tableName);
        return;
      case 'realtime':
        role?.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['execute-api:ManageConnections'],
            resources: [realtime.postToConnectionsArn],
          }),
        );
        if (role)
          acknowledge(
            role,
            `AwsSolutions-IAM5[Resource::${nagArn(stack, 'execute-api', `<${realtime.apiLogicalId}>/`)}` +
              `${realtime.stageName}/*/@connections/*]`,
            'Connection ids are assigned by API Gateway at connect time; the grant is PostToConnection and ' +
              "DeleteConnection (an ended session's socket) on the live stage of this one WebSocket API.",
          );
        fn.addEnvironment('REALTIME_MANAGEMENT_ENDPOINT', realtime.managementEndpoint);
        return;
      case 'cognitoTokens': {
        // Verifies ID tokens itself (functions/platform/realtime/tokens.ts): no permission, just the pool and client
        // ids.
        const { userPool, client } = this.pool();
        if (kind === 'trigger' || !userPool || !client) {
          throw new Error(`${fn.node.path}: token verification needs the user pool, which a trigger cannot reference`);
        }
        fn.addEnvironment('USER_POOL_ID', userPool.userPoolId);
        fn.addEnvironment('USER_POOL_CLIENT_ID', client.userPoolClientId);
        return;
      }
      case 'eventbridge':
        // The runtime names the bus in every handler that builds it; only publishers may put events.
        fn.addEnvironment('EVENT_BUS_NAME', bus.eventBusName);
        return;
      case 'publish':
        if (role) bus.grantPutEventsTo(role);
        return;
      case 'cognito':
        // The pool's id for the identity adapter; what it may do there comes with the verbs below.
        if (kind !== 'trigger') {
          const { userPool } = this.pool();
          if (!userPool) throw new Error(`${fn.node.path}: the user pool must exist before functions that use Cognito`);
          fn.addEnvironment('USER_POOL_ID', userPool.userPoolId);
        }
        return;
      case 'cognitoGroups':
      case 'cognitoSignOut':
      case 'cognitoPassword':
      case 'cognitoDelete':
      case 'cognitoAttributes':
      case 'cognitoRead':
        if (role) this.grantCognito(role, COGNITO_ACTIONS[capability]!, kind, fn);
        return;
      case 'uploads':
        fn.addEnvironment('UPLOADS_BUCKET', uploadsBucket.bucketName);
        fn.addEnvironment('UPLOADS_INCOMING_PREFIX', UPLOADS_INCOMING_PREFIX);
        return;
      case 'uploadsPut':
      case 'uploadsGet':
      case 'uploadsDelete':
      case 'uploadsErase':
        if (!role) return;
        role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: UPLOAD_OBJECT_ACTIONS[capability],
            resources: [uploadsBucket.arnForObjects('*')],
          }),
        );
        // HeadObject on a missing key answers 404 (not 403) only with ListBucket.
        if (capability === 'uploadsGet' || capability === 'uploadsErase')
          role.addToPrincipalPolicy(
            new PolicyStatement({
              // An erasure lists a folder's versions; where a store keeps none (npm start), its objects.
              actions: capability === 'uploadsGet' ? ['s3:ListBucket'] : ['s3:ListBucket', 's3:ListBucketVersions'],
              resources: [uploadsBucket.bucketArn],
            }),
          );
        this.acknowledgeOnce(
          role,
          `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(uploadsBucket.node.defaultChild as never)}.Arn>/*]`,
          'Upload keys are generated per project and file at request time, so object access is granted on the ' +
            'uploads bucket’s keys; the bucket holds nothing else.',
        );
        return;
      case 'bedrock': {
        const modelId = config.bedrockModelId;
        const profile = INFERENCE_PROFILE.exec(modelId);
        // Converse is authorised as InvokeModel; nothing streams.
        const actions = ['bedrock:InvokeModel'];
        if (profile) {
          const profileArn = stack.formatArn({
            service: 'bedrock',
            resource: 'inference-profile',
            resourceName: modelId,
          });
          role?.addToPrincipalPolicy(new PolicyStatement({ actions, resources: [profileArn] }));
          // The profile routes each call to the model in one of its regions; only through this profile.
          role?.addToPrincipalPolicy(
            new PolicyStatement({
              effect: Effect.ALLOW,
              actions,
              resources: [`arn:${stack.partition}:bedrock:*::foundation-model/${profile[2]}`],
              conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
            }),
          );
          if (role)
            acknowledge(
              role,
              `AwsSolutions-IAM5[Resource::arn:${pseudo(stack.partition, 'Partition')}:bedrock:*::` +
                `foundation-model/${profile[2]}]`,
              'A cross-region inference profile invokes the configured model in any region of its geography; the ' +
                'grant names the one model and requires the call to come through the configured profile.',
            );
        } else {
          role?.addToPrincipalPolicy(
            new PolicyStatement({
              actions,
              resources: [
                Arn.format(
                  { service: 'bedrock', resource: 'foundation-model', resourceName: modelId, account: '' },
                  stack,
                ),
              ],
            }),
          );
        }
        fn.addEnvironment('BEDROCK_MODEL_ID', modelId);
        return;
      }
      case 'ses': {
        role?.addToPrincipalPolicy(
          new PolicyStatement({
            // SESv2 SendEmail with simple content.
            actions: ['ses:SendEmail'],
            // In the SES sandbox, SES also authorizes the call on each recipient's (verified)
            // identity, so the sender's identities alone would refuse every sandbox mail; the
            // condition below keeps the sender to senderEmail whatever the identity.
            resources: [
              stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
              // Sending through a configuration set is authorized on the set as well.
              ...(mailConfigurationSet
                ? [
                    stack.formatArn({
                      service: 'ses',
                      resource: 'configuration-set',
                      resourceName: mailConfigurationSet,
                    }),
                  ]
                : []),
            ],
            conditions: { StringEquals: { 'ses:FromAddress': config.senderEmail } },
          }),
        );
        if (role) {
          this.acknowledgeOnce(
            role,
            `AwsSolutions-IAM5[Resource::${nagArn(stack, 'ses', 'identity/*')}]`,
            'In the SES sandbox SES authorizes SendEmail on the recipient’s verified identity as well as the ' +
              'sender’s, and recipients are anyone the product mails; the ses:FromAddress condition keeps the ' +
              'sender to the configured address.',
          );
        }
        // functions/adapters/mail sends with SES from MAIL_FROM (the embedded runtime installs its local outbox).
        fn.addEnvironment('MAIL_FROM', config.senderEmail);
        // Bounces and complaints are counted per configuration set (mail.ts, alarms.ts).
        if (mailConfigurationSet) fn.addEnvironment('SES_CONFIGURATION_SET', mailConfigurationSet);
        return;
      }
      case 'stripe':
        if (role) stripeSecret.grantRead(role);
        fn.addEnvironment('STRIPE_SECRET_ARN', stripeSecret.secretArn);
        fn.addEnvironment('STRIPE_PRICE_STARTER', config.stripePriceStarter);
        fn.addEnvironment('STRIPE_PRICE_PRO_BUILDER', config.stripePriceProBuilder);
        return;
    }
  }
}
