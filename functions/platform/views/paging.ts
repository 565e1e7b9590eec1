import { cursorScope, decodeCursor, encodeCursor, invalidCursor } from './cursor.js';
import type { Runtime } from '../runtime.js';
import type { IndexName, PageKey, SortRange, ViewItem } from './views.js';

/** One partition of a paged read (of the table, or of an index). */
export interface Partition {
  index?: IndexName;
  pk: string;
  range?: SortRange;
}

export interface PageRequest {
  /** Names the route and every filter: a cursor is good only for the same scope. */
  scope: string;
  limit: number;
  cursor?: string;
  ascending?: boolean;
}

export interface PageResult {
  items: ViewItem[];
  nextCursor: string | null;
  /** DynamoDB items read for this page. */
  read: number;
}

/** Page size: the caller's `limit`, else the route's default, never above the route's maximum. */
export const pageLimit = (asked: number | undefined, defaults: { default: number; max: number }) =>
  Math.max(1, Math.min(asked ?? defaults.default, defaults.max));

export { cursorScope };

const sortKeyOf = (item: ViewItem, partition: Partition) =>
  String(partition.index ? item[`${partition.index}sk`] : item.sk);

function keyOf(item: ViewItem, partition: Partition): PageKey {
  const key: PageKey = { pk: item.pk, sk: item.sk };
  if (partition.index) {
    key[`${partition.index}pk`] = String(item[`${partition.index}pk`]);
    key[`${partition.index}sk`] = String(item[`${partition.index}sk`]);
  }
  return key;
}

/** Where each partition stands: a key to start after, null to start at the top, false when read out. */
type Position = PageKey | null | false;

/**
 * One page of the newest-first merge of one or more partitions (a client's own and team projects, a
 * designer's projects by id and by e-mail, the four board columns). Each partition reads at most
 * `limit` items from where its last page stopped; the page takes the first `limit` of their merge
 * (an item found in two partitions under the same sort key is taken once), and the cursor records,
 * per partition, the key of the last item it gave. The cost of a page is at most `limit` items per
 * partition, whatever the partitions hold; an item written meanwhile above a cursor's position is
 * not shown by later pages (it is newer than the list the caller is reading), nor twice.
 */
export async function pageOfPartitions(
  runtime: Runtime,
  partitions: Partition[],
  request: PageRequest,
): Promise<PageResult> {
  let positions: Position[] = partitions.map(() => null);
  if (request.cursor) {
    const state = decodeCursor(request.scope, request.cursor);
    if (!Array.isArray(state.p) || state.p.length !== partitions.length) throw invalidCursor();
    positions = state.p as Position[];
  }
  const { active } = await runtime.views.generations();
  let read = 0;
  const fetched = await Promise.all(
    partitions.map(async (partition, i) => {
      const position = positions[i];
      if (position === false || position === undefined) return { items: [] as ViewItem[], more: false };
      const page = await runtime.views.page(active, partition, {
        limit: request.limit,
        start: position ?? undefined,
        ascending: request.ascending,
      });
      read += page.read;
      return { items: page.items, more: page.next !== undefined, next: page.next };
    }),
  );
  const candidates = fetched.flatMap((result, i) =>
    result.items.map((item) => ({ item, i, sort: sortKeyOf(item, partitions[i]!) })),
  );
  candidates.sort((a, b) => (a.sort === b.sort ? a.i - b.i : a.sort < b.sort === !request.ascending ? 1 : -1));
  const taken: typeof candidates = [];
  for (const candidate of candidates) {
    // Items under the same sort key go together (the same project found in two partitions).
    if (taken.length >= request.limit && candidate.sort !== taken.at(-1)!.sort) break;
    taken.push(candidate);
  }
  const next: Position[] = partitions.map((partition, i) => {
    const result = fetched[i]!;
    if (positions[i] === false) return false;
    const mine = taken.filter((candidate) => candidate.i === i);
    const all = mine.length === result.items.length;
    if (all && !result.more) return false;
    // Every item read was taken (or tombstones ended the read): continue from where DynamoDB stopped.
    if (all) return result.next ?? false;
    return mine.length > 0 ? keyOf(mine.at(-1)!.item, partition) : (positions[i] ?? null);
  });
  const seen = new Set<string>();
  const items: ViewItem[] = [];
  for (const { item } of taken) {
    const id = `${item.pk}\u0000${item.sk}`;
    if (seen.has(id)) continue;
    seen.add(id);
    items.push(item);
  }
  const done = next.every((position) => position === false);
  return { items, nextCursor: done ? null : encodeCursor(request.scope, { p: next }), read };
}
