import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, Stack, type CfnElement, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { consumers, realtimeRoutes, routes, schedules, triggers } from '../routes.js';
import { AccessLogs } from './access-logs.js';
import { Api } from './api.js';
import { Auth } from './auth.js';
import type { StackConfig } from './config.js';
import { Data } from './data.js';
import { Consumers, EventsBus } from './events.js';
import { HandlerFunctions } from './functions.js';
import { Monitoring } from './monitoring.js';
import { ORIGIN_HEADER, OriginSecret } from './origin-secret.js';
import { Realtime } from './realtime.js';
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
 * The whole system in one stack (DESIGN.md §6), generated from infra/routes.ts and infra/tables.ts.
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
    const accessLogs = new AccessLogs(this, 'AccessLogs');
    this.data = new Data(this, 'Data');
    this.events = new EventsBus(this, 'Events', { stage: config.stage });
    this.uploads = new Uploads(this, 'Uploads', { accessLogs: accessLogs.bucket });
    // Created by the operator before the first deploy (README "Deploy to AWS"); only referenced here.
    const stripeSecret = Secret.fromSecretNameV2(this, 'StripeSecret', config.stripeSecretName);

    this.api = new Api(this, 'Api', { stage: config.stage, retention: config.logRetentionDays });
    this.realtime = new Realtime(this, 'Realtime', { stage: config.stage, retention: config.logRetentionDays });
    if (config.createWebAcl) this.webAcl = new WebAcl(this, 'Waf', { stage: config.stage, rateLimit: config.wafRateLimit });
    this.originSecret = new OriginSecret(this, 'OriginSecret', { stage: config.stage, generation: config.originSecretGeneration });
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
    });

    this.auth = new Auth(this, 'Auth', { config, triggers: table.triggers, functions: this.functions });
    this.functions.useUserPool(this.auth.userPool, this.auth.client);

    this.api.addRoutes({
      routes: table.routes,
      functions: this.functions,
      userPool: this.auth.userPool,
      client: this.auth.client,
      originSecret: this.originSecret.accepted,
    });
    this.realtime.addRoutes(table.realtimeRoutes, this.functions);
    this.monitoring.alarm(
      this.api,
      'ServerErrorsAlarm',
      this.api.httpApi.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
      'The API answered 5xx: see the functions’ logs (correlation id = API request id).',
      5,
    );

    this.consumers = new Consumers(this, 'Consumers', {
      bus: this.events.bus,
      consumers: table.consumers,
      schedules: table.schedules,
      functions: this.functions,
      monitoring: this.monitoring,
    });

    this.events.restrictPublishers(this.functions.rolesWith('publish'));

    this.siteBuilt = this.site.deploy({ userPool: this.auth.userPool, client: this.auth.client }).built;

    const output = (name: string, value: string, description: string) => new CfnOutput(this, name, { value, description });
    output('SiteUrl', this.site.url, 'The site (and the API under /api)');
    output('DistributionId', this.site.distribution.distributionId, 'CloudFront distribution');
    output('Region', this.region, 'Region of the stack');
    output('UserPoolId', this.auth.userPool.userPoolId, 'Cognito user pool (npm run admin:add)');
    output('UserPoolClientId', this.auth.client.userPoolClientId, 'SPA app client');
    output('HttpApiUrl', this.api.httpApi.apiEndpoint, 'The HTTP API’s own endpoint: it answers only requests that come through the site (SiteUrl/api), which adds the origin header');
    output('EventsTableName', this.data.eventsTable.tableName, 'Event store (npm run replay)');
    output('ViewsTableName', this.data.viewsTable.tableName, 'Projections');
    output('RealtimeUrl', this.realtime.url, 'Live updates (WebSocket)');
    output('ConnectionsTableName', this.data.connectionsTable.tableName, 'Open WebSocket connections');
    output('EventBusName', this.events.bus.eventBusName, 'Event bus');
    output('UploadsBucketName', this.uploads.bucket.bucketName, 'Project files');
    output('SiteBucketName', this.site.bucket.bucketName, 'The SPA');
    output('AlarmTopicArn', this.monitoring.topic.topicArn, 'Subscribe to receive alarms');
    output('StripeSecretName', config.stripeSecretName, 'Secrets Manager secret with the Stripe keys');
  }
}
