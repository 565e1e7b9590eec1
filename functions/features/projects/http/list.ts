import * as z from '#events/zod.js';
import { PRIORITIES, PROJECT_STATUSES } from '#shared/vocabulary.js';
import { hasRole } from '../../../platform/http/auth.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { designerPartition, ownerPartition, teamPartition, type ProjectDetail } from '../queries.js';
import { boardCounts, boardPage, listCounts } from '../board.js';
import { cursorScope, pageLimit, pageOfPartitions, type Partition } from '../../../platform/views/paging.js';
import type { ViewItem } from '../../../platform/views/views.js';
import { getUser } from '../../users/queries.js';
import { reading } from '../../../platform/views/reader.js';
import { toCard, type ListProjectsResponse, type ProjectCard } from '../contracts.js';
import { withClients } from '../present.js';

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const date = /* @__PURE__ */ (() =>
  z.pipe(z.transform(blankIsAbsent), z.optional(z.iso.date({ message: 'Dates must be YYYY-MM-DD' }))))();

/** The admin filters (docs/product.md#screens Projects tab); any caller may narrow their own list with them. */
export const listProjectsQuery = /* @__PURE__ */ (() =>
  z.object({
    q: z.pipe(z.transform(blankIsAbsent), z.optional(z.string().check(z.trim(), z.maxLength(200)))),
    status: z.pipe(z.transform(blankIsAbsent), z.optional(z.enum(PROJECT_STATUSES))),
    /** A designer's user id or e-mail, or 'unassigned'. */
    designer: z.pipe(z.transform(blankIsAbsent), z.optional(z.string().check(z.trim(), z.maxLength(200)))),
    priority: z.pipe(z.transform(blankIsAbsent), z.optional(z.enum(PRIORITIES))),
    from: date,
    to: date,
    limit: z.pipe(z.transform(blankIsAbsent), z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)))),
    /** The `next_cursor` of the previous page, as given. */
    cursor: z.pipe(z.transform(blankIsAbsent), z.optional(z.string().check(z.maxLength(4096)))),
  }))();
type ListQuery = z.infer<typeof listProjectsQuery>;

/** Page sizes of GET /api/projects: a board column or a client's list. */
export const PROJECTS_PAGE = { default: 100, max: 100 };
const ROUTE = 'GET /api/projects';

function matches(project: ProjectDetail, query: ListQuery): boolean {
  if (query.status && project.status !== query.status) return false;
  if (query.priority && project.priority !== query.priority) return false;
  if (query.designer) {
    const wanted = query.designer.toLowerCase();
    const assigned = [project.assigned_designer_id, project.assigned_designer_email]
      .filter(Boolean)
      .map((value) => value!.toLowerCase());
    if (wanted === 'unassigned' ? assigned.length > 0 : !assigned.includes(wanted)) return false;
  }
  const day = project.created_at?.slice(0, 10) ?? '';
  if (query.from && day < query.from) return false;
  if (query.to && day > query.to) return false;
  if (query.q) {
    const needle = query.q.toLowerCase();
    if (!project.title.toLowerCase().includes(needle) && !project.description.toLowerCase().includes(needle))
      return false;
  }
  return true;
}

const parse = (item: ViewItem) => JSON.parse(item.doc as string) as ProjectDetail;

/**
 * GET /api/projects, one page at a time (`limit`, `cursor`; no `next_cursor` on the last page).
 * Admins: the board, a column (`status`) or the four merged, filtered and searched by the index items
 * the projection writes, with each column's count from the counters. Designers: assigned to them by
 * id or e-mail; clients: their own and their team's (the partitions merged newest first; the filters
 * narrow the page). Admins and designers also get each card's client: on the admin board's cards as
 * the projection wrote them, joined in one batch read on a designer's list.
 */
export const handler = httpHandler({ query: listProjectsQuery }, async (request) => {
  const principal = signedIn(request);
  const runtime = reading();
  const { cursor, limit: asked, ...filters } = request.query;
  const limit = pageLimit(asked, PROJECTS_PAGE);
  const admin = hasRole(principal, 'admin');
  const designer = !admin && hasRole(principal, 'designer');
  let cards: ProjectCard[];
  let nextCursor: string | null;
  let counts: Record<string, number> | undefined;
  if (admin) {
    const scope = cursorScope(ROUTE, { view: 'admin', ...filters });
    const [page, columnCounts] = await Promise.all([
      boardPage(runtime, filters, { scope, limit, cursor }),
      // Counts follow the board's partitions; a search or a date range has no counter.
      cursor || filters.q || filters.from || filters.to ? undefined : boardCounts(runtime, filters),
    ]);
    cards = page.projects as ProjectCard[];
    nextCursor = page.nextCursor;
    counts = columnCounts;
  } else {
    // Designers by id, and by the addresses the caller proved (never the token's e-mail claim alone).
    const user = designer ? null : await getUser(runtime, principal.sub);
    const partitions: Partition[] = designer
      ? [principal.sub, ...principal.designerEmails].map((idOrEmail) => ({
          index: 'gsi3' as const,
          pk: designerPartition(idOrEmail),
        }))
      : [
          { index: 'gsi1' as const, pk: ownerPartition(principal.sub) },
          ...(user?.team_id ? [{ index: 'gsi2' as const, pk: teamPartition(user.team_id) }] : []),
        ];
    const scope = cursorScope(ROUTE, {
      view: designer ? 'designer' : 'client',
      sub: principal.sub,
      partitions: partitions.map((p) => p.pk).join('|'),
      ...filters,
    });
    const filtered = Object.values(filters).some((value) => value !== undefined);
    const [page, listed] = await Promise.all([
      pageOfPartitions(runtime, partitions, { scope, limit, cursor }),
      // The screens' status counters, on the first page of the unfiltered list.
      cursor || filtered
        ? undefined
        : listCounts(
            runtime,
            designer
              ? { designers: [principal.sub, ...principal.designerEmails] }
              : { owner: principal.sub, team: user?.team_id },
          ),
    ]);
    cards = page.items
      .map(parse)
      .filter((project) => matches(project, request.query))
      .map(toCard);
    nextCursor = page.nextCursor;
    // Only a list longer than its page needs them: the screen counts a whole list itself.
    counts = nextCursor ? listed : undefined;
  }
  // The admin board's cards carry their client (the projection keeps it); a designer's list joins it.
  if (designer) cards = await withClients(runtime, cards);
  const body: ListProjectsResponse = {
    projects: cards,
    ...(nextCursor ? { next_cursor: nextCursor } : {}),
    ...(counts ? { counts } : {}),
  };
  return { body };
});
