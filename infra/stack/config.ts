import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';

/**
 * Everything a deployment can vary, read from CDK context (`cdk.json`, or `-c key=value` on the
 * command line). Defaults live in `cdk.json`; the ones here only cover a missing `cdk.json` entry.
 */
export interface StackConfig {
  /** Names resources and the runtime config; e.g. `prod`, `staging`, `dev-alice`. */
  stage: string;
  /**
   * Bedrock model (or cross-region inference profile, e.g. `us.anthropic...`) the checklist uses.
   * Unset: DEFAULT_BEDROCK_MODEL through the inference profile of the stack's geography.
   */
  bedrockModelId: string;
  /** Optional custom domain for the site (and the API behind it), with an ACM certificate in us-east-1. */
  domainName?: string;
  certificateArn?: string;
  /** An existing AWS WAF web ACL (CLOUDFRONT scope, us-east-1) to attach instead of the stack's own. */
  webAclArn?: string;
  /**
   * The stack creates its own web ACL (waf.ts) when no `webAclArn` is given: always for `prod`,
   * elsewhere when the `waf` context is true.
   */
  createWebAcl: boolean;
  /** Requests one client IP may make in 5 minutes before the web ACL blocks it (WAF's rate rule). */
  wafRateLimit: number;
  /** Raise it to rotate the CloudFront → API origin secret (origin-secret.ts). */
  originSecretGeneration: number;
  /** Cognito threat protection (Plus feature plan): off, audit (log risks) or enforced (block them). */
  threatProtection: ThreatProtection;
  /** Stripe price ids for the two plans. */
  stripePriceStarter: string;
  stripePriceProBuilder: string;
  /** Secrets Manager secret (name) holding the Stripe keys; create it before the first deploy. */
  stripeSecretName: string;
  /** Verified SES identity (address, or an address of a verified domain) the app sends from. */
  senderEmail: string;
  /**
   * The verified SES domain identity `senderEmail` belongs to, when the domain (not the address) is
   * what was verified: Cognito's SES settings must then name the domain identity.
   */
  sesVerifiedDomain?: string;
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
   * The events table the handlers use, by generation (data.ts): 1 is the first table. A new
   * generation is a new table; the one left is retained, not deleted (docs/operations.md).
   */
  eventsGeneration: number;
  /** A next generation's table, created beside the one in use and used by nothing yet: a migration's target. */
  nextEventsGeneration?: number;
  /**
   * CodeDeploy ignores the alarms for this deploy: to ship the fix for an incident whose alarm is
   * still firing (CodeDeploy would otherwise stop the deploy at once). Failed deploys still roll back.
   */
  deployIgnoreAlarms: boolean;
}

export const THREAT_PROTECTION = ['off', 'audit', 'enforced'] as const;
export type ThreatProtection = (typeof THREAT_PROTECTION)[number];

/** The model of the checklist when `bedrockModelId` is not set; invoked through the region's geography. */
export const DEFAULT_BEDROCK_MODEL = 'anthropic.claude-haiku-4-5-20251001-v1:0';

/**
 * Cross-region inference profile prefix by the stack's region: Anthropic's current models are
 * invoked only through a profile, and a profile exists only for its geography's source regions.
 */
export function inferenceProfilePrefix(region: string): 'us' | 'eu' | 'apac' | undefined {
  if (/^us-(east|west)-\d$/.test(region)) return 'us';
  if (/^eu-[a-z]+-\d$/.test(region)) return 'eu';
  if (/^ap-[a-z]+-\d$/.test(region)) return 'apac';
  return undefined;
}

/** The model id the checklist uses in `region` when `bedrockModelId` is not set. */
export function defaultBedrockModel(region: string): string {
  const prefix = inferenceProfilePrefix(region);
  if (!prefix) {
    throw new ConfigError(
      `No default Bedrock model for region ${region}: the default (${DEFAULT_BEDROCK_MODEL}) is invoked through a ` +
        `US, EU or APAC inference profile, from us-*, eu-* or ap-* regions. ` +
        'Pick a model or inference profile offered in this region (aws bedrock list-inference-profiles --region ' +
        region +
        ') and set it with -c bedrockModelId=…',
    );
  }
  return `${prefix}.${DEFAULT_BEDROCK_MODEL}`;
}

