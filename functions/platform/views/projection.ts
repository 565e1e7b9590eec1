import type { EventEnvelope } from '../../../events/envelope.js';
import type { CounterRef } from './counters.js';
import type { IndexName, ViewItem } from './views.js';

/**
 * What a projection is to the projector (projector.ts) and the replay (app/replay.ts): its fold, the
 * items it shows, and the rules both apply alike (`changes`).
 */

/** Items of other projections a state's items show, by key (`itemKey`), as read with their `v`. */
export type LookedUpItems = ReadonlyMap<string, ViewItem>;
export const NO_LOOKED_UP_ITEMS: LookedUpItems = new Map();

/**
 * The version of what was looked up (stored as `lv` on the items and the checkpoint): the sum of the
 * looked-up items' `v` (each only grows, so the sum does too, and grows whenever one of them does),
 * 0 for nothing found.
 */
export const lookupVersion = (looked: LookedUpItems) =>
  [...looked.values()].reduce((sum, item) => sum + Number(item.v ?? 0), 0);

/**
 * What a checkpoint keeps of its lookups: the items without their `v` (the checkpoint's `lv` says how
 * new they are), so a replay, which writes every item at its stream's last version, keeps the same.
 */
export const storedLookedUpItems = (looked: LookedUpItems) =>
  JSON.stringify([...looked.values()].map(({ v: _v, ...item }) => item));

/** Looked-up items as `items` gets them, from a list of read items. */
export const lookedUpItemsOf = (items: readonly ViewItem[]): LookedUpItems =>
  new Map(items.map((item) => [itemKey(item), item]));

/**
 * Streams of another projection whose items show this one's (they look it up): re-projected with a
 * fresh lookup when a step changes what they show.
 */
export interface Dependent<S> {
  /** The projection that looks this one's items up. */
  projection: string;
  /** Whether the step from `before` to `after` changes what the dependents show (or makes it appear). */
  changed(before: S, after: S): boolean;
  /** Where the dependents' streams are listed (a partition of the views), and each listed item's stream. */
  streams(state: S): { index?: IndexName; pk: string } | null;
  streamOf(item: ViewItem): string;
}

/**
 * A projection of one kind of stream. Its state is folded from the stream's events (usually by the
 * same `evolve` the decider uses); `items` says which read-side items that state shows as, and
 * `eventItems` adds items that belong to one event alone (activity entries), written once; one with
 * `deleted: true` removes such an item for good (a later event's, e.g. a rejected comment's).
 */
export interface Projection<S = any> {
  name: string;
  streamPrefix: string;
  initialState(): S;
  evolve(state: S, event: EventEnvelope): S;
  /** `looked`: the items `lookups` named, as read before (absent ones missing; none without lookups). */
  items(state: S, streamId: string, looked?: LookedUpItems): ViewItem[];
  eventItems?(event: EventEnvelope, before: S, after: S): ViewItem[];
  /** Counters this state counts 1 in (fields of `count#…` items): the projector moves the 1 as the state changes. */
  counters?(state: S): CounterRef[];
  /**
   * Items of other streams' projections this state's items show (e.g. a project's client's profile):
   * read in one consistent batch before `items`; the items written record their version (`lv`).
   */
  lookups?(state: S): { pk: string; sk: string }[];
  /** The projections whose items look this one's up, re-projected when a step changes them. */
  dependents?: Dependent<S>[];
  /**
   * True when no later event of the stream can change this state's items (the city review of a
   * project that is not a permit): its later events are skipped, neither read nor written, so a
   * projection that concerns few streams costs the others nothing. Must stay true once true.
   */
  settled?(state: S): boolean;
  /**
   * True: an event that leaves this projection's state as it was (a note pinned, to the project's
   * document) and adds no item of its own is not committed. Its checkpoint stays at the last event
   * that changed something; this process remembers how far it got, and another process that reads
   * the checkpoint reads the events after it again, which change nothing. So a projection writes
   * only when what it holds changes. The stored checkpoint may then trail its stream: a projection
   * some command waits for (caught-up.ts compares checkpoint versions) must not set it.
   */
  commitsChangesOnly?: boolean;
  /**
   * The attributes of the projection's one view item, kept on its checkpoint (its index keys): for a
   * projection whose state is what it shows (a project's insights timeline), one item written once a
   * step, where an item of its own and the checkpoint were two. Readers take the state from it.
   */
  onCheckpoint?(state: S): Omit<ViewItem, 'pk' | 'sk'>;
}

/**
 * One event a projection applied in a step this projector committed, with the projection's state
 * before and after it: what the views now show, for whoever tells readers that it changed.
 */
export interface AppliedEvent {
  projection: string;
  event: EventEnvelope;
  before: unknown;
  after: unknown;
}

/** A later event of a stream whose projection is parked on an earlier one (see `Projector.parked`). */
export class StreamParkedError extends Error {
  override name = 'StreamParkedError';
}

/**
 * Whether an event changed what a projection holds (its state, or an item of the event's own), so
 * that its checkpoint commits it: always, but for a projection that commits changes only. A stream's
 * first event is always committed. The replay (app/replay.ts) asks the same, so both write a stream's
 * checkpoint at the same version.
 */
export function changes(
  projection: Projection,
  event: EventEnvelope,
  before: unknown,
  after: unknown,
  own: readonly ViewItem[],
): boolean {
  return (
    !projection.commitsChangesOnly ||
    event.version === 1 ||
    own.length > 0 ||
    // An evolve that ignores an event answers the state it was given: no state to compare then.
    (after !== before && JSON.stringify(after) !== JSON.stringify(before))
  );
}

export const itemKey = (item: Pick<ViewItem, 'pk' | 'sk'>) => `${item.pk}\u0000${item.sk}`;
