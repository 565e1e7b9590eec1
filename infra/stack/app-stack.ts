import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Stack, Validations, type CfnElement, type StackProps } from 'aws-cdk-lib';
import { Construct as ConstructScope } from 'constructs';
import type { IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { consumers, realtimeRoutes, routes, schedules, triggers } from '../routes.js';
import { AccessLogs } from './access-logs.js';
import { ApiGatewayAccount } from './api-gateway-account.js';
import { ServiceAlarms } from './alarms.js';
import { Backups } from './backup.js';
import { OperationsDashboard } from './dashboard.js';
import { SafeDeploys } from './deploy.js';
import { FunctionThrottleAlarms } from './throttle-alarms.js';
import { Mail } from './mail.js';
import { Api } from './api.js';
import { Auth } from './auth.js';
import { isPlaceholderSender, type StackConfig } from './config.js';
import { Data } from './data.js';
import { DeletionProtection } from './deletion-protection.js';
import { Consumers, EventsBus } from './events.js';
import { HandlerFunctions, type FunctionKind, type HandlerFunction } from './functions.js';
import { Monitoring } from './monitoring.js';
import { ORIGIN_HEADER, OriginSecret } from './origin-secret.js';
import { Realtime, REALTIME_STAGE } from './realtime.js';
import { NotificationsKey } from './notifications-key.js';
import { Site } from './site.js';
import { Uploads } from './uploads.js';
import { WebAcl } from './waf.js';

/** The repository root: handler entry paths in infra/routes.ts are relative to it. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface DesignClubStackProps extends StackProps {
  config: StackConfig;
  /** Defaults to the repository root. */
  projectRoot?: string;
  /** The tables of infra/routes.ts; defaults to the real ones (tests may pass variations). */
  table?: {
    routes?: typeof routes;
    consumers?: typeof consumers;
    triggers?: typeof triggers;
    schedules?: typeof schedules;
    realtimeRoutes?: typeof realtimeRoutes;
  };
}

/**
 * The whole system in one stack and its nested stacks (DESIGN.md §6), generated from infra/routes.ts
 * and shared/tables.ts: the functions in one nested stack per feature (functions/feature-stacks.ts),
 * the HTTP routes in `Routes` (routes-stack.ts), everything else here.
 * Split by concern: data (tables), events (bus, archive, consumer and schedule rules), auth (user
 * pool), api (HTTP API), realtime (WebSocket API), site (CloudFront, SPA), uploads, functions (one per
 * handler, grants derived from imports), monitoring (DLQs, alarms).
 */
export class DesignClubStack extends Stack {
  readonly config: StackConfig;
  readonly data: Data;
  readonly events: EventsBus;
  readonly uploads: Uploads;
  readonly api: Api;
  readonly realtime: Realtime;
  readonly site: Site;
  readonly functions: HandlerFunctions;
  readonly auth: Auth;
  readonly consumers: Consumers;
  readonly monitoring: Monitoring;
  readonly mail: Mail;
  readonly alarms: ServiceAlarms;
  readonly dashboard: OperationsDashboard;
  readonly deploys: SafeDeploys;
  private readonly throttleAlarms = new Map<string, IAlarm>();
  readonly backups: Backups;
  readonly siteBuilt: boolean;
  /** The web ACL the stack created (prod, or `waf=true`), if any. */
  readonly webAcl?: WebAcl;
  readonly originSecret: OriginSecret;

