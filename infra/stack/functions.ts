import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Arn, Duration, RemovalPolicy, Stack, Tags, Token } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Alias, Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { Charset, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { handlerName } from '../routes.js';
import {
  connectionsTable as connectionsTableDefinition,
  eventsTable as eventsTableDefinition,
  viewsTable as viewsTableDefinition,
  type TableDefinition,
} from '../tables.js';
import { LAMBDA_ESBUILD } from './bundling.js';
import { analyzeHandler, type Capability } from './capabilities.js';
import type { StackConfig } from './config.js';
import { acknowledge } from './nag.js';

export type FunctionKind = 'api' | 'consumer' | 'schedule' | 'trigger' | 'realtime';

/** Must match `EVENT_SOURCE` in functions/core/publisher.ts (a test checks it). */
export const EVENT_SOURCE = 'design-club';
export const SERVICE_NAME = 'design-club';
/** Presigned uploads land under this prefix; anything never recorded there expires (uploads.ts). */
export const UPLOADS_INCOMING_PREFIX = 'incoming/';

export interface FunctionResources {
  config: StackConfig;
  projectRoot: string;
  eventsTable: ITable;
  viewsTable: ITable;
  connectionsTable: ITable;
  bus: IEventBus;
  uploadsBucket: IBucket;
  stripeSecret: ISecret;
  /** https://… origin of the site (CloudFront or the custom domain): links in e-mails, Stripe return URLs. */
  siteUrl: string;
  realtime: { managementEndpoint: string; postToConnectionsArn: string; apiLogicalId: string; stageName: string };
  /** SES configuration set the mail functions send through (bounce and complaint metrics, mail.ts). */
  mailConfigurationSet?: string;
}

export interface HandlerFunction {
  handler: string;
  name: string;
  kinds: Set<FunctionKind>;
  fn: NodejsFunction;
  /** The `live` alias: what routes, rules and triggers invoke, and what CodeDeploy shifts (deploy.ts). */
  alias: Alias;
  capabilities: readonly Capability[];
}

/** Routes, rules and triggers invoke this alias of each function, never $LATEST. */
export const LIVE_ALIAS = 'live';

interface Sizing {
  memorySize: number;
  timeout: Duration;
}

/** The events table is append-only for the functions: no DeleteItem, no BatchWriteItem (which can delete). */
const EVENT_STORE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  'dynamodb:PutItem',
  // Only the outbox marker and the store's first-day and sweep marks change after a commit.
  'dynamodb:UpdateItem',
];
/** Read/write on the items of a table whose items the functions own (views, connections). */
const TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
const COGNITO_ACTIONS = [
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:ListUsers',
  'cognito-idp:ListUsersInGroup',
];
const UPLOAD_OBJECT_ACTIONS = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'];

/** Cross-region inference profiles are the model id with a geography prefix. */
const INFERENCE_PROFILE = /^(us|eu|apac|jp|au|ca|us-gov|global)\.(.+)$/;

/** How cdk-nag spells a pseudo parameter in a finding id: the literal when the stack knows it. */
const pseudo = (value: string, name: 'Partition' | 'Region' | 'AccountId') => (Token.isUnresolved(value) ? `<AWS::${name}>` : value);

const indexArns = (table: ITable, definition: TableDefinition) =>
  definition.indexes.map((index) => `${table.tableArn}/index/${index.name}`);

/**
 * One NodejsFunction per handler module, built from the route table's rows: the same bundling for
 * every function, and grants and environment derived from the capabilities its imports need
 * (capabilities.ts). A role per set of capabilities; one log group (streams carry function names).
 */
export class HandlerFunctions extends Construct {
  private readonly byHandler = new Map<string, HandlerFunction>();
  private readonly roles = new Map<string, Role>();
  private readonly logGroup: LogGroup;
  private userPool: IUserPool | undefined;
  private userPoolClient: IUserPoolClient | undefined;

