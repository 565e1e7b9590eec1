import type { ProjectState } from '../../domain/project.js';
import type { ViewItem } from '../../core/views.js';

/**
 * The admin board's filter and search indexes, written beside each project document (gsi5). A
 * board item carries the project's card, so a column's page is one query of its size; a search item
 * carries only the project id, and a search page reads the documents of its hits in one batch (to
 * check the other words), so it costs twice its size. Neither depends on the number of projects.
 *
 * - Board partitions, one item each per project (overwritten in place when the project moves, so
 *   an old column keeps no trace): the column (`board#<status>`), the column narrowed to a designer
 *   (`…#d=<id or e-mail | unassigned>`), to a priority (`…#p=<priority>`) and to both. Newest first.
 * - Search: one item per distinct word of the title and description (normalised: lower case, accents
 *   removed; at most MAX_WORDS, title first), in `search#<status>#<first two letters>` sorted by the
 *   word, so `begins_with(word prefix)` reads only the projects with a matching word.
 * - Counters: each project counts 1 in every board partition it is in (`counters`), kept by the
 *   projector as the project moves; a column's count is one item read.
 */
export const PROJECT_INDEX = 'gsi5' as const;
export const MAX_WORDS = 32;
export const MIN_WORD = 2;
const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'of', 'to', 'in', 'on', 'an', 'at', 'by', 'is', 'it', 'or', 'be', 'as', 'we', 'our', 'my']);

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

/**
 * A client is found by the words of their name and company (the same normalisation and prefix rule):
 * one item per distinct word beside the profile, in `client-word#<first two letters>` of gsi5 sorted
 * by the word, so a search reads only the matching clients, then their projects by the owner index.
 */
export const MAX_CLIENT_WORDS = 16;
export const clientWordPartition = (word: string) => `client-word#${word.slice(0, MIN_WORD)}`;

export function clientSearchWords(profile: { full_name?: string | null; company?: string | null }): string[] {
  const found = new Set<string>();
  for (const word of [...words(profile.full_name ?? ''), ...words(profile.company ?? '')]) {
    if (STOP_WORDS.has(word)) continue;
    found.add(word.slice(0, 40));
    if (found.size === MAX_CLIENT_WORDS) break;
  }
  return [...found];
}

export function clientWordItems(userId: string, profile: { full_name?: string | null; company?: string | null }): ViewItem[] {
  return clientSearchWords(profile).map((word): ViewItem => ({
    pk: `user#${userId}`,
    sk: `ix#word#${word}`,
    gsi5pk: clientWordPartition(word),
    gsi5sk: `${word}#${userId}`,
    user_id: userId,
  }));
}

/** The board partitions a project is listed in (and counted in). */
export function boardPartitions(project: ProjectState): string[] {
  const status = project.status;
  const designer = designerKeyOf(project);
  const priority = project.priority;
  return [
    boardPartition({ status }),
    boardPartition({ status, designer }),
    boardPartition({ status, priority }),
    boardPartition({ status, designer, priority }),
  ];
}

/** A board card: the document without its heavy parts (what GET /api/projects lists). */
export function projectCard(project: ProjectState) {
  const { checklist, specifications: _s, description: _d, files: _f, comments: _c, ...rest } = project;
  return { ...rest, id: project.id!, checklist_total: checklist.length, checklist_completed: checklist.filter((task) => task.completed).length };
}

export function projectIndexItems(project: ProjectState): ViewItem[] {
  if (!project.exists || !project.id) return [];
  const pk = `project#${project.id}`;
  const sort = `${project.created_at}#${project.id}`;
  // Board items carry the card, so a column's page is one query; search items only the id.
  const card = JSON.stringify(projectCard(project));
  const board = boardPartitions(project).map(
    (partition, i): ViewItem => ({ pk, sk: `ix#board#${i}`, gsi5pk: partition, gsi5sk: sort, project_id: project.id, card }),
  );
  const search = searchWords(project).map(
    (word): ViewItem => ({ pk, sk: `ix#word#${word}`, gsi5pk: searchPartition(project.status, word), gsi5sk: `${word}#${sort}`, project_id: project.id }),
  );
  return [...board, ...search];
}

/** A client's projects of one status: their own outside a team, and each team's. */
export const ownerStatusCounter = (userId: string, status: string) => `owner#${userId}#${status}`;
export const teamStatusCounter = (teamId: string, status: string) => `team#${teamId}#${status}`;

/** The moderation queue's length. */
export const PENDING_COMMENTS_COUNTER = 'moderation#pending';

/** A designer's projects of one status (the workload's active count), by id or e-mail. */
export const designerStatusCounter = (designer: string, status: string) => `designer#${designer.toLowerCase()}#${status}`;

export function projectCounters(project: ProjectState): string[] {
  if (!project.exists || !project.id) return [];
  const designer = designerKeyOf(project);
  // One count per pending comment (a counter may be listed more than once).
  const pending = project.comments.filter((comment) => !comment.approved).map(() => PENDING_COMMENTS_COUNTER);
  const client = project.team_id ? teamStatusCounter(project.team_id, project.status) : ownerStatusCounter(project.user_id ?? '', project.status);
  return [...boardPartitions(project), ...(designer === 'unassigned' ? [] : [designerStatusCounter(designer, project.status)]), client, ...pending];
}
