import { canonicalEmail } from '#shared/email.js';
import { DomainError } from '../../../platform/domain-errors.js';
import { projectDecider, projectStream, type DesignerChoice } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { log } from '../../../platform/log.js';
import { designerByEmail, designersOfUser } from '../../designers/queries.js';
import { profilesOf, userByEmail } from '../../users/queries.js';
import type { Runtime } from '../../../platform/runtime.js';
import { appending } from '../../../app/runtime.js';
import { bulkUpdateBody, type BulkUpdateResponse } from '../../users/contracts.js';

const CONCURRENCY = 4;

const NOT_A_DESIGNER = 'Designer not found';

/** An active designer authorisation for this account or e-mail. */
async function isActiveDesigner(runtime: Runtime, userId: string | null, email: string | null): Promise<boolean> {
  const [linked, byEmail] = await Promise.all([
    userId ? designersOfUser(runtime, userId) : [],
    email ? designerByEmail(runtime, email) : null,
  ]);
  return [...linked, ...(byEmail ? [byEmail] : [])].some((designer) => designer.active);
}

/**
 * The designer a bulk assignment names: a registered designer by id or by e-mail (assigned by id,
 * with name and e-mail, as the management dialog does), or a pre-authorised designer's e-mail.
 * Only active designers are accepted.
 */
async function resolveDesigner(runtime: Runtime, designer: string | null): Promise<DesignerChoice> {
  if (designer === null) return null;
  const byEmail = designer.includes('@');
  const user = byEmail
    ? await userByEmail(runtime, designer)
    : ((await profilesOf(runtime, [designer])).get(designer) ?? null);
  const email = byEmail ? canonicalEmail(designer) : (user?.email ?? null);
  if ((!byEmail && !user) || !(await isActiveDesigner(runtime, user?.user_id ?? null, email))) {
    throw new HttpError(400, 'UNKNOWN_DESIGNER', NOT_A_DESIGNER);
  }
  if (!user) return { designer_email: email! };
  return { designer_id: user.user_id, designer_name: user.full_name ?? user.email, designer_email: user.email };
}

/** POST /api/projects/bulk: one UpdateProject command per project (one stream each), reported one by one. */
export const handler = httpHandler({ body: bulkUpdateBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const { ids, status, designer } = request.body;
  const command =
    status !== undefined
      ? { type: 'UpdateProject' as const, status }
      : { type: 'UpdateProject' as const, designer: await resolveDesigner(runtime, designer ?? null) };
  const meta = {
    actor: actorOf(principal),
    actorEmail: principal.email,
    correlationId: request.correlationId || undefined,
  };

  const unique = [...new Set(ids)];
  const result: BulkUpdateResponse = { updated: 0, failed: [] };
  let next = 0;
  async function worker() {
    while (next < unique.length) {
      const id = unique[next++]!;
      try {
        await runCommand(projectDecider, projectStream(id), command, meta, runtime);
        result.updated += 1;
      } catch (error) {
        if (error instanceof DomainError || error instanceof HttpError) {
          result.failed.push({ id, code: error.code, message: error.message });
        } else {
          log.error('Bulk update failed for a project', {
            id,
            error: error instanceof Error ? error.message : String(error),
          });
          result.failed.push({ id, code: 'INTERNAL', message: 'Failed to update project' });
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, unique.length) }, worker));
  return { body: result };
});
