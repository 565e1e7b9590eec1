import { hasRole } from '../../lib/auth.js';
import { httpHandler, signedIn } from '../../lib/http.js';
import { allProjects, mergeNewestFirst, projectsOfDesigner, projectsOfOwner, projectsOfTeam } from '../../lib/queries/projects.js';
import { getUser } from '../../lib/queries/users.js';
import { getRuntime } from '../../lib/runtime.js';
import { toCard, type ListProjectsResponse } from '../contracts/projects.js';

/** Admins: all; designers: assigned to them by id or e-mail; clients: their own and their team's. */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  let projects;
  if (hasRole(principal, 'admin')) {
    projects = await allProjects(runtime);
  } else if (hasRole(principal, 'designer')) {
    projects = mergeNewestFirst(await projectsOfDesigner(runtime, principal.sub), principal.email ? await projectsOfDesigner(runtime, principal.email) : []);
  } else {
    const user = await getUser(runtime, principal.sub);
    const [own, team] = await Promise.all([projectsOfOwner(runtime, principal.sub), user?.team_id ? projectsOfTeam(runtime, user.team_id) : []]);
    projects = mergeNewestFirst(own, team);
  }
  const body: ListProjectsResponse = { projects: projects.map(toCard) };
  return { body };
});
