import { grokGenerated, type ProjectState } from './state.js';
import { INDEX_NAMES, type IndexName } from '../../platform/views/view-reader.js';
import type { CounterRef } from '../../platform/views/counters.js';
import type { ViewItem } from '../../platform/views/views.js';

/**
 * The admin board's filter and search indexes, written beside each project document. A board item
 * carries the project's card with its client, so a column's page is one query of its size; a search
 * item carries the project's and its client's words, so a search checks its other words on the items
 * it reads and then reads only its hits' cards (their board item) in one batch. Neither depends on
 * the number of projects.
 *
 * Each item is indexed by all five of the views' indexes at once (an item may hold a key in every
 * index, and the partitions' names keep their uses apart), so a change rewrites few items: every
 * write is a conditional put of its own (the version guard), and DynamoDB has no conditional batch.
 *
 * - Board: one item per project, in the column (`board#<status>`, gsi1), the column narrowed to a
 *   designer (`…#d=<id or e-mail | unassigned>`, gsi2), to a priority (`…#p=<priority>`, gsi3) and to
 *   both (gsi4). Overwritten in place when the project moves, so an old column keeps no trace. Newest
 *   first.
 * - Search: the distinct words of the title and description (normalised: lower case, accents
 *   removed; at most MAX_WORDS, title first) and of the client's name and company (at most
 *   MAX_CLIENT_WORDS), each in `search#<status>#<first two letters>` sorted by the word, in the index
 *   its first two letters choose (`searchIndex`), so `begins_with(word prefix)` on that one index
 *   reads only the projects with a matching word. A search item holds up to one word per index:
 *   about a third as many items as words.
 * - Counters: each project counts 1 in every board partition it is in (`counters`), kept by the
 *   projector as the project moves; a column's count is one item read.
 */
/** The index that holds a board filter's partition: the column, by designer, by priority, by both. */
export const boardIndex = (filter: Pick<BoardFilter, 'designer' | 'priority'>): IndexName =>
  filter.designer ? (filter.priority ? 'gsi4' : 'gsi2') : filter.priority ? 'gsi3' : 'gsi1';
export const MAX_WORDS = 32;
export const MIN_WORD = 2;
const STOP_WORDS = new Set([
  'the',
  'and',
  'for',
  'with',
  'of',
  'to',
  'in',
  'on',
  'an',
  'at',
  'by',
  'is',
  'it',
  'or',
  'be',
  'as',
  'we',
  'our',
  'my',
]);

export interface BoardFilter {
  status: string;
  designer?: string;
  priority?: string;
}

/** A designer as the board filters by them: user id or e-mail, lower case, or 'unassigned'. */
export const designerKeyOf = (project: Pick<ProjectState, 'assigned_designer_id' | 'assigned_designer_email'>) =>
  (project.assigned_designer_id ?? project.assigned_designer_email ?? 'unassigned').toLowerCase();

export function boardPartition(filter: BoardFilter): string {
  let partition = `board#${filter.status}`;
  if (filter.designer) partition += `#d=${filter.designer.toLowerCase()}`;
  if (filter.priority) partition += `#p=${filter.priority}`;
  return partition;
}

export const searchPartition = (status: string, word: string) => `search#${status}#${word.slice(0, MIN_WORD)}`;

/** Lower case, accents removed, split on anything but letters and digits. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= MIN_WORD);
}

/** The words a project is found by, title first, each once, at most MAX_WORDS. */
export function searchWords(project: Pick<ProjectState, 'title' | 'description'>): string[] {
  const found = new Set<string>();
  for (const word of [...words(project.title ?? ''), ...words(project.description ?? '')]) {
    if (STOP_WORDS.has(word)) continue;
    found.add(word.slice(0, 40));
    if (found.size === MAX_WORDS) break;
  }
  return [...found];
}

/** A client's name and company add at most this many words to each of their projects' search items. */
export const MAX_CLIENT_WORDS = 16;

/** The words a client is found by (the same normalisation, stop words and prefix rule as a project's). */
export function clientSearchWords(profile: { full_name?: string | null; company?: string | null } | null): string[] {
  const found = new Set<string>();
  for (const word of [...words(profile?.full_name ?? ''), ...words(profile?.company ?? '')]) {
    if (STOP_WORDS.has(word)) continue;
    found.add(word.slice(0, 40));
    if (found.size === MAX_CLIENT_WORDS) break;
  }
  return [...found];
}

/** The client on a project's card (the users projection's profile, looked up by the projector). */
export interface CardClient {
  id: string;
  full_name: string | null;
  email: string | null;
  company: string | null;
}

/** The client as a card shows it, from their card item (the users projection's; null before it exists). */
export function cardClient(card: ViewItem | undefined): CardClient | null {
  return card && typeof card.client === 'string' ? (JSON.parse(card.client) as CardClient) : null;
}

/** The board filters a project is listed under (and counted in): its column, by designer, priority, both. */
export function boardFilters(project: ProjectState): BoardFilter[] {
  const status = project.status;
  const designer = designerKeyOf(project);
  const priority = project.priority;
  return [{ status }, { status, designer }, { status, priority }, { status, designer, priority }];
}

/** A board card: the document without its heavy parts (what GET /api/projects lists), and its client. */
export function projectCard(project: ProjectState, client: CardClient | null = null) {
  const {
    checklist,
    specifications: _s,
    description: _d,
    files: _f,
    pending_comments: _c,
    review_standing: _r,
    ...rest
  } = project;
  return {
    ...rest,
    grok_generated: grokGenerated(project.checklist_origin),
    id: project.id!,
    checklist_total: checklist.length,
    checklist_completed: checklist.filter((task) => task.completed).length,
    client,
  };
}

