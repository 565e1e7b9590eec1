import { SYSTEM_ACTOR, type EventEnvelope } from '../../events/envelope.js';
import { catalogue } from '../../functions/app/catalogue.js';
import { MAX_EVENTS_PER_COMMIT, readAll } from '../../functions/platform/event-store/event-log.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import type { HistoryEvent } from './given-when-then.js';
import type { TestStack } from './stack.js';

/** Past events per stream, in order: `{ 'project-P1': [submitted, by(admin, assigned)] }`. */
export type StackHistory = Record<string, readonly HistoryEvent[]>;

/**
 * The integration form of `given`: appends the history to the embedded stack's real event store
 * (each event with its own actor and, where given, its own time; consecutive events of one actor
 * and time in one commit), publishes it as a command would,
 * and waits until every projection has it. The API then answers from views built by the same
 * projector that production runs, without a long sequence of requests to get there.
 *
 * A stream that already holds events is appended to after its last one. Returns the stored events.
 */
export async function givenHistory(stack: TestStack, history: StackHistory): Promise<EventEnvelope[]> {
  const runtime = stack.local.runtime;
  const store = runtime.store as EventStore;
  const stored: EventEnvelope[] = [];
  for (const [streamId, events] of Object.entries(history)) {
    let { version, lastHash } = await store.readStream(streamId);
    for (const batch of commitsOf(events)) {
      const { actor, at } = batch[0]!;
      // A store whose clock reads `at` stamps the commit with it.
      const writer = at
        ? new EventStore({
            client: store.client,
            tableName: store.table,
            catalogue,
            codec: store.codec,
            now: () => new Date(at),
          })
        : store;
      const commit = await writer.append(
        streamId,
        batch.map(({ type, data }) => ({ type, data })),
        { version, hash: lastHash },
        { actor: actor ?? SYSTEM_ACTOR },
      );
      await runtime.publisher.publish(commit);
      version = commit.lastVersion;
      lastHash = commit.events.at(-1)!.hash;
      stored.push(...commit.events);
    }
  }
  await stack.settle();
  return stored;
}

/** Consecutive events with the same actor and time share a commit (as one command's events do). */
function commitsOf(events: readonly HistoryEvent[]): HistoryEvent[][] {
  const commits: HistoryEvent[][] = [];
  for (const event of events) {
    const last = commits.at(-1)?.[0];
    const same =
      last && last.at === event.at && last.actor?.sub === event.actor?.sub && last.actor?.role === event.actor?.role;
    if (same && commits.at(-1)!.length < MAX_EVENTS_PER_COMMIT) commits.at(-1)!.push(event);
    else commits.push([event]);
  }
  return commits;
}

/**
 * A mark in the store: `newEvents()` answers every event appended after it, in commit order, so
 * a test asserts what a request recorded (and that a refused one recorded nothing).
 */
export async function markStore(stack: TestStack) {
  const seen = new Set<string>();
  for await (const commit of readAll(stack.local.runtime.store))
    for (const event of commit.events) seen.add(event.eventId);
  return {
    async newEvents(): Promise<EventEnvelope[]> {
      const fresh: EventEnvelope[] = [];
      for await (const commit of readAll(stack.local.runtime.store))
        for (const event of commit.events) if (!seen.has(event.eventId)) fresh.push(event);
      return fresh;
    },
  };
}
