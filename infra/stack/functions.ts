import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Arn, Duration, RemovalPolicy, Stack, Tags, Token } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { Effect, PolicyDocument, PolicyStatement, Role, ServicePrincipal, type AddToPrincipalPolicyResult, type RoleProps } from 'aws-cdk-lib/aws-iam';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Alias, Architecture, LayerVersion, Runtime, Tracing, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { Charset, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
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

/**
 * DynamoDB actions by verb, as the adapters call them (functions/core/event-store.ts and views.ts,
 * functions/adapters/realtime/connections.ts). The events table is never deleted from, and only the commands append.
 */
const EVENT_STORE_READ = ['dynamodb:GetItem', 'dynamodb:Query'];
/** A commit is one conditional PutItem; the outbox marker and the first-day mark are UpdateItems. */
const EVENT_STORE_APPEND = ['dynamodb:PutItem', 'dynamodb:UpdateItem'];
/** The sweeper clears outbox markers and moves its sweep mark; it appends nothing. */
const EVENT_STORE_MARK = ['dynamodb:UpdateItem'];
const VIEWS_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
/** The projector's guarded puts and the rebuild's batches. */
const VIEWS_WRITE = ['dynamodb:PutItem', 'dynamodb:BatchWriteItem'];
const VIEWS_COUNT = ['dynamodb:UpdateItem'];
const VIEWS_CLAIM = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
/** Partition-key prefixes of the quota counters and idempotency claims (core/quotas.ts, core/idempotency.ts; a test checks). */
export const QUOTA_KEY_PREFIX = '$quota#';
export const IDEMPOTENCY_KEY_PREFIX = '$idem#';
/** Writes limited to items whose partition key starts with `prefix`: never a projection's. */
const onlyKeys = (prefix: string) => ({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${prefix}*`] } });
const CONNECTIONS_ACTIONS = ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:Query'];
/** What functions/adapters/identity.ts calls, by verb (capabilities.ts ADAPTER_OPERATIONS). */
const COGNITO_ACTIONS: Partial<Record<Capability, string[]>> = {
  cognitoGroups: ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminRemoveUserFromGroup'],
  cognitoSignOut: ['cognito-idp:AdminUserGlobalSignOut'],
  cognitoPassword: ['cognito-idp:AdminSetUserPassword'],
  cognitoAttributes: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUpdateUserAttributes'],
};
/**
 * What the storage adapter does, by verb: presigned POST and the copy's destination (PutObject),
 * presigned GET, HeadObject and the copy's source (GetObject), DeleteObject.
 */
const UPLOAD_OBJECT_ACTIONS: Partial<Record<Capability, string[]>> = {
  uploadsPut: ['s3:PutObject'],
  uploadsGet: ['s3:GetObject'],
  uploadsDelete: ['s3:DeleteObject'],
};

/**
 * A role whose grants are written into the role itself (its inline `Policies`) instead of a separate
 * AWS::IAM::Policy resource: the same permissions, one CloudFormation resource per role instead of
 * two, which keeps the stack (about seven resources per function) under CloudFormation's 500.
 */
class InlineRole extends Role {
  private readonly inlineGrants: PolicyDocument;

  constructor(scope: Construct, id: string, props: RoleProps) {
    const grants = new PolicyDocument();
    super(scope, id, { ...props, inlinePolicies: { grants } });
    this.inlineGrants = grants;
  }

  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.inlineGrants.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}

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
  private tracerLayer: ILayerVersion | undefined;
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

  /** The roles of the functions that have `capability`. */
  rolesWith(capability: Capability): Role[] {
    return [...this.roles.entries()].filter(([key]) => key.split('-').includes(capability)).map(([, role]) => role);
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
      role = new InlineRole(this, `Role-${roleKey}`, {
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
      // The Tracer is external to the bundles (bundling.ts): with tracing on it comes from this layer.
      layers: config.tracing ? [this.powertoolsLayer()] : undefined,
      description: `${kind}: ${handler}`,
      environment: {
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_TRACE_ENABLED: String(config.tracing),
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

  /**
   * Powertools' own Lambda layer, of the version package-lock.json pins, by the public SSM parameter
   * Powertools publishes for each release in each region (resolved at deploy time).
   */
  private powertoolsLayer(): ILayerVersion {
    if (!this.tracerLayer) {
      const manifest = path.join(this.resources.projectRoot, 'node_modules/@aws-lambda-powertools/tracer/package.json');
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
      const arn = StringParameter.valueForStringParameter(this, `/aws/service/powertools/typescript/generic/all/${version}`);
      this.tracerLayer = LayerVersion.fromLayerVersionArn(this, 'PowertoolsLayer', arn);
    }
    return this.tracerLayer;
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

  private readonly acknowledged = new Set<string>();

  private acknowledgeOnce(role: Role, id: string, reason: string): void {
    const key = `${role.node.path} ${id}`;
    if (this.acknowledged.has(key)) return;
    this.acknowledged.add(key);
    acknowledge(role, id, reason);
  }

  private grantCognito(role: Role, actions: string[], kind: FunctionKind, fn: NodejsFunction): void {
    const stack = Stack.of(this);
    if (kind === 'trigger') {
      // A trigger cannot name its own pool (the pool refers to the trigger: a cycle); it reads the
      // pool id from the event instead and may act on this account's pools in this region.
      role.addToPrincipalPolicy(new PolicyStatement({ actions, resources: [stack.formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' })] }));
      this.acknowledgeOnce(
        role,
        `AwsSolutions-IAM5[Resource::arn:${pseudo(stack.partition, 'Partition')}:cognito-idp:${pseudo(stack.region, 'Region')}:${pseudo(stack.account, 'AccountId')}:userpool/*]`,
        'A Cognito trigger cannot reference the ARN of the pool that invokes it (circular dependency); scoped to user pools of this account and region.',
      );
      return;
    }
    if (!this.userPool) throw new Error(`${fn.node.path}: the user pool must exist before functions that use Cognito`);
    role.addToPrincipalPolicy(new PolicyStatement({ actions, resources: [this.userPool.userPoolArn] }));
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
            sid: 'EventStoreRead',
            actions: EVENT_STORE_READ,
            resources: [eventsTable.tableArn, ...indexArns(eventsTable, eventsTableDefinition)],
          }),
        );
        fn.addEnvironment('EVENTS_TABLE', eventsTable.tableName);
        return;
      case 'eventStoreAppend':
        role?.addToPrincipalPolicy(new PolicyStatement({ sid: 'EventStoreAppend', actions: EVENT_STORE_APPEND, resources: [eventsTable.tableArn] }));
        return;
      case 'eventStoreMark':
        role?.addToPrincipalPolicy(new PolicyStatement({ sid: 'EventStoreMark', actions: EVENT_STORE_MARK, resources: [eventsTable.tableArn] }));
        return;
      case 'views':
        role?.addToPrincipalPolicy(
          new PolicyStatement({ sid: 'ViewsRead', actions: VIEWS_READ, resources: [viewsTable.tableArn, ...indexArns(viewsTable, viewsTableDefinition)] }),
        );
        fn.addEnvironment('VIEWS_TABLE', viewsTable.tableName);
        return;
      case 'viewsWrite':
        role?.addToPrincipalPolicy(new PolicyStatement({ sid: 'ViewsWrite', actions: VIEWS_WRITE, resources: [viewsTable.tableArn] }));
        return;
      case 'viewsCount':
        role?.addToPrincipalPolicy(new PolicyStatement({ sid: 'ViewsQuotaCounters', actions: VIEWS_COUNT, resources: [viewsTable.tableArn], conditions: onlyKeys(QUOTA_KEY_PREFIX) }));
        return;
      case 'viewsClaim':
        role?.addToPrincipalPolicy(new PolicyStatement({ sid: 'ViewsIdempotencyClaims', actions: VIEWS_CLAIM, resources: [viewsTable.tableArn], conditions: onlyKeys(IDEMPOTENCY_KEY_PREFIX) }));
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
        // The runtime names the bus in every handler that builds it; only publishers may put events.
        fn.addEnvironment('EVENT_BUS_NAME', bus.eventBusName);
        return;
      case 'publish':
        if (role) bus.grantPutEventsTo(role);
        return;
      case 'cognito':
        // The pool's id for the identity adapter; what it may do there comes with the verbs below.
        if (kind !== 'trigger') {
          if (!this.userPool) throw new Error(`${fn.node.path}: the user pool must exist before functions that use Cognito`);
          fn.addEnvironment('USER_POOL_ID', this.userPool.userPoolId);
        }
        return;
      case 'cognitoGroups':
      case 'cognitoSignOut':
      case 'cognitoPassword':
      case 'cognitoAttributes':
        if (role) this.grantCognito(role, COGNITO_ACTIONS[capability]!, kind, fn);
        return;
      case 'uploads':
        fn.addEnvironment('UPLOADS_BUCKET', uploadsBucket.bucketName);
        fn.addEnvironment('UPLOADS_INCOMING_PREFIX', UPLOADS_INCOMING_PREFIX);
        return;
      case 'uploadsPut':
      case 'uploadsGet':
      case 'uploadsDelete':
        if (!role) return;
        role.addToPrincipalPolicy(new PolicyStatement({ actions: UPLOAD_OBJECT_ACTIONS[capability], resources: [uploadsBucket.arnForObjects('*')] }));
        // HeadObject on a missing key answers 404 (not 403) only with ListBucket.
        if (capability === 'uploadsGet') role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [uploadsBucket.bucketArn] }));
        this.acknowledgeOnce(
          role,
          `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(uploadsBucket.node.defaultChild as never)}.Arn>/*]`,
          'Upload keys are generated per project and file at request time, so object access is granted on the uploads bucket’s keys; the bucket holds nothing else.',
        );
        return;
      case 'bedrock': {
        const modelId = config.bedrockModelId;
        const profile = INFERENCE_PROFILE.exec(modelId);
        // Converse is authorised as InvokeModel; nothing streams.
        const actions = ['bedrock:InvokeModel'];
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
            // SESv2 SendEmail with simple content.
            actions: ['ses:SendEmail'],
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
