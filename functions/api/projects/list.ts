import * as z from '../../../events/zod.js';
import { PRIORITIES, PROJECT_STATUSES } from '../../../events/vocabulary.js';
import { hasRole } from '../../http/auth.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { allProjects, mergeNewestFirst, projectsOfDesigner, projectsOfOwner, projectsOfTeam, type ProjectDoc } from '../../queries/projects.js';
import { getUser } from '../../queries/users.js';
import { getRuntime } from '../../core/runtime.js';
import { toCard, type ListProjectsResponse } from '../contracts/projects.js';
import { withClients } from './present.js';

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const date = z.pipe(z.transform(blankIsAbsent), z.optional(z.iso.date({ message: 'Dates must be YYYY-MM-DD' })));

/** The admin filters (spec/2 §2 Projects tab); any caller may narrow their own list with them. */
export const listProjectsQuery = z.object({
  q: z.pipe(z.transform(blankIsAbsent), z.optional(z.string().check(z.trim(), z.maxLength(200)))),
  status: z.pipe(z.transform(blankIsAbsent), z.optional(z.enum(PROJECT_STATUSES))),
  /** A designer's user id or e-mail, or 'unassigned'. */
  designer: z.pipe(z.transform(blankIsAbsent), z.optional(z.string().check(z.trim(), z.maxLength(200)))),
  priority: z.pipe(z.transform(blankIsAbsent), z.optional(z.enum(PRIORITIES))),
  from: date,
  to: date,
});
type ListQuery = z.infer<typeof listProjectsQuery>;

function matches(project: ProjectDoc, query: ListQuery): boolean {
  if (query.status && project.status !== query.status) return false;
  if (query.priority && project.priority !== query.priority) return false;
  if (query.designer) {
    const wanted = query.designer.toLowerCase();
    const assigned = [project.assigned_designer_id, project.assigned_designer_email].filter(Boolean).map((value) => value!.toLowerCase());
    if (wanted === 'unassigned' ? assigned.length > 0 : !assigned.includes(wanted)) return false;
  }
  const day = project.created_at?.slice(0, 10) ?? '';
  if (query.from && day < query.from) return false;
  if (query.to && day > query.to) return false;
  if (query.q) {
    const needle = query.q.toLowerCase();
    if (!project.title.toLowerCase().includes(needle) && !project.description.toLowerCase().includes(needle)) return false;
  }
  return true;
}

/**
 * GET /api/projects. Admins: all; designers: assigned to them by id or e-mail; clients: their own and
 * their team's. One projection query per partition (no per-project reads); admins and designers also
 * get each card's client, joined from the users projection in one batch read.
 */
export const handler = httpHandler({ query: listProjectsQuery }, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  let projects: ProjectDoc[];
  const admin = hasRole(principal, 'admin');
  const designer = !admin && hasRole(principal, 'designer');
  if (admin) {
    projects = await allProjects(runtime);
  } else if (designer) {
    // By id, and by the addresses the caller proved (never the token's e-mail claim alone).
    const lists = await Promise.all([principal.sub, ...principal.designerEmails].map((idOrEmail) => projectsOfDesigner(runtime, idOrEmail)));
    projects = mergeNewestFirst(...lists);
  } else {
    const user = await getUser(runtime, principal.sub);
    const [own, team] = await Promise.all([projectsOfOwner(runtime, principal.sub), user?.team_id ? projectsOfTeam(runtime, user.team_id) : []]);
    projects = mergeNewestFirst(own, team);
  }
  let cards = projects.filter((project) => matches(project, request.query)).map(toCard);
  if (admin || designer) cards = await withClients(runtime, cards);
  const body: ListProjectsResponse = { projects: cards };
  return { body };
});
