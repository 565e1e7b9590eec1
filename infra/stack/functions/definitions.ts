import type { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { Alias } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Capability } from '../capabilities.js';
import type { StackConfig } from '../config.js';

export type FunctionKind = 'api' | 'consumer' | 'schedule' | 'trigger' | 'realtime';

/** Must match `EVENT_SOURCE` in functions/platform/event-store/publisher.ts (a test checks it). */
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
  /** The data keys of personal fields, and the stage's KMS key that wraps them (crypto-shredding). */
  keysTable: ITable;
  dataKey: IKey;
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

export interface Sizing {
  memorySize: number;
  timeout: Duration;
}