  constructor(scope: Construct, id: string, props: DesignClubStackProps) {
    super(scope, id, props);
    const config = (this.config = props.config);
    const projectRoot = props.projectRoot ?? PROJECT_ROOT;
    const table = {
      routes: props.table?.routes ?? routes,
      consumers: props.table?.consumers ?? consumers,
      triggers: props.table?.triggers ?? triggers,
      schedules: props.table?.schedules ?? schedules,
      realtimeRoutes: props.table?.realtimeRoutes ?? realtimeRoutes,
    };

    this.monitoring = new Monitoring(this, 'Monitoring', { alarmEmail: config.alarmEmail });
    this.mail = new Mail(this, 'Mail', { stage: config.stage });
    if (isPlaceholderSender(config.senderEmail)) {
      Validations.of(this.mail).addWarning(
        'PlaceholderSender',
        `No e-mail can be sent: the sender "${config.senderEmail}" is the example default, which nobody can verify ` +
          `in SES (invitations, notifications, password resets through SES all fail). ` +
          ('Verify an address or domain of your own in SES (docs/deploy.md §1.4) and deploy with -c ' +
            'senderEmail=you@your-domain.'),
      );
    }
    const accessLogs = new AccessLogs(this, 'AccessLogs');
    this.data = new Data(this, 'Data', {
      stage: config.stage,
      eventsGeneration: config.eventsGeneration,
      nextEventsGeneration: config.nextEventsGeneration,
    });
    this.events = new EventsBus(this, 'Events', { stage: config.stage });
    this.uploads = new Uploads(this, 'Uploads', { accessLogs: accessLogs.bucket });
    // Created by the operator before the first deploy (docs/deploy.md); only referenced here.
    const stripeSecret = Secret.fromSecretNameV2(this, 'StripeSecret', config.stripeSecretName);

    this.api = new Api(this, 'Api', { stage: config.stage, retention: config.logRetentionDays });
    this.realtime = new Realtime(this, 'Realtime', { stage: config.stage, retention: config.logRetentionDays });
    // The WebSocket stage's access logs need the region's API Gateway logging role first.
    this.realtime.stage.node.addDependency(
      new ApiGatewayAccount(this, 'ApiGatewayAccount', { stage: config.stage }).account,
    );
    if (config.createWebAcl)
      this.webAcl = new WebAcl(this, 'Waf', { stage: config.stage, rateLimit: config.wafRateLimit });
    this.originSecret = new OriginSecret(this, 'OriginSecret', {
      stage: config.stage,
      generation: config.originSecretGeneration,
    });
    this.site = new Site(this, 'Site', {
      config,
      projectRoot,
      apiOriginDomain: this.api.originDomain,
      realtimeUrl: this.realtime.url,
      accessLogs: accessLogs.bucket,
      webAclArn: config.webAclArn ?? this.webAcl?.arn,
      originHeader: { name: ORIGIN_HEADER, value: this.originSecret.current },
    });
    this.uploads.allowOrigins(this.site.origins);

    this.functions = new HandlerFunctions(this, 'Functions', {
      config,
      projectRoot,
      eventsTable: this.data.eventsTable,
      viewsTable: this.data.viewsTable,
      connectionsTable: this.data.connectionsTable,
      keysTable: this.data.keysTable,
      dataKey: this.data.dataKey,
      bus: this.events.bus,
      uploadsBucket: this.uploads.bucket,
      stripeSecret,
      siteUrl: this.site.url,
      realtime: {
        managementEndpoint: this.realtime.managementEndpoint,
        postToConnectionsArn: this.realtime.postToConnectionsArn,
        apiLogicalId: this.getLogicalId(this.realtime.api.node.defaultChild as CfnElement),
        stageName: this.realtime.stage.stageName,
      },
      mailConfigurationSet: this.mail.configurationSetName,
    });

    this.auth = new Auth(this, 'Auth', { config, triggers: table.triggers, functions: this.functions });
    // biome-ignore lint/correctness/useHookAtTopLevel: a CDK construct's method, not a React hook.
    this.functions.useUserPool(this.auth.userPool, this.auth.client);

    this.api.addRoutes({
      routes: table.routes,
      functions: this.functions,
      userPool: this.auth.userPool,
      client: this.auth.client,
      originSecret: this.originSecret.accepted,
    });
    this.realtime.addRoutes(table.realtimeRoutes, this.functions);

    this.consumers = new Consumers(this, 'Consumers', {
      bus: this.events.bus,
      consumers: table.consumers,
      schedules: table.schedules,
      functions: this.functions,
      monitoring: this.monitoring,
    });

    this.events.restrictPublishers(this.functions.rolesWith('publish'));
    const notificationsKey = new NotificationsKey(this, 'NotificationsKey', {
      stage: config.stage,
      projectRoot,
      functions: this.functions,
    });

    this.siteBuilt = this.site.deploy({ userPool: this.auth.userPool, client: this.auth.client }).built;

    // Operations: user-facing alarms, the dashboard, gradual deploys with rollback, backups.
    this.alarms = new ServiceAlarms(this, 'Alarms', {
      monitoring: this.monitoring,
      api: this.api.httpApi,
      tables: [this.data.eventsTable, this.data.viewsTable, this.data.connectionsTable],
      mail: this.mail,
      distribution: this.site.distribution,
    });
    const functionAlarms = new ConstructScope(this.monitoring, 'FunctionErrors');
    for (const entry of this.functions.all()) {
      if (
        !this.monitoring.errorAlarms.has(entry.alias) &&
        (entry.kinds.has('trigger') || entry.kinds.has('realtime'))
      ) {
        this.monitoring.functionErrors(
          new ConstructScope(functionAlarms, entry.name),
          `${[...entry.kinds].join('/')} ${entry.name}`,
          entry.alias,
        );
      }
    }
    // Each function's own throttles roll its deployment back, not the account's (throttle-alarms.ts).
    // They live beside the function, in its feature's nested stack (feature-stacks.ts), where its
    // deployment group watches them; the triggers' stay in the parent with the triggers.
    const everyFunction = this.functions.all();
    const byStack = new Map<Stack, HandlerFunction[]>();
    for (const entry of everyFunction)
      byStack.set(Stack.of(entry.alias), [...(byStack.get(Stack.of(entry.alias)) ?? []), entry]);
    for (const [stack, members] of byStack) {
      const alarms =
        stack === this
          ? new FunctionThrottleAlarms(this.monitoring, 'TriggerThrottles', { functions: members })
          : new FunctionThrottleAlarms(stack, 'Throttles', { functions: members });
      for (const [handler, alarm] of alarms.byHandler) this.throttleAlarms.set(handler, alarm);
    }
    // CodeDeploy: the application and service role here, one group per function beside the alias
    // whose UpdatePolicy names it (deploy.ts says why it must be the same stack).
    this.deploys = new SafeDeploys(this, 'Deploys', {
      stage: config.stage,
      ignoreAlarms: config.deployIgnoreAlarms,
      functions: everyFunction,
      alarmsFor: (entry, kinds) => this.deploymentAlarms(entry, kinds),
    });
    this.backups = new Backups(this, 'Backups', {
      stage: config.stage,
      eventsTable: this.data.eventsTable,
      uploadsBucket: this.uploads.bucket,
      copyRegion: config.backupCopyRegion,
      topic: this.monitoring.topic,
    });
    this.dashboard = new OperationsDashboard(this, 'Dashboard', {
      stage: config.stage,
      api: this.api.httpApi,
      routes: table.routes,
      functions: this.functions.all(),
      tables: [
        { name: 'events', table: this.data.eventsTable },
        { name: 'views', table: this.data.viewsTable },
        { name: 'connections', table: this.data.connectionsTable },
      ],
      bus: this.events.bus,
      rules: [
        ...[...this.consumers.rules].map(([name, rule]) => ({
          name,
          rule,
          onBus: !table.schedules.some((schedule) => schedule.name === name),
        })),
        ...[...this.consumers.redriveRules].map(([name, rule]) => ({ name: `${name} redrive`, rule, onBus: true })),
      ],
      deadLetterQueues: this.monitoring.deadLetterQueues,
      realtimeApiId: this.realtime.api.apiId,
      realtimeStage: REALTIME_STAGE,
      mail: this.mail,
      distribution: this.site.distribution,
      alarms: [...this.monitoring.alarms, this.alarms.usersAffected],
    });

    const output = (name: string, value: string, description: string) =>
      new CfnOutput(this, name, { value, description });
    output('SiteUrl', this.site.url, 'The site (and the API under /api)');
    output('DistributionId', this.site.distribution.distributionId, 'CloudFront distribution');
    output('Region', this.region, 'Region of the stack');
    output('UserPoolId', this.auth.userPool.userPoolId, 'Cognito user pool (npm run admin:add)');
    output('UserPoolClientId', this.auth.client.userPoolClientId, 'SPA app client');
    output(
      'HttpApiUrl',
      this.api.httpApi.apiEndpoint,
      'The HTTP API’s own endpoint: it answers only requests that come through the site (SiteUrl/api), which adds ' +
        'the origin header',
    );
    output('EventsTableName', this.data.eventsTable.tableName, 'Event store (npm run replay)');
    // Read back by the deploy's preflight (infra/deploy/checks/events-generation.ts): no deploy to a lower one.
    output('EventsGeneration', String(config.eventsGeneration), 'Generation of EventsTableName');
    if (this.data.nextEventsTable)
      output(
        'NextEventsTableName',
        this.data.nextEventsTable.tableName,
        'The next events table generation, used by nothing yet (npm run migrate:sealing --into)',
      );
    output('ViewsTableName', this.data.viewsTable.tableName, 'Projections');
    output('KeysTableName', this.data.keysTable.tableName, 'Wrapped data keys of personal fields (npm run replay)');
    output('DataKeyArn', this.data.dataKey.keyArn, 'KMS key wrapping the data keys (npm run replay: KMS_KEY_ID)');
    output('RealtimeUrl', this.realtime.url, 'Live updates (WebSocket)');
    output('ConnectionsTableName', this.data.connectionsTable.tableName, 'Open WebSocket connections');
    output('EventBusName', this.events.bus.eventBusName, 'Event bus');
    output('UploadsBucketName', this.uploads.bucket.bucketName, 'Project files');
    output('SiteBucketName', this.site.bucket.bucketName, 'The SPA');
    output('AlarmTopicArn', this.monitoring.topic.topicArn, 'Subscribe to receive alarms');
    output('StripeSecretName', config.stripeSecretName, 'Secrets Manager secret with the Stripe keys');
    output('DashboardUrl', this.dashboard.url, 'The operations dashboard');
    output('DashboardName', this.dashboard.dashboardName, 'CloudWatch dashboard');
    output(
      'CodeDeployApplication',
      this.deploys.application.applicationName,
      'Gradual deployments of the functions (rollback here)',
    );
    output('BackupVaultName', this.backups.vault.backupVaultName, 'AWS Backup vault (events table, uploads bucket)');
    output(
      'NotificationsKeySecretName',
      notificationsKey.secret.secretName,
      'The unsubscribe links’ key, kept when the stack is deleted (docs/deploy.md 10)',
    );
    output(
      'DeletionProtectionStatus',
      DeletionProtection.of(this).parameter.valueAsString,
      'Deletion protection of the events table and the user pool ("false" only until npm run deploy has finished the ' +
        'first create)',
    );
    output('SesConfigurationSet', this.mail.configurationSetName, 'SES configuration set of every product e-mail');
    output(
      'DeadLetterQueues',
      this.toJsonString(
        Object.fromEntries(
          this.monitoring.deadLetterQueues.map((dlq) => [dlq.row, { kind: dlq.kind, url: dlq.queue.queueUrl }]),
        ),
      ),
      'Dead-letter queue of each consumer and schedule (npm run redrive)',
    );
  }

  /** The alarms that roll back a deployment of this function: what its kinds of work would break. */
  private deploymentAlarms(entry: HandlerFunction, kinds: ReadonlySet<FunctionKind>) {
    const throttles = this.throttleAlarms.get(entry.handler);
    if (!throttles) throw new Error(`${entry.handler}: no throttles alarm`);
    const alarms = new Set<IAlarm>([throttles]);
    const own = this.monitoring.errorAlarms.get(entry.alias);
    if (own) alarms.add(own);
    if (kinds.has('api')) for (const alarm of this.alarms.apiDeploymentAlarms) alarms.add(alarm);
    if (kinds.has('consumer')) alarms.add(this.alarms.consumerLag);
    if (kinds.has('schedule')) alarms.add(this.alarms.outboxAge);
    return [...alarms];
  }
}
