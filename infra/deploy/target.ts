/**
 * Where `npm run deploy` deploys, asked first, before any build or synth: the region (and where it
 * came from: never a silent default) and whose credentials these are (STS GetCallerIdentity). A
 * missing region or missing credentials stop the deploy within seconds, with the command that fixes
 * it; no flag skips this, since nothing can be checked or deployed without them.
 */
import { STSClient } from '@aws-sdk/client-sts';
import type { AwsCredentialIdentity } from '@smithy/types';
import type { StackNeeds } from './assembly.js';
import { checkCredentials } from './checks/account.js';
import type { Clients } from './preflight.js';

export interface Target {
  account: string;
  /** The caller's ARN. */
  identity: string;
  region: string;
  /** Where the region came from, in words ("AWS_REGION", "the profile dev in ~/.aws/config"). */
  regionSource: string;
}

export type TargetAnswer = { ok: true; target: Target } | { ok: false; message: string };

const CONFIG_FILE = () => process.env.AWS_CONFIG_FILE ?? '~/.aws/config';
const PROFILE = () => process.env.AWS_PROFILE ?? 'default';

export const NO_REGION_FIX = [
  'export AWS_REGION=<region>                 # for this shell, or',
  `aws configure set region <region>${process.env.AWS_PROFILE ? ` --profile ${process.env.AWS_PROFILE}` : ''}   # ` +
    `the profile's region`,
];

/** The region as the SDK and the CDK CLI resolve it, with its source; undefined when there is none. */
export async function resolveRegion(): Promise<{ region: string; source: string } | undefined> {
  if (process.env.AWS_REGION) return { region: process.env.AWS_REGION, source: 'AWS_REGION' };
  if (process.env.AWS_DEFAULT_REGION) return { region: process.env.AWS_DEFAULT_REGION, source: 'AWS_DEFAULT_REGION' };
  const client = new STSClient({});
  try {
    const region = await client.config.region();
    return region ? { region, source: `the profile "${PROFILE()}" in ${CONFIG_FILE()}` } : undefined;
  } catch {
    return undefined;
  } finally {
    client.destroy();
  }
}

/** The region and the caller, or why the deploy cannot start. */
export async function resolveTarget(
  stackName: string,
  options: { endpoint?: string; credentials?: AwsCredentialIdentity; assemblyRegion?: string } = {},
): Promise<TargetAnswer> {
  const resolved = await resolveRegion();
  if (!resolved) {
    return {
      ok: false,
      message: [
        `No AWS region: none in AWS_REGION, AWS_DEFAULT_REGION or the profile "${PROFILE()}" (${CONFIG_FILE()}). ` +
          `Nothing was built or deployed. Set one:`,
        ...NO_REGION_FIX.map((line) => `  ${line}`),
      ].join('\n'),
    };
  }
  if (options.assemblyRegion && options.assemblyRegion !== resolved.region) {
    return {
      ok: false,
      message:
        `The assembly was synthesized for ${options.assemblyRegion}, but your region is ${resolved.region} ` +
        `(from ${resolved.source}). Set AWS_REGION=${options.assemblyRegion}, or synthesize again.`,
    };
  }
  const sts = new STSClient({
    region: resolved.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, socketTimeout: 10_000 },
  });
  try {
    const caller = await checkCredentials({ sts } as unknown as Clients, { stackName } as StackNeeds);
    if (!caller.account) {
      const [result] = caller.results;
      return {
        ok: false,
        message: [
          `AWS credentials: ${result?.detail ?? 'none usable.'} Nothing was built or deployed. Sign in, then run the ` +
            `deploy again:`,
          ...(result?.fix ?? []).map((line) => `  ${line}`),
        ].join('\n'),
      };
    }
    const identity = /^(\S+) in account/.exec(caller.results[0]?.detail ?? '')?.[1] ?? '?';
    return {
      ok: true,
      target: { account: caller.account, identity, region: resolved.region, regionSource: resolved.source },
    };
  } finally {
    sts.destroy();
  }
}