/** The defaults in cdk.json that only stand in for a real value: a prod synth refuses them. */
export const PLACEHOLDER_PRICE = /placeholder/i;
/** Reserved example domains (RFC 2606): nobody receives mail sent from them. */
const EXAMPLE_DOMAIN = /@(?:[^@]+\.)?example\.(?:com|org|net)$/i;
/** Nobody can verify the sender of a reserved example domain in SES: no mail can leave with it. */
export const isPlaceholderSender = (address: string) => EXAMPLE_DOMAIN.test(address);

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
  if (!allowed.includes(days))
    throw new ConfigError(`Context "logRetentionDays" must be one of ${allowed.join(', ')}, got ${days}.`);
  return days as RetentionDays;
}

/** `region`: the stack's (the default Bedrock model depends on it). */
export function readConfig(node: Node, region = 'us-east-1'): StackConfig {
  const get = (key: string) => node.tryGetContext(key) as unknown;
  const stage = optional(get('stage')) ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new ConfigError(`Context "stage" must be lower-case letters, digits and dashes (max 20), got "${stage}".`);
  }
  const config: StackConfig = {
    stage,
    bedrockModelId: optional(get('bedrockModelId')) ?? defaultBedrockModel(region),
    domainName: optional(get('domainName')),
    certificateArn: optional(get('certificateArn')),
    webAclArn: optional(get('webAclArn')),
    stripePriceStarter: optional(get('stripePriceStarter')) ?? 'price_starter_placeholder',
    stripePriceProBuilder: optional(get('stripePriceProBuilder')) ?? 'price_pro_builder_placeholder',
    stripeSecretName: optional(get('stripeSecretName')) ?? `design-club/${stage}/stripe`,
    senderEmail: optional(get('senderEmail')) ?? 'no-reply@example.com',
    sesVerifiedDomain: optional(get('sesVerifiedDomain'))?.toLowerCase(),
    cognitoEmailViaSes: bool(get('cognitoEmailViaSes'), false),
    alarmEmail: optional(get('alarmEmail')),
    siteDir: optional(get('siteDir')) ?? 'web/dist',
    logRetentionDays: retention(Number(optional(get('logRetentionDays')) ?? 30)),
    tracing: bool(get('tracing'), false),
    createWebAcl: false,
    wafRateLimit: Number(optional(get('wafRateLimit')) ?? 2000),
    originSecretGeneration: Number(optional(get('originSecretGeneration')) ?? 1),
    threatProtection: (optional(get('threatProtection')) ?? 'off') as ThreatProtection,
    backupCopyRegion: optional(get('backupCopyRegion')),
    eventsGeneration: Number(optional(get('eventsGeneration')) ?? 1),
    nextEventsGeneration:
      optional(get('nextEventsGeneration')) === undefined ? undefined : Number(get('nextEventsGeneration')),
    deployIgnoreAlarms: bool(get('deployIgnoreAlarms'), false),
  };
  if (config.backupCopyRegion && !/^[a-z]{2}(-gov)?-[a-z]+-\d$/.test(config.backupCopyRegion)) {
    throw new ConfigError(
      `Context "backupCopyRegion" must be a region name such as eu-west-1, got "${config.backupCopyRegion}".`,
    );
  }
  config.createWebAcl = !config.webAclArn && (stage === 'prod' || bool(get('waf'), false));
  if (!THREAT_PROTECTION.includes(config.threatProtection)) {
    throw new ConfigError(
      `Context "threatProtection" must be one of ${THREAT_PROTECTION.join(', ')}, got "${config.threatProtection}".`,
    );
  }
  // WAF's rate-based rules count per 5 minutes and accept 10 to 2,000,000,000.
  if (!Number.isInteger(config.wafRateLimit) || config.wafRateLimit < 10 || config.wafRateLimit > 2_000_000_000) {
    throw new ConfigError(
      `Context "wafRateLimit" must be a whole number of requests per 5 minutes from 10 up, got ` +
        `"${String(get('wafRateLimit'))}".`,
    );
  }
  if (!Number.isInteger(config.eventsGeneration) || config.eventsGeneration < 1) {
    throw new ConfigError(
      `Context "eventsGeneration" must be a whole number from 1 up, got "${String(get('eventsGeneration'))}".`,
    );
  }
  if (
    config.nextEventsGeneration !== undefined &&
    (!Number.isInteger(config.nextEventsGeneration) || config.nextEventsGeneration <= config.eventsGeneration)
  ) {
    throw new ConfigError(
      `Context "nextEventsGeneration" must be a whole number above eventsGeneration (${config.eventsGeneration}), ` +
        `got "${String(get('nextEventsGeneration'))}".`,
    );
  }
  if (!Number.isInteger(config.originSecretGeneration) || config.originSecretGeneration < 1) {
    throw new ConfigError(
      `Context "originSecretGeneration" must be a whole number from 1 up, got ` +
        `"${String(get('originSecretGeneration'))}".`,
    );
  }
  if (
    config.webAclArn &&
    !/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[^/]+\/[0-9a-f-]+$/.test(config.webAclArn)
  ) {
    throw new ConfigError(
      'Context "webAclArn" must be the ARN of a WAFv2 web ACL with CLOUDFRONT scope ' +
        '(arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>).',
    );
  }
  if (Boolean(config.domainName) !== Boolean(config.certificateArn)) {
    throw new ConfigError(
      'Context "domainName" and "certificateArn" go together: set both (certificate in us-east-1) or neither.',
    );
  }
  if (config.certificateArn && !/^arn:aws[a-z-]*:acm:us-east-1:/.test(config.certificateArn)) {
    throw new ConfigError(
      'Context "certificateArn" must be an ACM certificate in us-east-1 (CloudFront only uses certificates there).',
    );
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(config.senderEmail)) {
    throw new ConfigError(`Context "senderEmail" must be an e-mail address, got "${config.senderEmail}".`);
  }
  if (config.sesVerifiedDomain && config.senderEmail.split('@')[1]!.toLowerCase() !== config.sesVerifiedDomain) {
    throw new ConfigError(
      `Context "sesVerifiedDomain" (${config.sesVerifiedDomain}) must be the domain of "senderEmail" ` +
        `(${config.senderEmail}): Cognito sends from an address of the verified domain.`,
    );
  }
  if (config.cognitoEmailViaSes && isPlaceholderSender(config.senderEmail)) {
    // Cognito checks the identity when the pool is created: the deploy would fail there.
    throw new ConfigError(
      `Context "cognitoEmailViaSes" needs a sender verified in SES, not the example default "${config.senderEmail}": ` +
        `set -c senderEmail=you@your-domain (verified in SES), or leave cognitoEmailViaSes false.`,
    );
  }
  if (stage === 'prod') checkProductionSettings(config);
  return config;
}

