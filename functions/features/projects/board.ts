import { PROJECT_STATUSES } from '../../../shared/vocabulary.js';
import { readCounters } from '../../platform/views/counters.js';
import type { Runtime } from '../../platform/runtime.js';
import {
  boardIndex,
  boardCounter,
  boardPartition,
  cardItemKey,
  designerKeyOf,
  designerStatusCounter,
  ownerStatusCounter,
  teamStatusCounter,
  indexedWord,
  MIN_WORD,
  searchIndex,
  type projectCard,
  searchPartition,
  words,
} from './project-index.js';
import type { IndexName, ViewItem } from '../../platform/views/views.js';
import { pageOfPartitions, type Partition } from '../../platform/views/paging.js';

export interface BoardQuery {
  status?: string;
  designer?: string;
  priority?: string;
  q?: string;
  from?: string;
  to?: string;
}

/** A card as the board lists it (the projection's `projectCard`). */
export type BoardCard = ReturnType<typeof projectCard>;

export interface BoardPage {
  projects: BoardCard[];
  nextCursor: string | null;
  /** Items read from the views: the index page (and a search's cards of its hits). */
  read: number;
}

/** The query's words as the index holds them; a word longer than the index's own is cut to it. */
export const queryWords = (q: string | undefined) => (q ? words(q) : []);

const hasPrefix = (own: string[], word: string) => own.some((candidate) => candidate.startsWith(word));

/** The filters a card is checked against (the index items may trail the project by a moment). */
function matches(card: BoardCard, query: BoardQuery): boolean {
  if (query.status && card.status !== query.status) return false;
  if (query.priority && card.priority !== query.priority) return false;
  if (query.designer && designerKeyOf(card) !== query.designer.toLowerCase()) {
    // A designer is listed under their id once registered; an e-mail filter still finds them then.
    if (card.assigned_designer_email?.toLowerCase() !== query.designer.toLowerCase()) return false;
  }
  const day = card.created_at?.slice(0, 10) ?? '';
  if (query.from && day < query.from) return false;
  if (query.to && day > query.to) return false;
  return true;
}

/**
 * Whether a search item, as found by the word it holds in the search's index, is a hit: every searched word
 * begins one of the words it carries (the project's and its client's), and that word is the largest
 * of them the first searched word begins (the partition is read from the largest word down), so a
 * project whose words match twice ("garden", "gardens") is listed once, on one page.
 */
function isHit(item: ViewItem, index: IndexName, wanted: string[]): boolean {
  const own = String(item.words ?? '')
    .split(' ')
    .filter(Boolean);
  if (!wanted.every((word) => hasPrefix(own, word))) return false;
  const word = indexedWord(item, index);
  return word !== null && own.every((candidate) => !candidate.startsWith(wanted[0]!) || candidate <= word);
}

/**
 * The partitions that answer a board query: a search reads the search partition of its first word
 * (its other words are checked on the items read, the other filters on the hits' cards); otherwise the
 * board partition of the status, designer and priority, with the dates as a range of its sort key.
 * Without a status, the four columns are merged.
 */
function partitionsFor(query: BoardQuery, wanted: string[]): Partition[] {
  const statuses = query.status ? [query.status] : [...PROJECT_STATUSES];
  if (wanted.length > 0) {
    const first = wanted[0]!;
    return statuses.map((status) => ({
      index: searchIndex(first),
      pk: searchPartition(status, first),
      range: { prefix: first },
    }));
  }
  const range =
    query.from || query.to
      ? { between: [query.from ?? '0000', `${query.to ?? '9999-12-31'}\uffff`] as [string, string] }
      : undefined;
  return statuses.map((status) => ({
    index: boardIndex(query),
    pk: boardPartition({ status, designer: query.designer, priority: query.priority }),
    range,
  }));
}

const newestFirst = (a: BoardCard, b: BoardCard) =>
  a.created_at! < b.created_at! ? 1 : a.created_at! > b.created_at! ? -1 : 0;

/**
 * One page of the admin board (a column, or all of them merged), newest first, filtered and searched
 * by the index items the projection writes. A filter's page is its board partition's items, each with
 * its card (and the card's client). A search reads the search partition of its first word: every
 * project whose own words or client's (name, company) hold it, in one order (by the matching word,
 * then newest first; newest first within a page), in the one index that holds its prefix; its other
 * words are checked on the items read, and only the hits' cards are read, in one batch: at most twice
 * the page.
 */
export async function boardPage(
  runtime: Runtime,
  query: BoardQuery,
  page: { scope: string; limit: number; cursor?: string },
): Promise<BoardPage> {
  const wanted = queryWords(query.q).filter((word) => word.length >= MIN_WORD);
  if (query.q && wanted.length === 0) return { projects: [], nextCursor: null, read: 0 };
  const partitions = partitionsFor(query, wanted);
  const result = await pageOfPartitions(runtime, partitions, page);
  if (wanted.length === 0) {
    // The index follows the documents a moment later: a card that no longer matches is left out.
    const cards = result.items
      .map((item) => JSON.parse(item.card as string) as BoardCard)
      .filter((card) => matches(card, query));
    return { projects: cards, nextCursor: result.nextCursor, read: result.read };
  }
  const index = searchIndex(wanted[0]!);
  const ids = [
    ...new Set(result.items.filter((item) => isHit(item, index, wanted)).map((item) => String(item.project_id))),
  ];
  const { active } = await runtime.views.generations();
  const items = ids.length ? await runtime.views.batchGet(active, ids.map(cardItemKey)) : [];
  const projects = items
    .map((item) => JSON.parse(item.card as string) as BoardCard)
    .filter((card) => matches(card, query))
    .sort(newestFirst);
  return { projects, nextCursor: result.nextCursor, read: result.read + items.length };
}

/**
 * Projects per status of a client's screens (their own outside a team, and their team's) or of a
 * designer's (by id and by each proven e-mail), from the counters: one item read per key (a field per status).
 */
export async function listCounts(
  runtime: Runtime,
  keys: { owner?: string; team?: string | null; designers?: string[] },
): Promise<Record<string, number>> {
  const { active } = await runtime.views.generations();
  const counters = PROJECT_STATUSES.flatMap((status) => [
    ...(keys.owner ? [{ status, counter: ownerStatusCounter(keys.owner, status) }] : []),
    ...(keys.team ? [{ status, counter: teamStatusCounter(keys.team, status) }] : []),
    ...(keys.designers ?? []).map((designer) => ({ status, counter: designerStatusCounter(designer, status) })),
  ]);
  const count = await readCounters(
    runtime.views,
    active,
    counters.map(({ counter }) => counter),
  );
  const counts: Record<string, number> = Object.fromEntries(PROJECT_STATUSES.map((status) => [status, 0]));
  for (const { status, counter } of counters) counts[status]! += count(counter);
  return counts;
}

/** How many projects each board partition holds (the counter projection): one item read per column. */
export async function boardCounts(
  runtime: Runtime,
  query: Pick<BoardQuery, 'status' | 'designer' | 'priority'>,
): Promise<Record<string, number>> {
  const { active } = await runtime.views.generations();
  // A column's request counts its own column; the board without a status, all four.
  const columns = (query.status ? [query.status] : PROJECT_STATUSES).map((status) => ({
    status,
    counter: boardCounter({ status, designer: query.designer, priority: query.priority }),
  }));
  const count = await readCounters(
    runtime.views,
    active,
    columns.map(({ counter }) => counter),
  );
  return Object.fromEntries(columns.map(({ status, counter }) => [status, count(counter)]));
}
