import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';

/**
 * Everything a deployment can vary, read from CDK context (`cdk.json`, or `-c key=value` on the
 * command line). Defaults live in `cdk.json`; the ones here only cover a missing `cdk.json` entry.
 */
export interface StackConfig {
  /** Names resources and the runtime config; e.g. `prod`, `staging`, `dev-alice`. */
  stage: string;
  /** Bedrock model (or cross-region inference profile, e.g. `us.anthropic...`) the checklist uses. */
  bedrockModelId: string;
  /** Optional custom domain for the site (and the API behind it), with an ACM certificate in us-east-1. */
  domainName?: string;
  certificateArn?: string;
  /** Optional AWS WAF web ACL (CLOUDFRONT scope, us-east-1) to attach to the distribution. */
  webAclArn?: string;
  /** Stripe price ids for the two plans. */
  stripePriceStarter: string;
  stripePriceProBuilder: string;
  /** Secrets Manager secret (name) holding the Stripe keys; create it before the first deploy. */
  stripeSecretName: string;
  /** Verified SES identity (address) the app sends from. */
  senderEmail: string;
  /** Cognito sends its own mails (password reset) through SES from `senderEmail` instead of its 50-a-day default. */
  cognitoEmailViaSes: boolean;
  /** Optional address subscribed to the alarm topic. */
  alarmEmail?: string;
  /** Built SPA to deploy (relative to the repository root). */
  siteDir: string;
  /** Days to keep Lambda and API access logs (a CloudWatch Logs retention value). */
  logRetentionDays: RetentionDays;
  /** Active X-Ray tracing on every function. */
  tracing: boolean;
  /** Optional second region the daily backups are copied to (backup.ts). */
  backupCopyRegion?: string;
  /**
   * CodeDeploy ignores the alarms for this deploy: to ship the fix for an incident whose alarm is
   * still firing (CodeDeploy would otherwise stop the deploy at once). Failed deploys still roll back.
   */
  deployIgnoreAlarms: boolean;
}

const optional = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
};

const bool = (value: unknown, fallback: boolean): boolean =>
  value === undefined ? fallback : value === true || value === 'true';

export class ConfigError extends Error {}

function retention(days: number): RetentionDays {
  const allowed = Object.values(RetentionDays).filter((value): value is number => typeof value === 'number');
  if (!allowed.includes(days)) throw new ConfigError(`Context "logRetentionDays" must be one of ${allowed.join(', ')}, got ${days}.`);
  return days as RetentionDays;
}

export function readConfig(node: Node): StackConfig {
  const get = (key: string) => node.tryGetContext(key) as unknown;
  const stage = optional(get('stage')) ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new ConfigError(`Context "stage" must be lower-case letters, digits and dashes (max 20), got "${stage}".`);
  }
  const config: StackConfig = {
    stage,
    bedrockModelId: optional(get('bedrockModelId')) ?? 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
    domainName: optional(get('domainName')),
    certificateArn: optional(get('certificateArn')),
    webAclArn: optional(get('webAclArn')),
    stripePriceStarter: optional(get('stripePriceStarter')) ?? 'price_starter_placeholder',
    stripePriceProBuilder: optional(get('stripePriceProBuilder')) ?? 'price_pro_builder_placeholder',
    stripeSecretName: optional(get('stripeSecretName')) ?? `design-club/${stage}/stripe`,
    senderEmail: optional(get('senderEmail')) ?? 'no-reply@example.com',
    cognitoEmailViaSes: bool(get('cognitoEmailViaSes'), false),
    alarmEmail: optional(get('alarmEmail')),
    siteDir: optional(get('siteDir')) ?? 'web/dist',
    logRetentionDays: retention(Number(optional(get('logRetentionDays')) ?? 30)),
    tracing: bool(get('tracing'), false),
    backupCopyRegion: optional(get('backupCopyRegion')),
    deployIgnoreAlarms: bool(get('deployIgnoreAlarms'), false),
  };
  if (config.backupCopyRegion && !/^[a-z]{2}(-gov)?-[a-z]+-\d$/.test(config.backupCopyRegion)) {
    throw new ConfigError(`Context "backupCopyRegion" must be a region name such as eu-west-1, got "${config.backupCopyRegion}".`);
  }
  if (Boolean(config.domainName) !== Boolean(config.certificateArn)) {
    throw new ConfigError('Context "domainName" and "certificateArn" go together: set both (certificate in us-east-1) or neither.');
  }
  if (config.certificateArn && !/^arn:aws[a-z-]*:acm:us-east-1:/.test(config.certificateArn)) {
    throw new ConfigError('Context "certificateArn" must be an ACM certificate in us-east-1 (CloudFront only uses certificates there).');
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(config.senderEmail)) {
    throw new ConfigError(`Context "senderEmail" must be an e-mail address, got "${config.senderEmail}".`);
  }
  return config;
}
