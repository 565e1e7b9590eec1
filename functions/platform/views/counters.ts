import type { ViewItem, ViewReader } from './view-reader.js';

/**
 * A counter: one field of a counter item. The counters a step moves together share an item (a board
 * column's, a designer's, a client's or a team's statuses, the Users tab's counts),
 * so the projector settles a step with one update per item, adding to all of its fields under one
 * guard, where one item per counter took one update per counter (a status change: 12 updates, 4 now).
 *
 * The bound is the item's size: an update is billed by it (a write unit per KB) and DynamoDB refuses
 * an item over 400 KB. So no item's fields grow with the number of anything a studio gathers: a board
 * column's item has a field for the column and one per priority; a designer's item (the board's
 * partitions narrowed to them and their workload) a field per status and per status and priority; a
 * client's or a team's a field per status; the Users tab's item its four counts: each under 1 KB of
 * fields. Guards stay as on any counter item: one per stream that moved the item within the last
 * hour (counter-guards.ts), some 20 bytes each.
 */
export interface CounterRef {
  /** The group: the counter item's name (`count#<item>`). */
  item: string;
  /** The counter within the group. */
  field: string;
}

export const counterItemKey = (item: string) => ({ pk: `count#${item}`, sk: 'n' });

/**
 * The attribute a counter's field is kept in: prefixed, so no field can be taken for the key, the
 * version or a guard (`g_…`), whatever the name a projection gives it (an e-mail, a status).
 */
export const counterAttribute = (field: string) => `c_${field}`;
export const isCounterAttribute = (name: string) => name.startsWith('c_');

/** A counter's value in its item as read (0 for a missing item or field; a settle's transient dip below 0 reads 0). */
export const counterValue = (item: ViewItem | undefined, field: string) =>
  Math.max(0, Number(item?.[counterAttribute(field)] ?? 0));

/** Counter changes grouped by item: item -> field -> delta (no zeros). */
export type CounterDeltas = Record<string, Record<string, number>>;

/** +1 for each counter a state entered, -1 for each it left, grouped by item. */
export function counterDeltas(previous: readonly CounterRef[], next: readonly CounterRef[]): CounterDeltas {
  const deltas: CounterDeltas = {};
  const move = ({ item, field }: CounterRef, by: number) => {
    const fields = (deltas[item] ??= {});
    fields[field] = (fields[field] ?? 0) + by;
  };
  for (const counter of previous) move(counter, -1);
  for (const counter of next) move(counter, 1);
  for (const [item, fields] of Object.entries(deltas)) {
    for (const [field, delta] of Object.entries(fields)) if (delta === 0) delete fields[field];
    if (Object.keys(fields).length === 0) delete deltas[item];
  }
  return deltas;
}

/** The counter items that hold `counts` (a recount: item -> field -> n), as a full rebuild writes them. */
export function counterItems(counts: CounterDeltas): ViewItem[] {
  return Object.entries(counts).map(([item, fields]) => ({
    ...counterItemKey(item),
    ...Object.fromEntries(Object.entries(fields).map(([field, n]) => [counterAttribute(field), n])),
  }));
}

/** Counts every state's counters: what the counter items hold once each state's steps are settled. */
export const recount = (counters: Iterable<readonly CounterRef[]>): CounterDeltas =>
  counterDeltas([], [...counters].flat());

/** Reads counters: each distinct item once, in one batch get. */
export async function readCounters(
  views: ViewReader,
  gen: number,
  counters: readonly CounterRef[],
): Promise<(counter: CounterRef) => number> {
  const items = await views.batchGet(gen, [...new Set(counters.map(({ item }) => item))].map(counterItemKey));
  const byPk = new Map(items.map((item) => [item.pk, item]));
  return ({ item, field }) => counterValue(byPk.get(counterItemKey(item).pk), field);
}
