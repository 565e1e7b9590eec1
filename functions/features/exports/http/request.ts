import { actorOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { newId } from '../../../platform/ids.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { exportDecider, exportStream } from '../decider.js';
import { exportView } from '../present.js';
import type { RequestDataExportResponse } from '../contracts.js';

/**
 * POST /api/me/data-export ('Download My Data'): records the request on the caller's own stream; the
 * archive is made in the background (reactions/build.ts). One at a time and one a day (the decider):
 * a refusal records nothing.
 */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const result = await runCommand(
    exportDecider,
    exportStream(principal.sub),
    { type: 'RequestDataExport', export_id: newId() },
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    runtime,
  );
  const body: RequestDataExportResponse = { export: exportView(result.state.exports[0]!, runtime.now().toISOString()) };
  return { status: 202, body };
});
