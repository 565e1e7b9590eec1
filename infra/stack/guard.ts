import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import {
  Validations,
  type IPolicyValidationContextBeta1,
  type IPolicyValidationPluginBeta1,
  type PolicyValidationPluginReportBeta1,
} from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** The plugin's name, which is also the prefix of its rule ids in an acknowledgment. */
export const GUARD_PLUGIN = 'cdk-validator-cfnguard';

/**
 * cfn-guard's Control Tower proactive controls (`@cdklabs/cdk-validator-cfnguard`, which ships the
 * cfn-guard binary), on every template of a stack: CDK hands a policy validation plugin the stacks'
 * own templates only, so this passes each stack's nested templates (written beside it in the cloud
 * assembly, `<stack>…nested.template.json`) along with it. Same name as the plugin it wraps, so a
 * finding is acknowledged as `cdk-validator-cfnguard::<rule>` (acknowledgeGuard).
 */
export class CfnGuardOnAllTemplates implements IPolicyValidationPluginBeta1 {
  readonly name = GUARD_PLUGIN;
  private readonly guard = new CfnGuardValidator({ maxBuffer: 64 * 1024 * 1024 });
  /** Every template it has checked (the tests read it: a gate must be seen to run). */
  readonly checked: string[] = [];

  get version(): string | undefined {
    return this.guard.version;
  }

  get ruleIds(): string[] | undefined {
    return this.guard.ruleIds;
  }

  validate(context: IPolicyValidationContextBeta1): PolicyValidationPluginReportBeta1 {
    const nested = context.templatePaths.flatMap((template) => {
      const dir = path.dirname(template);
      const prefix = path.basename(template, '.template.json').replace(/[^A-Za-z0-9]/g, '');
      return readdirSync(dir)
        .filter((file) => file.endsWith('.nested.template.json') && file.startsWith(prefix))
        .map((file) => path.join(dir, file));
    });
    const templatePaths = [...context.templatePaths, ...nested];
    this.checked.push(...templatePaths);
    return this.guard.validate({ ...context, templatePaths });
  }
}

/**
 * Acknowledges a cfn-guard finding on one construct (and its children), by its rule name, always
 * with the reason: the reasons are the review record (a test lists them).
 */
export function acknowledgeGuard(scope: IConstruct, rule: string, reason: string): void {
  if (!/^[a-z0-9_]+_check$/.test(rule)) throw new Error(`Not a cfn-guard rule name: ${rule}`);
  if (reason.trim().length < 40) throw new Error(`Acknowledgment ${rule} needs a real reason`);
  Validations.of(scope).acknowledge({ id: `${GUARD_PLUGIN}::${rule}`, reason });
}

/** The two findings every log group of the stack has, and why they stand. */
export function logGroupFindings(logGroup: IConstruct, what: string): void {
  acknowledgeGuard(
    logGroup,
    'cloudwatch_log_group_retention_period_check',
    `${what} are operational logs kept "logRetentionDays" (30 by default, a setting): the record of what happened is ` +
      `the event store, kept for good, not the logs.`,
  );
  acknowledgeGuard(
    logGroup,
    'cloudwatch_log_group_encrypted_check',
    `${what} are encrypted at rest by CloudWatch Logs with its service keys; they hold no secrets (tokens and bodies ` +
      `are never logged), so a customer key would add a key policy to run and nothing to protect.`,
  );
}

/**
 * The findings every bucket of the stack has. `purpose` says what the bucket holds and why nothing
 * reacts to its objects and they must stay deletable.
 */
export function bucketFindings(bucket: IConstruct, purpose: string): void {
  acknowledgeGuard(
    bucket,
    's3_bucket_default_encryption_kms_check',
    `SSE-S3 encrypts every object at rest; ${purpose}. A KMS key would have to be granted to every reader (presigned ` +
      `URLs, CloudFront's origin access control, the log delivery) for no narrower access than the bucket policy ` +
      `already gives.`,
  );
  acknowledgeGuard(
    bucket,
    's3_event_notifications_enabled_check',
    `Nothing reacts to objects arriving here: ${purpose}.`,
  );
  acknowledgeGuard(
    bucket,
    's3_bucket_object_lock_enabled_check',
    `Objects here must be deletable (${purpose}); versioning and AWS Backup, not Object Lock, protect what must ` +
      `survive a mistake.`,
  );
}
