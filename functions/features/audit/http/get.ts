import * as z from '#events/zod.js';
import { verifyChain } from '#events/hash-chain.js';
import type { EventEnvelope } from '#events/envelope.js';
import { diffStates } from '../state-diff.js';
import { STREAM_ID_PATTERN } from '../../../platform/event-store/stream-id.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler } from '../../../app/http.js';
import { decodeCursor, encodeCursor, invalidCursor } from '../../../platform/views/cursor.js';
import { cursorScope, pageLimit } from '../../../platform/views/paging.js';
import { auditReading } from '../../../app/runtime.js';
import type { UserDoc } from '../../users/queries.js';
import { userKey } from '../../users/queries.js';
import type { AuditEvent, AuditResponse } from '../contracts.js';

const params = /* @__PURE__ */ (() =>
  z.object({ streamId: z.string().check(z.regex(STREAM_ID_PATTERN, 'Unknown stream id')) }))();
const query = /* @__PURE__ */ (() =>
  z.object({
    asOf: z.optional(z.coerce.number().check(z.int(), z.gte(0))),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
    cursor: z.optional(z.string().check(z.maxLength(4096))),
  }))();
/**
 * Timeline entries per page: the whole chain is still read and verified (the badge needs it); the page bounds what is
 * sent and joined.
 */
const AUDIT_PAGE = { default: 500, max: 1000 };

/** Admin audit: a stream's events straight from the store, its chain verified, state as of any version. */
export const handler = httpHandler({ params, query }, async (request) => {
  const { events: runtime, upcast, foldFor } = auditReading();
  const { streamId } = request.params;
  const raw = (await runtime.store.readStream(streamId, { raw: true })).events;
  if (raw.length === 0) throw new HttpError(404, 'NOT_FOUND', 'No history for this stream');
  // The chain covers what is stored (personal fields sealed); the timeline shows them opened.
  const verification = verifyChain(raw);
  const opened = await runtime.store.open(raw);
  const brokenAt = verification.intact ? Infinity : verification.brokenAt;
  const fold = foldFor(streamId);

  const scope = cursorScope('GET /api/audit', { streamId });
  let from = 1;
  if (request.query.cursor) {
    const state = decodeCursor(scope, request.query.cursor);
    if (!Number.isInteger(state.v) || (state.v as number) < 1) throw invalidCursor();
    from = state.v as number;
  }
  const limit = pageLimit(request.query.limit, AUDIT_PAGE);
  const shown = (version: number) => version >= from && version < from + limit;

  const { active } = await runtime.views.generations();
  const actors = await runtime.views.batchGet(
    active,
    [...new Set(raw.filter((e) => shown(e.version)).map((e) => e.actor.sub))].map(userKey),
  );
  const people = new Map(
    actors.map((item) => {
      const user = JSON.parse(item.doc as string) as UserDoc;
      return [user.user_id, user];
    }),
  );

  const asOf = Math.min(request.query.asOf ?? raw.length, raw.length);
  let state = fold?.initialState();
  let stateAsOf = asOf === 0 ? state : undefined;
  const events: AuditEvent[] = [];
  for (const stored of opened) {
    let event: EventEnvelope = stored;
    try {
      event = upcast(stored);
    } catch {
      // Shown as stored; the replay reports the schema error.
    }
    const before = state;
    if (fold) state = fold.evolve(state, event);
    if (event.version === asOf) stateAsOf = state;
    if (!shown(event.version)) continue;
    const person = people.get(event.actor.sub);
    events.push({
      version: event.version,
      type: event.type,
      storedSchemaVersion: stored.schemaVersion,
      eventId: event.eventId,
      at: event.at,
      actor: { ...event.actor, name: person?.full_name ?? null, email: person?.email ?? null },
      correlationId: event.correlationId,
      data: event.data,
      changes: fold ? diffStates(before, state).filter((change) => change.path !== 'updated_at') : [],
      hash: stored.hash,
      prevHash: stored.prevHash,
      verified: event.version < brokenAt,
    });
  }
  const last = raw.at(-1)!.version;
  const body: AuditResponse = {
    streamId,
    verification,
    events,
    asOf,
    state: stateAsOf ?? null,
    ...(from + limit <= last ? { next_cursor: encodeCursor(scope, { v: from + limit }) } : {}),
  };
  return { body };
});
