import * as z from '../../../events/zod.js';
import type { UploadFileType } from '../../../shared/uploads.js';
import { projectDocument, projectEvolution, projectStream, type ProjectState } from '../projects/state.js';
import { hasRole, type Principal } from '../../platform/http/auth.js';
import { loadState } from '../../platform/event-store/load-state.js';
import { HttpError } from '../../platform/errors.js';
import { activeTeamOf } from '../users/queries.js';
import type { EventReading } from '../../platform/runtime.js';
import type { ProjectDetail } from '../projects/queries.js';
import { canReadProject, isAssignedDesigner } from '../projects/queries.js';

const ulid = (message: string) => z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, message));
export const projectParams = /* @__PURE__ */ (() => z.object({ id: ulid('Unknown project id') }))();
export const fileParams = /* @__PURE__ */ (() =>
  z.object({ id: ulid('Unknown project id'), fileId: ulid('Unknown file id') }))();

/**
 * The project as its own stream tells it, not the projection: the wizard uploads right after the
 * project is created, before the board's projection may have caught up. A project the caller may not
 * read is answered like one that does not exist.
 */
export async function readableProject(
  runtime: EventReading,
  principal: Principal,
  projectId: string,
): Promise<ProjectDetail> {
  const [{ state }, callerTeam] = await Promise.all([
    loadState(projectEvolution, projectStream(projectId), runtime),
    activeTeamOf(runtime, principal.sub),
  ]);
  const project = toDoc(state, projectId);
  if (!state.exists || !canReadProject(principal, callerTeam, project))
    throw new HttpError(404, 'NOT_FOUND', 'Project not found');
  return project;
}

function toDoc(state: ProjectState, id: string): ProjectDetail {
  return { ...projectDocument(state), id };
}

/**
 * Client files: the project's owner, or an admin (who submits on a client's behalf, files included).
 * Deliverables: admins and the assigned designer (docs/product.md#roles).
 */
export function requireFileWriter(principal: Principal, project: ProjectDetail, fileType: UploadFileType): void {
  if (fileType === 'client_upload') {
    if (project.user_id !== principal.sub && !hasRole(principal, 'admin'))
      throw new HttpError(403, 'FORBIDDEN', 'Only the project owner can add client files');
    return;
  }
  if (!hasRole(principal, 'admin') && !isAssignedDesigner(principal, project)) {
    throw new HttpError(403, 'FORBIDDEN', 'Only admins and the assigned designer can upload deliverables');
  }
}
