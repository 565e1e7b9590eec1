import { canonicalEmail } from '#shared/email.js';
import { projectDocument } from '../state.js';
import { projectDecider, projectStream, type DesignerChoice } from '../decider.js';
import { actorOf, hasRole, provenEmailOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { designerByEmail, designersOfUser } from '../../designers/queries.js';
import { getUser } from '../../users/queries.js';
import type { Runtime } from '../../../platform/runtime.js';
import { appending } from '../../../app/runtime.js';
import { projectIdParams, updateProjectBody, type ProjectResponse, type UpdateProjectBody } from '../contracts.js';
import { permissionsFor } from '../present.js';

const NOT_A_DESIGNER = 'Designer not found';

/** An active designer authorisation for this account or this e-mail (designer management). */
async function isActiveDesigner(runtime: Runtime, userId: string | null, email: string | null): Promise<boolean> {
  const [linked, byEmail] = await Promise.all([
    userId ? designersOfUser(runtime, userId) : [],
    email ? designerByEmail(runtime, email) : null,
  ]);
  return [...linked, ...(byEmail ? [byEmail] : [])].some((designer) => designer.active);
}

/**
 * The admin's choice as the command takes it: a registered designer by id (with their name and
 * e-mail from the users projection), or a pre-authorised designer by e-mail, kept as such when they
 * register. Only active designers can be chosen.
 */
async function resolveDesigner(
  runtime: Runtime,
  designer: NonNullable<UpdateProjectBody['designer']>,
): Promise<DesignerChoice> {
  if ('designer_id' in designer) {
    const profile = await getUser(runtime, designer.designer_id);
    if (!profile || !(await isActiveDesigner(runtime, designer.designer_id, profile.email)))
      throw new HttpError(400, 'UNKNOWN_DESIGNER', NOT_A_DESIGNER);
    return {
      designer_id: designer.designer_id,
      designer_name: designer.designer_name || profile.full_name || profile.email,
      designer_email: profile.email,
    };
  }
  const email = canonicalEmail(designer.designer_email);
  if (!(await isActiveDesigner(runtime, null, email))) throw new HttpError(400, 'UNKNOWN_DESIGNER', NOT_A_DESIGNER);
  return { designer_email: email };
}

/**
 * PATCH /api/projects/{id}: status, designer, priority and due date from the management dialog
 * (admins), or the status from the designer's selector (the assigned designer, in_progress and
 * needs_revision only). The decider holds the rules; a refusal is 403 and appends nothing.
 */
export const handler = httpHandler({ params: projectIdParams, body: updateProjectBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const { designer, ...rest } = request.body;
  // Only admins get this far with a designer (the decider refuses anyone else, and appends nothing).
  const choice: DesignerChoice | undefined =
    designer && hasRole(principal, 'admin') ? await resolveDesigner(runtime, designer) : designer;
  const result = await runCommand(
    projectDecider,
    projectStream(request.params.id),
    { type: 'UpdateProject', ...rest, ...(choice !== undefined ? { designer: choice } : {}) },
    {
      actor: actorOf(principal),
      actorEmail: provenEmailOf(principal),
      correlationId: request.correlationId || undefined,
    },
    runtime,
  );
  const document = projectDocument(result.state);
  const project = { ...document, id: request.params.id };
  const body: ProjectResponse = { project, permissions: permissionsFor(principal, project) };
  return { body };
});
