import { z } from 'zod';
import { HttpError } from '../../lib/errors.js';
import { httpHandler, signedIn } from '../../lib/http.js';
import { getProject } from '../../lib/queries/projects.js';
import { getUser } from '../../lib/queries/users.js';
import { getRuntime } from '../../lib/runtime.js';
import type { ProjectResponse } from '../contracts/projects.js';
import { canReadProject } from './access.js';

export const projectIdParams = z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Unknown project id') });

export const handler = httpHandler({ params: projectIdParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  const [project, user] = await Promise.all([getProject(runtime, request.params.id), getUser(runtime, principal.sub)]);
  // A project the caller may not read is answered like one that does not exist.
  if (!project || !canReadProject(principal, user, project)) throw new HttpError(404, 'NOT_FOUND', 'Project not found');
  const body: ProjectResponse = { project };
  return { body };
});
