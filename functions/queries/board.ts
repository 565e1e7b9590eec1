import { PROJECT_STATUSES } from '../../events/vocabulary.js';
import { counterItemKey } from '../core/projector.js';
import type { Runtime } from '../core/runtime.js';
import {
  boardPartition,
  clientWordPartition,
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
import { userKey } from '../consumers/projections/keys/users.js';
import { decodeCursor, encodeCursor, invalidCursor } from '../core/cursor.js';
import type { ViewItem } from '../core/views.js';
import type { ProjectDoc } from './projects.js';
import { ownerPartition } from './projects.js';
import { pageOfPartitions, type Partition } from './paging.js';

/** The matching clients a search by name or company reads, at most, per page (their projects after). */
export const MAX_SEARCH_CLIENTS = 25;

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

const hasPrefix = (own: string[], word: string) => own.some((candidate) => candidate.startsWith(word));
const profileWords = (profile: { full_name?: string | null; company?: string | null } | undefined) =>
  profile ? words(`${profile.full_name ?? ''} ${profile.company ?? ''}`) : [];

function matches(project: Omit<ProjectDoc, 'checklist' | 'specifications' | 'files'>, query: BoardQuery, wanted: string[], client: string[] = []): boolean {
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
    // A word is found in the project's title or description, or in its client's name or company.
    const own = [...words(`${project.title} ${project.description ?? ''}`), ...client];
    if (!wanted.every((word) => hasPrefix(own, word))) return false;
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

const newestFirst = (a: ProjectDoc, b: ProjectDoc) => (a.created_at! < b.created_at! ? 1 : a.created_at! > b.created_at! ? -1 : 0);
const toCard = (doc: ProjectDoc) => projectCard({ ...doc, comments: [] } as never);

/**
 * One page of the admin board (a column, or all of them merged), newest first, filtered and searched
 * by the index items the projection writes: the index page, then its documents in one batch read.
 * A search lists first the projects whose own words hold the first searched word (the project word
 * partitions), then the projects of the clients whose name or company holds it (`clientPage`); the
 * second part leaves out what the first listed, so each project comes once.
 */
export async function boardPage(runtime: Runtime, query: BoardQuery, page: { scope: string; limit: number; cursor?: string }): Promise<BoardPage> {
  const wanted = queryWords(query.q).filter((word) => word.length >= MIN_WORD);
  if (query.q && wanted.length === 0) return { projects: [], nextCursor: null, read: 0 };
  // A cursor of the clients' part names where that part stopped (`c`); any other is the first part's.
  const state = page.cursor && wanted.length > 0 ? decodeCursor(page.scope, page.cursor) : undefined;
  if (state && 'c' in state) {
    const known = state.u;
    if (typeof state.c !== 'string' || (known !== undefined && !(Array.isArray(known) && known.every((id) => typeof id === 'string')))) throw invalidCursor();
    return clientPage(runtime, query, wanted, page, state.c, 0, known as string[] | undefined);
  }
  const result = await pageOfPartitions(runtime, partitionsFor(query, wanted), page);
  if (wanted.length === 0) {
    // The index follows the documents a moment later: a card that no longer matches is left out.
    const cards = result.items.map((item) => JSON.parse(item.card as string) as BoardCard).filter((card) => matches(card as never, query, []));
    return { projects: cards, nextCursor: result.nextCursor, read: result.read };
  }
  const ids = [...new Set(result.items.map((item) => String(item.project_id)))];
  const { active } = await runtime.views.generations();
  const docs = (await runtime.views.batchGet(active, ids.map((id) => projectKey(id)))).map((item) => JSON.parse(item.doc as string) as ProjectDoc);
  // Another searched word may be in the client's name or company: their profiles, for those only.
  const unsure = docs.filter((doc) => !matches(doc, query, wanted) && hasPrefix(words(`${doc.title} ${doc.description ?? ''}`), wanted[0]!));
  const owners = wanted.length > 1 ? [...new Set(unsure.map((doc) => doc.user_id).filter((id): id is string => !!id))] : [];
  const profiles = owners.length > 0 ? await runtime.views.batchGet(active, owners.map((id) => userKey(id))) : [];
  const clientWords = new Map(profiles.map((item) => { const profile = JSON.parse(item.doc as string); return [profile.user_id as string, profileWords(profile)] as const; }));
  const projects = docs
    .filter((doc) => matches(doc, query, wanted, clientWords.get(doc.user_id ?? '')))
    .sort(newestFirst)
    .map(toCard);
  const read = result.read + docs.length + profiles.length;
  if (result.nextCursor) return { projects, nextCursor: result.nextCursor, read };
  // The project words are read out: the clients' part follows, on this page while it has room.
  if (projects.length >= page.limit) return { projects, nextCursor: encodeCursor(page.scope, { c: '' }), read };
  const rest = await clientPage(runtime, query, wanted, { ...page, limit: page.limit - projects.length }, '', read);
  const listed = new Set(projects.map((project) => project.id));
  return { projects: [...projects, ...rest.projects.filter((project) => !listed.has(project.id))], nextCursor: rest.nextCursor, read: rest.read };
}

/**
 * The projects of the clients whose name or company holds the first searched word, newest first,
 * below `before` (the sort key the last page stopped at; '' for the top). At most MAX_SEARCH_CLIENTS
 * clients (the first by word, read on the part's first page and then carried in the cursor), each of
 * whose owner partitions reads a share of the page, so a page costs about twice its size whatever the
 * number of clients; the merge stops at the newest key where a partition's read stopped (every
 * project above it was read), and the cursor holds that one key.
 */
async function clientPage(
  runtime: Runtime,
  query: BoardQuery,
  wanted: string[],
  page: { scope: string; limit: number },
  before: string,
  readBefore: number,
  known?: string[],
): Promise<BoardPage> {
  const first = wanted[0]!;
  const { active } = await runtime.views.generations();
  let read = readBefore;
  // The clients are found on the part's first page and carried in the cursor (signed) after it.
  let clients = known;
  if (!clients) {
    const hits = await runtime.views.page(active, { index: PROJECT_INDEX, pk: clientWordPartition(first), range: { prefix: first } }, { limit: MAX_SEARCH_CLIENTS });
    read += hits.read;
    clients = [...new Set(hits.items.map((item) => String(item.user_id)))];
  }
  if (clients.length === 0) return { projects: [], nextCursor: null, read };
  let clientWords = new Map<string, string[]>();
  if (wanted.length > 1) {
    const profiles = await runtime.views.batchGet(active, clients.map((id) => userKey(id)));
    read += profiles.length;
    clientWords = new Map(profiles.map((item) => { const profile = JSON.parse(item.doc as string); return [profile.user_id as string, profileWords(profile)] as const; }));
  }
  const share = Math.min(page.limit, Math.max(2, Math.ceil((2 * page.limit) / clients.length)));
  // Strictly below `before` (the largest key under it), so the page's last item is not read again and
  // a partition holding only it cannot end the merge there.
  const below = before && `${before.slice(0, -1)}${String.fromCharCode(before.charCodeAt(before.length - 1) - 1)}\uffff`;
  const range = below ? { between: ['0000', below] as [string, string] } : undefined;
  const reads = await Promise.all(clients.map((id) => runtime.views.page(active, { index: 'gsi1', pk: ownerPartition(id), range }, { limit: share })));
  let frontier = '';
  const candidates: { sort: string; doc: ProjectDoc; client: string }[] = [];
  const ids = clients;
  reads.forEach((result, i) => {
    read += result.read;
    const items = result.items.filter((item: ViewItem) => String(item.gsi1sk) < before || !before);
    const last = result.items.at(-1);
    if (result.next && last && String(last.gsi1sk) > frontier) frontier = String(last.gsi1sk);
    for (const item of items) candidates.push({ sort: String(item.gsi1sk), doc: JSON.parse(item.doc as string) as ProjectDoc, client: ids[i]! });
  });
  candidates.sort((a, b) => (a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : 0));
  const projects: BoardCard[] = [];
  let stopped = '';
  let full = false;
  for (const { sort, doc, client } of candidates) {
    if (sort < frontier) break;
    if (projects.length >= page.limit) { full = true; break; }
    stopped = sort;
    const own = words(`${doc.title} ${doc.description ?? ''}`);
    // Listed by the first part already when its own words hold the first searched word.
    if (hasPrefix(own, first) || !(PROJECT_STATUSES as readonly string[]).includes(doc.status)) continue;
    if (matches(doc, query, wanted, clientWords.get(client) ?? [first])) projects.push(toCard(doc));
  }
  const more = full || frontier !== '';
  return { projects, nextCursor: more && stopped ? encodeCursor(page.scope, { c: stopped, u: clients }) : null, read };
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
