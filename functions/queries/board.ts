import { PROJECT_STATUSES } from '../../events/vocabulary.js';
import { counterItemKey } from '../core/projector.js';
import type { Runtime } from '../core/runtime.js';
import {
  boardPartition,
  designerKeyOf,
  designerStatusCounter,
  ownerStatusCounter,
  teamStatusCounter,
  MIN_WORD,
  PROJECT_INDEX,
  projectCard,
  searchPartition,
  words,
} from '../consumers/projections/project-index.js';
import { projectKey } from '../consumers/projections/keys/projects.js';
import type { ProjectDoc } from './projects.js';
import { pageOfPartitions, type Partition } from './paging.js';

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
  /** Items read from the views: the index page and the documents of it. */
  read: number;
}

/** The query's words as the index holds them; a word longer than the index's own is cut to it. */
export const queryWords = (q: string | undefined) => (q ? words(q) : []);

function matches(project: Omit<ProjectDoc, 'checklist' | 'specifications' | 'files'>, query: BoardQuery, wanted: string[]): boolean {
  if (query.status && project.status !== query.status) return false;
  if (query.priority && project.priority !== query.priority) return false;
  if (query.designer && designerKeyOf(project) !== query.designer.toLowerCase()) {
    // A designer is listed under their id once registered; an e-mail filter still finds them then.
    if (project.assigned_designer_email?.toLowerCase() !== query.designer.toLowerCase()) return false;
  }
  const day = project.created_at?.slice(0, 10) ?? '';
  if (query.from && day < query.from) return false;
  if (query.to && day > query.to) return false;
  if (wanted.length > 0) {
    const own = words(`${project.title} ${project.description ?? ''}`);
    if (!wanted.every((word) => own.some((candidate) => candidate.startsWith(word)))) return false;
  }
  return true;
}

/**
 * The partitions that answer a board query: a search reads the search partition of its first word
 * (its other words and the other filters are checked on the documents of the page); otherwise the
 * board partition of the status, designer and priority, with the dates as a range of its sort key.
 * Without a status, the four columns are merged.
 */
function partitionsFor(query: BoardQuery, wanted: string[]): Partition[] {
  const statuses = query.status ? [query.status] : [...PROJECT_STATUSES];
  if (wanted.length > 0) {
    const first = wanted[0]!;
    return statuses.map((status) => ({ index: PROJECT_INDEX, pk: searchPartition(status, first), range: { prefix: first } }));
  }
  const range =
    query.from || query.to ? { between: [query.from ?? '0000', `${query.to ?? '9999-12-31'}\uffff`] as [string, string] } : undefined;
  return statuses.map((status) => ({
    index: PROJECT_INDEX,
    pk: boardPartition({ status, designer: query.designer, priority: query.priority }),
    range,
  }));
}

/**
 * One page of the admin board (a column, or all of them merged), newest first, filtered and searched
 * by the index items the projection writes: the index page, then its documents in one batch read.
 */
export async function boardPage(runtime: Runtime, query: BoardQuery, page: { scope: string; limit: number; cursor?: string }): Promise<BoardPage> {
  const wanted = queryWords(query.q).filter((word) => word.length >= MIN_WORD);
  if (query.q && wanted.length === 0) return { projects: [], nextCursor: null, read: 0 };
  const result = await pageOfPartitions(runtime, partitionsFor(query, wanted), page);
  if (wanted.length === 0) {
    // The index follows the documents a moment later: a card that no longer matches is left out.
    const cards = result.items.map((item) => JSON.parse(item.card as string) as BoardCard).filter((card) => matches(card as never, query, []));
    return { projects: cards, nextCursor: result.nextCursor, read: result.read };
  }
  const ids = [...new Set(result.items.map((item) => String(item.project_id)))];
  const { active } = await runtime.views.generations();
  const docs = await runtime.views.batchGet(active, ids.map((id) => projectKey(id)));
  const byId = new Map(docs.map((item) => { const doc = JSON.parse(item.doc as string) as ProjectDoc; return [doc.id, doc] as const; }));
  const projects = ids
    .map((id) => byId.get(id))
    .filter((doc): doc is ProjectDoc => !!doc && matches(doc, query, wanted))
    .sort((a, b) => (a.created_at! < b.created_at! ? 1 : a.created_at! > b.created_at! ? -1 : 0))
    .map((doc) => projectCard({ ...doc, comments: [] } as never));
  return { projects, nextCursor: result.nextCursor, read: result.read + docs.length };
}

/**
 * Projects per status of a client's screens (their own outside a team, and their team's) or of a
 * designer's (by id and by each proven e-mail), from the counters: one item read per status and key.
 */
export async function listCounts(runtime: Runtime, keys: { owner?: string; team?: string | null; designers?: string[] }): Promise<Record<string, number>> {
  const { active } = await runtime.views.generations();
  const counters = PROJECT_STATUSES.flatMap((status) => [
    ...(keys.owner ? [{ status, key: ownerStatusCounter(keys.owner, status) }] : []),
    ...(keys.team ? [{ status, key: teamStatusCounter(keys.team, status) }] : []),
    ...(keys.designers ?? []).map((designer) => ({ status, key: designerStatusCounter(designer, status) })),
  ]);
  const items = await runtime.views.batchGet(active, counters.map(({ key }) => counterItemKey(key)));
  const byKey = new Map(items.map((item) => [item.pk, Math.max(0, Number(item.n ?? 0))]));
  const counts: Record<string, number> = Object.fromEntries(PROJECT_STATUSES.map((status) => [status, 0]));
  for (const { status, key } of counters) counts[status]! += byKey.get(counterItemKey(key).pk) ?? 0;
  return counts;
}

/** How many projects each board partition holds (the counter projection): one item read each. */
export async function boardCounts(runtime: Runtime, query: Pick<BoardQuery, 'status' | 'designer' | 'priority'>): Promise<Record<string, number>> {
  const { active } = await runtime.views.generations();
  // A column's request counts its own column; the board without a status, all four.
  const partitions = (query.status ? [query.status] : PROJECT_STATUSES).map((status) => ({ status, partition: boardPartition({ status, designer: query.designer, priority: query.priority }) }));
  const items = await runtime.views.batchGet(active, partitions.map(({ partition }) => counterItemKey(partition)));
  const counts: Record<string, number> = {};
  for (const { status, partition } of partitions) {
    const item = items.find((candidate) => candidate.pk === counterItemKey(partition).pk);
    counts[status] = Math.max(0, Number(item?.n ?? 0));
  }
  return counts;
}
