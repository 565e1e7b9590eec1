import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Runtime } from '../../platform/runtime.js';

/**
 * The one-time answer that lets the session which proved the account's address sign in again
 * without the password (Cognito's custom authentication flow: triggers/*-auth-challenge.ts). The
 * proof ends every session of the account, Cognito's global sign-out included, so the proving
 * session needs new tokens with a later `auth_time`; only that session's own request receives the
 * answer, in the proof's response.
 *
 * One item per Cognito account in the views table, outside the projections (like the quota counters):
 * `$signin-answer#<identity sub>` / `answer`, holding only the sha256 of the answer and when it
 * expires. Issuing again replaces it (never more than one per account); the first answer given for
 * the account, right or wrong, deletes it (single use, one attempt). An unused one stays until the
 * next proof replaces it: one small item per account at most.
 */
export const SIGN_IN_ANSWER_TTL_MS = 3 * 60_000;

/** 256 random bits, base64url: the only form `spend` looks up. */
const ANSWER = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (answer: string) => createHash('sha256').update(answer, 'utf8').digest();
const keyOf = (identitySub: string) => ({ pk: `$signin-answer#${identitySub}`, sk: 'answer' });
const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** Stores a new answer for the account (replacing any earlier one) and returns it: hand it to the caller only. */
export async function issueSignInAnswer(runtime: Runtime, identitySub: string): Promise<string> {
  const answer = randomBytes(32).toString('base64url');
  const now = runtime.now().getTime();
  await runtime.views.client.send(
    new PutCommand({
      TableName: runtime.views.tableName,
      Item: {
        ...keyOf(identitySub),
        answer_hash: hashOf(answer).toString('hex'),
        expires_at: new Date(now + SIGN_IN_ANSWER_TTL_MS).toISOString(),
      },
    }),
  );
  return answer;
}

/**
 * Whether `answer` is the account's live answer; either way the stored answer is gone afterwards. Of
 * two requests with the right answer, the conditional delete lets exactly one through.
 */
export async function spendSignInAnswer(runtime: Runtime, identitySub: string, answer: unknown): Promise<boolean> {
  if (!identitySub) return false;
  const { client, tableName } = runtime.views;
  const Key = keyOf(identitySub);
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }));
  if (!Item) return false;
  const stored = Buffer.from(String(Item.answer_hash ?? ''), 'hex');
  const given = typeof answer === 'string' && ANSWER.test(answer) ? hashOf(answer) : Buffer.alloc(stored.length);
  const matches =
    stored.length === given.length &&
    timingSafeEqual(stored, given) &&
    typeof answer === 'string' &&
    ANSWER.test(answer);
  const live = Date.parse(String(Item.expires_at)) > runtime.now().getTime();
  try {
    await client.send(
      new DeleteCommand({
        TableName: tableName,
        Key,
        ConditionExpression: 'answer_hash = :hash',
        ExpressionAttributeValues: { ':hash': Item.answer_hash },
      }),
    );
  } catch (error) {
    // Spent (or replaced) by another request in the meantime: this one gets nothing.
    if (isConditionFailure(error)) return false;
    throw error;
  }
  return matches && live;
}