/**
 * The words on a project's search items: its own (title and description) and its client's (name and
 * company), each once. Every search item carries them all, so a search checks its other words on the
 * item it read.
 */
export function projectSearchWords(
  project: Pick<ProjectState, 'title' | 'description'>,
  client: CardClient | null,
): string[] {
  return [...new Set([...searchWords(project), ...clientSearchWords(client)])];
}

/**
 * The index that holds a word's search entries: chosen by its first two letters (its partition's), so
 * every word a search's prefix can match is in one index and a search reads one partition, as when
 * each word had an item of its own. FNV-1a, fixed: moving a prefix to another index needs a rebuild.
 */
export function searchIndex(word: string): IndexName {
  let hash = 0x811c9dc5;
  for (const char of word.slice(0, MIN_WORD)) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return INDEX_NAMES[hash % INDEX_NAMES.length]!;
}

/** The word a search item is found by in one index (none: the item holds no word there). */
export function indexedWord(item: ViewItem, index: IndexName): string | null {
  const sort = item[`${index}sk`];
  return typeof sort === 'string' && String(item[`${index}pk`] ?? '').startsWith('search#')
    ? sort.slice(0, sort.indexOf('#'))
    : null;
}

/** The words a search item is found by, one per index. */
export const indexedWords = (item: ViewItem): string[] =>
  INDEX_NAMES.map((index) => indexedWord(item, index)).filter((word): word is string => word !== null);

/**
 * The index items of a project: its board item (with the card and its client, from the looked-up
 * profile) and its search items, each indexing up to one word of the project and its client per
 * index and carrying all of them (`words`, space-separated), with no card: a card changes on nearly every
 * event, and search items change only with the words or the status (a search reads its hits' cards
 * instead, one board item each).
 */
export function projectIndexItems(project: ProjectState, client: CardClient | null = null): ViewItem[] {
  if (!project.exists || !project.id) return [];
  const pk = `project#${project.id}`;
  const sort = `${project.created_at}#${project.id}`;
  const board: ViewItem = {
    pk,
    sk: BOARD_ITEM,
    project_id: project.id,
    card: JSON.stringify(projectCard(project, client)),
  };
  for (const filter of boardFilters(project)) {
    const index = boardIndex(filter);
    board[`${index}pk`] = boardPartition(filter);
    board[`${index}sk`] = sort;
  }
  const all = projectSearchWords(project, client);
  const joined = all.join(' ');
  // Each word in the index its first two letters choose: the k-th item holds each index's k-th word.
  const search: ViewItem[] = [];
  const used = new Map<IndexName, number>();
  for (const word of all) {
    const index = searchIndex(word);
    const position = used.get(index) ?? 0;
    used.set(index, position + 1);
    const item = (search[position] ??= { pk, sk: `ix#words#${position}`, project_id: project.id, words: joined });
    item[`${index}pk`] = searchPartition(project.status, word);
    item[`${index}sk`] = `${word}#${sort}`;
  }
  return [board, ...search];
}

const BOARD_ITEM = 'ix#board';

/** The board item every project has, whose card a search page reads for a hit. */
export const cardItemKey = (projectId: string) => ({ pk: `project#${projectId}`, sk: BOARD_ITEM });

/**
 * A client's projects of one status: their own outside a team, and each team's; one counter item
 * per client and per team, a field per status (a status change moves two fields of one item).
 */
export const ownerStatusCounter = (userId: string, status: string): CounterRef => ({
  item: `owner#${userId}`,
  field: status,
});
export const teamStatusCounter = (teamId: string, status: string): CounterRef => ({
  item: `team#${teamId}`,
  field: status,
});

/** The moderation queue's length. */
export const PENDING_COMMENTS_COUNTER: CounterRef = { item: 'moderation', field: 'pending' };

/**
 * How many projects a board partition holds (see boardPartition), in items of a bounded size, a field
 * per partition (`<status>`, `<status>#p=…`): the columns' partitions are fields of one board item (20
 * fields: four columns, each whole and by priority); the partitions narrowed to a designer are fields of
 * the designer's item (the unassigned projects' item too), which a designer's workload reads as well.
 * Neither grows with the number of projects or designers, the whole board's counts are one item read,
 * and a status change moves three items: the board's, the designer's, the client's.
 */
export function boardCounter(filter: BoardFilter): CounterRef {
  const field = filter.priority ? `${filter.status}#p=${filter.priority}` : filter.status;
  return { item: filter.designer ? `designer#${filter.designer.toLowerCase()}` : 'board', field };
}

/** A designer's projects of one status (the workload's active count), by id or e-mail: the board's own counter. */
export const designerStatusCounter = (designer: string, status: string): CounterRef =>
  boardCounter({ status, designer });

const boardCounters = (project: ProjectState): CounterRef[] => boardFilters(project).map(boardCounter);

/**
 * The counters a project counts 1 in. A status change moves them within three items (the board's,
 * its designer's, its client's or team's): three updates.
 */
export function projectCounters(project: ProjectState): CounterRef[] {
  if (!project.exists || !project.id) return [];
  // One count per pending comment (a counter may be listed more than once).
  const pending = project.pending_comments.map(() => PENDING_COMMENTS_COUNTER);
  const client = project.team_id
    ? teamStatusCounter(project.team_id, project.status)
    : ownerStatusCounter(project.user_id ?? '', project.status);
  // The board's designer partitions are the designer's workload counts (boardCounter).
  return [...boardCounters(project), client, ...pending];
}