  constructor(
    scope: Construct,
    id: string,
    private readonly resources: FunctionResources,
  ) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', { retention: resources.config.logRetentionDays, removalPolicy: RemovalPolicy.DESTROY });
  }

  /** The pool is created after its trigger functions; the other functions are created after it. */
  useUserPool(pool: IUserPool, client: IUserPoolClient): void {
    this.userPool = pool;
    this.userPoolClient = client;
  }

  all(): HandlerFunction[] {
    return [...this.byHandler.values()];
  }

  find(handler: string): HandlerFunction | undefined {
    return this.byHandler.get(handler);
  }

  /** The `live` alias of the function serving `handler` (created on first use): what callers invoke. */
  forHandler(handler: string, kind: FunctionKind, sizing?: Partial<Sizing>): Alias {
    const existing = this.byHandler.get(handler);
    if (existing) {
      if ((kind === 'trigger') !== existing.kinds.has('trigger')) {
        throw new Error(`${handler} is used both as a Cognito trigger and elsewhere: give the trigger its own module.`);
      }
      existing.kinds.add(kind);
      return existing.alias;
    }
    const created = this.create(handler, kind, sizing);
    this.byHandler.set(handler, created);
    return created.alias;
  }

  private create(handler: string, kind: FunctionKind, override: Partial<Sizing> = {}): HandlerFunction {
    const { config, projectRoot } = this.resources;
    const name = handlerName(handler);
    if (!existsSync(path.join(projectRoot, handler))) {
      throw new Error(`infra/routes.ts names ${handler} (${kind}), but there is no such file.`);
    }
    const { capabilities } = analyzeHandler(projectRoot, handler);
    const scope = new Construct(this, name);

    // Functions with the same capabilities share a role (identical permissions either way); all of
    // them log to one group, in streams named after the function. This keeps the stack at about four
    // resources per route, well under CloudFormation's 500.
    const roleKey = [...capabilities, ...(kind === 'trigger' ? ['trigger'] : [])].join('-') || 'logs-only';
    let role = this.roles.get(roleKey);
    const newRole = !role;
    if (!role) {
      role = new Role(this, `Role-${roleKey}`, {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `${SERVICE_NAME} ${config.stage} functions that need: ${roleKey}`,
      });
      this.logGroup.grantWrite(role);
      this.roles.set(roleKey, role);
    }

    const sizing = { ...this.defaultSizing(kind, capabilities), ...override };
    const fn = new NodejsFunction(scope, 'Function', {
      entry: path.join(projectRoot, handler),
      handler: 'handler',
      projectRoot,
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: sizing.memorySize,
      timeout: sizing.timeout,
      role,
      logGroup: this.logGroup,
      tracing: config.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
      description: `${kind}: ${handler}`,
      environment: {
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        LOG_LEVEL: 'INFO',
        STAGE: config.stage,
        SITE_URL: this.resources.siteUrl,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        minify: LAMBDA_ESBUILD.minify,
        sourceMap: LAMBDA_ESBUILD.sourcemap,
        sourcesContent: LAMBDA_ESBUILD.sourcesContent,
        format: OutputFormat.ESM,
        target: LAMBDA_ESBUILD.target,
        mainFields: [...LAMBDA_ESBUILD.mainFields],
        banner: LAMBDA_ESBUILD.banner,
        externalModules: [...LAMBDA_ESBUILD.external],
        bundleAwsSDK: true,
        charset: Charset.UTF8,
        esbuildArgs: { '--alias': Object.entries(LAMBDA_ESBUILD.alias).map(([from, to]) => `${from}=${to}`) },
        forceDockerBundling: false,
      },
    });
    Tags.of(fn).add('design-club:handler', handler);
    acknowledge(
      fn,
      'AwsSolutions-L1',
      'Node.js 22 is the runtime the project targets and tests against (engines, esbuild target node22); moving to a newer runtime is a deliberate upgrade, not a drift fix.',
    );
    if (config.tracing && newRole) {
      acknowledge(role, 'AwsSolutions-IAM5[Resource::*]', 'X-Ray PutTraceSegments/PutTelemetryRecords do not support resource-level permissions.');
    }

    for (const capability of capabilities) this.grant(capability, fn, newRole ? role : undefined, kind);
    // A version per code or configuration change; CodeDeploy moves the alias to it (deploy.ts).
    const alias = new Alias(scope, 'Live', { aliasName: LIVE_ALIAS, version: fn.currentVersion });
    return { handler, name, kinds: new Set([kind]), fn, alias, capabilities };
  }

  private defaultSizing(kind: FunctionKind, capabilities: readonly Capability[]): Sizing {
    switch (kind) {
      case 'api':
        // HTTP API waits at most 30 s for an integration; a model call needs most of that.
        return { memorySize: 1024, timeout: Duration.seconds(capabilities.includes('bedrock') ? 29 : 15) };
      case 'trigger':
        // Cognito gives a trigger 5 seconds.
        return { memorySize: 1024, timeout: Duration.seconds(5) };
      case 'consumer':
        return { memorySize: 512, timeout: Duration.seconds(capabilities.includes('bedrock') ? 120 : 60) };
      case 'schedule':
        return { memorySize: 512, timeout: Duration.seconds(55) };
      case 'realtime':
        // $connect fetches Cognito's signing keys on a cold start.
        return { memorySize: 512, timeout: Duration.seconds(10) };
    }
  }

  /**
   * Environment for `fn`; and, when `role` is given (the first function of its capability set),
   * the role's statements.
   */
  private grant(capability: Capability, fn: NodejsFunction, role: Role | undefined, kind: FunctionKind): void {
    const { eventsTable, viewsTable, connectionsTable, bus, uploadsBucket, stripeSecret, config, realtime, mailConfigurationSet } = this.resources;
    const stack = Stack.of(this);
    switch (capability) {
      case 'eventStore':
        role?.addToPrincipalPolicy(
          new PolicyStatement({
            sid: 'EventStoreAppendOnly',
            actions: EVENT_STORE_ACTIONS,
            resources: [eventsTable.tableArn, ...indexArns(eventsTable, eventsTableDefinition)],
          }),
        );
        fn.addEnvironment('EVENTS_TABLE', eventsTable.tableName);
        return;
      case 'views':
        role?.addToPrincipalPolicy(
          new PolicyStatement({ sid: 'Views', actions: TABLE_ACTIONS, resources: [viewsTable.tableArn, ...indexArns(viewsTable, viewsTableDefinition)] }),
        );
        fn.addEnvironment('VIEWS_TABLE', viewsTable.tableName);
        return;
      case 'connections':
        role?.addToPrincipalPolicy(
          new PolicyStatement({
            sid: 'Connections',
            actions: TABLE_ACTIONS,
            resources: [connectionsTable.tableArn, ...indexArns(connectionsTable, connectionsTableDefinition)],
          }),
        );
        fn.addEnvironment('CONNECTIONS_TABLE', connectionsTable.tableName);
        return;
      case 'realtime':
        role?.addToPrincipalPolicy(new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [realtime.postToConnectionsArn] }));
        if (role)
          acknowledge(
          role,
          `AwsSolutions-IAM5[Resource::arn:${pseudo(stack.partition, 'Partition')}:execute-api:${pseudo(stack.region, 'Region')}:${pseudo(stack.account, 'AccountId')}:<${realtime.apiLogicalId}>/${realtime.stageName}/POST/@connections/*]`,
          'Connection ids are assigned by API Gateway at connect time; the grant is PostToConnection on the live stage of this one WebSocket API.',
        );
        fn.addEnvironment('REALTIME_MANAGEMENT_ENDPOINT', realtime.managementEndpoint);
        return;
      case 'cognitoTokens':
        // Verifies ID tokens itself (functions/adapters/realtime/tokens.ts): no permission, just the pool and client ids.
        if (kind === 'trigger' || !this.userPool || !this.userPoolClient) {
          throw new Error(`${fn.node.path}: token verification needs the user pool, which a trigger cannot reference`);
        }
        fn.addEnvironment('USER_POOL_ID', this.userPool.userPoolId);
        fn.addEnvironment('USER_POOL_CLIENT_ID', this.userPoolClient.userPoolClientId);
        return;
      case 'eventbridge':
        if (role) bus.grantPutEventsTo(role);
        fn.addEnvironment('EVENT_BUS_NAME', bus.eventBusName);
        return;
      case 'cognito': {
        if (kind === 'trigger') {
          // A trigger cannot name its own pool (the pool refers to the trigger: a cycle); it reads the
          // pool id from the event instead and may act on this account's pools in this region.
          role?.addToPrincipalPolicy(
            new PolicyStatement({
              actions: COGNITO_ACTIONS,
              resources: [stack.formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' })],
            }),
          );
          if (role)
            acknowledge(
            role,
            `AwsSolutions-IAM5[Resource::arn:${pseudo(stack.partition, 'Partition')}:cognito-idp:${pseudo(stack.region, 'Region')}:${pseudo(stack.account, 'AccountId')}:userpool/*]`,
            'A Cognito trigger cannot reference the ARN of the pool that invokes it (circular dependency); scoped to user pools of this account and region.',
          );
          return;
        }
        if (!this.userPool) throw new Error(`${fn.node.path}: the user pool must exist before functions that use Cognito`);
        role?.addToPrincipalPolicy(new PolicyStatement({ actions: COGNITO_ACTIONS, resources: [this.userPool.userPoolArn] }));
        fn.addEnvironment('USER_POOL_ID', this.userPool.userPoolId);
        return;
      }
      case 'uploads':
        role?.addToPrincipalPolicy(new PolicyStatement({ actions: UPLOAD_OBJECT_ACTIONS, resources: [uploadsBucket.arnForObjects('*')] }));
        // HeadObject on a missing key answers 404 (not 403) only with ListBucket.
        role?.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [uploadsBucket.bucketArn] }));
        if (role)
          acknowledge(
          role,
          `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(uploadsBucket.node.defaultChild as never)}.Arn>/*]`,
          'Upload keys are generated per project and file at request time, so object access is granted on the uploads bucket’s keys; the bucket holds nothing else.',
        );
        fn.addEnvironment('UPLOADS_BUCKET', uploadsBucket.bucketName);
        fn.addEnvironment('UPLOADS_INCOMING_PREFIX', UPLOADS_INCOMING_PREFIX);
        return;
      case 'bedrock': {
        const modelId = config.bedrockModelId;
        const profile = INFERENCE_PROFILE.exec(modelId);
        const actions = ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'];
        if (profile) {
          const profileArn = stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: modelId });
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
            `AwsSolutions-IAM5[Resource::arn:${pseudo(stack.partition, 'Partition')}:bedrock:*::foundation-model/${profile[2]}]`,
            'A cross-region inference profile invokes the configured model in any region of its geography; the grant names the one model and requires the call to come through the configured profile.',
          );
        } else {
          role?.addToPrincipalPolicy(
            new PolicyStatement({
              actions,
              resources: [Arn.format({ service: 'bedrock', resource: 'foundation-model', resourceName: modelId, account: '' }, stack)],
            }),
          );
        }
        fn.addEnvironment('BEDROCK_MODEL_ID', modelId);
        return;
      }
      case 'ses': {
        const domain = config.senderEmail.split('@')[1]!;
        role?.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail', 'ses:SendRawEmail'],
            resources: [
              stack.formatArn({ service: 'ses', resource: 'identity', resourceName: config.senderEmail }),
              stack.formatArn({ service: 'ses', resource: 'identity', resourceName: domain }),
              // Sending through a configuration set is authorized on the set as well.
              ...(mailConfigurationSet ? [stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: mailConfigurationSet })] : []),
            ],
            conditions: { StringEquals: { 'ses:FromAddress': config.senderEmail } },
          }),
        );
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