/**
 * A production deployment with a stand-in value fails later and quietly (mail from a domain nobody
 * owns, checkout against a price that does not exist, alarms nobody hears): refuse it at synth,
 * naming every setting that is missing at once.
 */
export function checkProductionSettings(config: StackConfig): void {
  const missing: string[] = [];
  if (EXAMPLE_DOMAIN.test(config.senderEmail)) {
    missing.push(
      `"senderEmail": a verified SES sender of your own domain (not the example default "${config.senderEmail}")`,
    );
  }
  if (!config.alarmEmail) missing.push('"alarmEmail": the address that receives the alarms');
  for (const key of ['stripePriceStarter', 'stripePriceProBuilder'] as const) {
    const value = config[key];
    if (PLACEHOLDER_PRICE.test(value) || !/^price_[A-Za-z0-9]+$/.test(value)) {
      missing.push(`"${key}": the Stripe price id (price_…) of the plan (got "${value}")`);
    }
  }
  if (!config.domainName || !config.certificateArn) {
    missing.push('"domainName" and "certificateArn": the custom domain and its ACM certificate in us-east-1');
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `stage=prod needs real settings; missing or placeholder:\n  - ${missing.join('\n  - ')}\n` +
        'Set them with -c key=value (or in cdk.json); see docs/deploy.md.',
    );
  }
}
