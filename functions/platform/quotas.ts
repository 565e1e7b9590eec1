import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { HttpError } from './errors.js';
import type { Runtime } from './runtime.js';

/**
 * Limits on what costs money or mail, per caller and per team: fixed windows counted in the views
 * table (one item per quota, scope and window, `$quota#…`, outside the projections' generations),
 * with a conditional UpdateItem, so concurrent requests cannot overshoot and no other service is
 * needed. Over the limit: 429 with a readable message and `Retry-After`, before anything is
 * appended or sent. Each limit is configuration: the environment variable named here, else the default.
 */
export interface QuotaDefinition {
  /** The environment variable that overrides the limit (a whole number; 0 turns the action off). */
  env: string;
  limit: number;
  windowSeconds: number;
  /** What is counted, for the message: 'checklist generations'. */
  what: string;
  /** Whose count it is, for the message: 'per account', 'per team'. */
  per: string;
}

const HOUR = 3_600;
const DAY = 86_400;

export const QUOTAS = {
  checklists: {
    env: 'QUOTA_CHECKLISTS_PER_HOUR',
    limit: 20,
    windowSeconds: HOUR,
    what: 'checklist generations',
    per: 'per account',
  },
  testEmails: {
    env: 'QUOTA_TEST_EMAILS_PER_HOUR',
    limit: 5,
    windowSeconds: HOUR,
    what: 'test e-mails',
    per: 'per account',
  },
  teamInvites: {
    env: 'QUOTA_TEAM_INVITES_PER_DAY',
    limit: 20,
    windowSeconds: DAY,
    what: 'team invitation e-mails (sent and resent)',
    per: 'per team',
  },
  inviteResends: {
    env: 'QUOTA_INVITE_RESENDS_PER_DAY',
    limit: 3,
    windowSeconds: DAY,
    what: 'resends of one invitation',
    per: 'per invitation',
  },
  designerInvites: {
    env: 'QUOTA_DESIGNER_INVITES_PER_DAY',
    limit: 30,
    windowSeconds: DAY,
    what: 'designer invitation e-mails (sent and resent)',
    per: 'per admin',
  },
  passwordResetsPerAddress: {
    env: 'QUOTA_PASSWORD_RESETS_PER_ADDRESS_PER_HOUR',
    limit: 5,
    windowSeconds: HOUR,
    what: 'password reset e-mails',
    per: 'per address',
  },
  passwordResetsPerIp: {
    env: 'QUOTA_PASSWORD_RESETS_PER_IP_PER_HOUR',
    limit: 20,
    windowSeconds: HOUR,
    what: 'password reset requests',
    per: 'per network address',
  },
  cityReviewAi: {
    env: 'QUOTA_CITY_REVIEW_AI_PER_HOUR',
    limit: 60,
    windowSeconds: HOUR,
    what: 'correction letter readings and drafted responses',
    per: 'per account',
  },
  uploads: { env: 'QUOTA_UPLOADS_PER_HOUR', limit: 100, windowSeconds: HOUR, what: 'file uploads', per: 'per account' },
} as const satisfies Record<string, QuotaDefinition>;

export type QuotaName = keyof typeof QUOTAS;

/** The limit in force: the environment's value when it is a whole number, else the default. */
export function quotaLimit(name: QuotaName): number {
  const raw = process.env[QUOTAS[name].env]?.trim();
  const value = raw ? Number(raw) : Number.NaN;
  return Number.isInteger(value) && value >= 0 ? value : QUOTAS[name].limit;
}

const windowWords = (seconds: number) =>
  seconds === HOUR ? 'an hour' : seconds === DAY ? 'a day' : `${seconds} seconds`;
function waitWords(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

export class QuotaExceededError extends HttpError {
  constructor(
    readonly quota: QuotaName,
    readonly retryAfterSeconds: number,
  ) {
    const definition = QUOTAS[quota];
    super(
      429,
      'RATE_LIMITED',
      `Too many ${definition.what}: the limit ` +
        `is ${quotaLimit(quota)} ${windowWords(definition.windowSeconds)} ${definition.per}. Please try again ` +
        `in ${waitWords(retryAfterSeconds)}.`,
      { 'retry-after': String(retryAfterSeconds) },
    );
    this.name = 'QuotaExceededError';
  }
}

/**
 * Counts one use of `name` for `scope` (a user id, a team id, an e-mail) in the current window, or
 * throws QuotaExceededError when the window is full. Call it before the costly work, after the
 * request was found valid and allowed (a refused request spends nothing).
 */
export async function consumeQuota(runtime: Runtime, name: QuotaName, scope: string): Promise<void> {
  const definition = QUOTAS[name];
  const limit = quotaLimit(name);
  const nowSeconds = Math.floor(runtime.now().getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % definition.windowSeconds);
  const retryAfter = Math.max(1, windowStart + definition.windowSeconds - nowSeconds);
  if (limit === 0) throw new QuotaExceededError(name, retryAfter);
  try {
    await runtime.views.client.send(
      new UpdateCommand({
        TableName: runtime.views.tableName,
        Key: { pk: `$quota#${name}#${scope}`, sk: String(windowStart) },
        UpdateExpression: 'SET #count = if_not_exists(#count, :zero) + :one, #expires = :expires',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#expires': 'expiresAt' },
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':limit': limit,
          ':expires': windowStart + definition.windowSeconds + DAY,
        },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new QuotaExceededError(name, retryAfter);
    throw error;
  }
}

/** Several quotas for one action (per account and per team): the first full one refuses it. */
export async function consumeQuotas(runtime: Runtime, ...uses: [QuotaName, string][]): Promise<void> {
  for (const [name, scope] of uses) await consumeQuota(runtime, name, scope);
}

/** What `claimOnce` counts: each scope can be used once, ever (until its item expires). */
export type OnceName = 'estimateReceipt';

/**
 * The first use of `scope` (an estimate receipt's id): true once, false for every later or
 * concurrent use. An item beside the quota counters (same key prefix, same conditional UpdateItem),
 * kept until `expiresAt` (epoch seconds), after which the scope itself is no longer accepted.
 */
export async function claimOnce(runtime: Runtime, name: OnceName, scope: string, expiresAt: number): Promise<boolean> {
  try {
    await runtime.views.client.send(
      new UpdateCommand({
        TableName: runtime.views.tableName,
        Key: { pk: `$quota#${name}#${scope}`, sk: 'once' },
        UpdateExpression: 'SET #count = :one, #expires = :expires',
        ConditionExpression: 'attribute_not_exists(#count)',
        ExpressionAttributeNames: { '#count': 'count', '#expires': 'expiresAt' },
        ExpressionAttributeValues: { ':one': 1, ':expires': expiresAt + DAY },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
