import { hasRole } from '../../../platform/http/auth.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { getProject, profilesOf } from '../queries.js';
import { activeTeamOf } from '../../users/queries.js';
import { reading } from '../../../platform/views/reader.js';
import { projectIdParams, type ProjectResponse } from '../contracts.js';
import { canReadProject, isAssignedDesigner } from '../access-queries.js';
import { clientPanel, clientSummary, permissionsFor } from '../present.js';

/**
 * GET /api/projects/{id}: details, checklist and files for a reader of the project, what the caller
 * may do with it, and the client: the full panel (phone, subscription tier) for admins, name and
 * company for the assigned designer.
 */
export const handler = httpHandler({ params: projectIdParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = reading();
  const [project, callerTeam] = await Promise.all([
    getProject(runtime, request.params.id),
    activeTeamOf(runtime, principal.sub),
  ]);
  // A project the caller may not read is answered like one that does not exist.
  if (!project || !canReadProject(principal, callerTeam, project))
    throw new HttpError(404, 'NOT_FOUND', 'Project not found');
  let client: ProjectResponse['client'];
  if (hasRole(principal, 'admin')) client = await clientPanel(runtime, project.user_id);
  else if (isAssignedDesigner(principal, project))
    client = clientSummary(await profilesOf(runtime, [project.user_id ?? '']), project.user_id);
  const body: ProjectResponse = {
    project,
    permissions: permissionsFor(principal, project),
    ...(client !== undefined ? { client } : {}),
  };
  return { body };
});
