import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { createHash, randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { HttpError } from '../errors.js';
import { log } from '../log.js';
import type { Runtime } from '../runtime.js';

type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
type HttpResponse = APIGatewayProxyStructuredResultV2;

/** How long a key is remembered (and a retry answered with the first result). */
// 24 hours, written as a literal: esbuild keeps an unused `24 * 3_600` (it may not fold it), and with it
// this module in the access analysis of routes that bundle no claim middleware.
export const IDEMPOTENCY_TTL_SECONDS = 86_400;

/** Where a caller's claims live: their own partition, one item per key. */
export const idempotencyClaimKey = (caller: string, idempotencyKey: string) => ({
  pk: `$idem#${caller}`,
  sk: idempotencyKey,
});
export const idempotencyClaimPartition = (caller: string) => idempotencyClaimKey(caller, '').pk;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/**
 * How long a request in progress holds its key: longer than any HTTP function may run (29 s). A
 * function stopped before it could release its claim (its time ran out, it crashed or ran out of
 * memory) then holds a retry back for this long, not for the 24 hours a key is remembered.
 */
export const CLAIM_LEASE_SECONDS = 60;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'The Idempotency-Key header must be 8 to 128 letters, digits or the characters _ . : -',
  mismatch: 'This Idempotency-Key was already used for a different request. Use a new key for a new action.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
} as const;

interface Claim {
  key: { pk: string; sk: string };
  /** This request's own mark on the claim: a request whose lease lapsed no longer owns it. */
  attempt: string;
}

function header(event: HttpEvent, name: string): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** What makes two requests "the same": route, path and body, byte for byte. */
function fingerprint(event: HttpEvent): string {
  const body = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body
    : '';
  return createHash('sha256')
    .update(`${event.routeKey}\n${event.rawPath ?? ''}\n${body}`)
    .digest('hex');
}

/**
 * Retried creates do not duplicate. A POST carrying an `Idempotency-Key` header (the SPA sends a
 * ULID per user action, the same one on a retry) claims `$idem#<caller>#<key>` in the views table
 * with a conditional put. The first request runs and its answer (2xx) is stored; a retry with the
 * same key and the same request gets that first answer (same status and body) without running
 * again; the same key with a different request is refused with 422; a retry while the first still
 * runs gets 409. A failed first attempt (any error) releases the key, so the retry runs for real;
 * so does a retry after the lease of a first attempt that never finished. Keys are scoped per caller
 * and expire after 24 hours.
 */
export function idempotency(options: {
  runtime: () => Runtime;
  caller: (event: HttpEvent) => string | null;
}): MiddlewareObj<HttpEvent, HttpResponse> {
  const claims = new WeakMap<HttpEvent, Claim>();
  return {
    before: async (request) => {
      const event = request.event;
      const method = event.requestContext?.http?.method ?? event.routeKey?.split(' ')[0];
      const idempotencyKey = header(event, IDEMPOTENCY_HEADER);
      if (method !== 'POST' || idempotencyKey === undefined) return;
      const caller = options.caller(event);
      if (!caller) return;
      if (!KEY_PATTERN.test(idempotencyKey))
        throw new HttpError(400, 'INVALID_IDEMPOTENCY_KEY', IDEMPOTENCY_MESSAGES.invalid);
      const runtime = options.runtime();
      // One partition per caller: an erasure finds (and deletes) every answer kept for the account.
      const key = idempotencyClaimKey(caller, idempotencyKey);
      const print = fingerprint(event);
      const nowSeconds = Math.floor(runtime.now().getTime() / 1000);
      const attempt = randomUUID();
      try {
        await runtime.views.client.send(
          new PutCommand({
            TableName: runtime.views.tableName,
            Item: {
              ...key,
              fingerprint: print,
              state: 'running',
              attempt,
              expiresAt: nowSeconds + IDEMPOTENCY_TTL_SECONDS,
            },
            // An expired record (not yet removed by TTL) is as good as none, and so is a claim whose
            // request stopped without an answer: one still running a lease after it was taken (read
            // from its expiry, so claims written before the lease existed lapse too).
            ConditionExpression:
              'attribute_not_exists(pk) OR expiresAt < :now OR (#state = :running AND expiresAt < :lapsed)',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: {
              ':now': nowSeconds,
              ':running': 'running',
              ':lapsed': nowSeconds + IDEMPOTENCY_TTL_SECONDS - CLAIM_LEASE_SECONDS,
            },
          }),
        );
        claims.set(event, { key, attempt });
        return;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
      const { Item: existing } = await runtime.views.client.send(
        new GetCommand({ TableName: runtime.views.tableName, Key: key, ConsistentRead: true }),
      );
      if (!existing)
        throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS', IDEMPOTENCY_MESSAGES.inProgress, { 'retry-after': '1' });
      if (existing.fingerprint !== print)
        throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.mismatch);
      if (existing.state !== 'done')
        throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS', IDEMPOTENCY_MESSAGES.inProgress, { 'retry-after': '1' });
      const stored = JSON.parse(existing.response as string) as HttpResponse;
      return { ...stored, headers: { ...(stored.headers ?? {}), 'idempotent-replayed': 'true' } };
    },
    after: async (request) => {
      const claim = claims.get(request.event);
      const response = request.response;
      if (!claim || !response) return;
      const runtime = options.runtime();
      if ((response.statusCode ?? 200) >= 300) {
        await release(runtime, claim);
        return;
      }
      try {
        await runtime.views.client.send(
          new UpdateCommand({
            TableName: runtime.views.tableName,
            Key: claim.key,
            UpdateExpression: 'SET #state = :done, #response = :response',
            ConditionExpression: 'attempt = :attempt',
            ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
            ExpressionAttributeValues: {
              ':done': 'done',
              ':attempt': claim.attempt,
              ':response': JSON.stringify({
                statusCode: response.statusCode,
                headers: response.headers,
                body: response.body,
              }),
            },
          }),
        );
      } catch (error) {
        // Our lease lapsed and a retry holds the key now: its answer is the one to keep.
        if ((error as Error).name === 'ConditionalCheckFailedException') return;
        // The work is done and its answer goes out; only the memory of it failed. Releasing the key
        // (rather than leaving it 'running' for 24 h) lets a later retry through, as without a key.
        log.warn('Could not store the idempotent answer', { error: (error as Error).message });
        await release(runtime, claim).catch(() => undefined);
      }
    },
    onError: async (request) => {
      const claim = claims.get(request.event);
      if (claim) await release(options.runtime(), claim).catch(() => undefined);
    },
  };
}

/** Frees the key, unless a retry took it over after this request's lease lapsed. */
async function release(runtime: Runtime, claim: Claim): Promise<void> {
  try {
    await runtime.views.client.send(
      new DeleteCommand({
        TableName: runtime.views.tableName,
        Key: claim.key,
        ConditionExpression: 'attempt = :attempt',
        ExpressionAttributeValues: { ':attempt': claim.attempt },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * Deletes every claim of a caller, answers included (an erasure: a kept answer can hold the caller's
 * data). Their own partition, so one query finds them all.
 */
export async function forgetClaims(runtime: Runtime, caller: string): Promise<number> {
  const pk = idempotencyClaimPartition(caller);
  let forgotten = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await runtime.views.client.send(
      new QueryCommand({
        TableName: runtime.views.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      await runtime.views.client.send(
        new DeleteCommand({ TableName: runtime.views.tableName, Key: { pk, sk: item.sk } }),
      );
      forgotten += 1;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return forgotten;
}
