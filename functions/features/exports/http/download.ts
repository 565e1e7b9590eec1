import * as z from '#events/zod.js';
import { loadState } from '../../../platform/event-store/load-state.js';
import { HttpError } from '../../../platform/errors.js';
import { presignDownload, SIGNED_URL_SECONDS } from '../../../platform/aws/storage.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { eventReading } from '../../../app/runtime.js';
import { exportEvolution, exportStream } from '../state.js';
import type { DataExportLinkResponse } from '../contracts.js';

const params = /* @__PURE__ */ (() =>
  z.object({ id: z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Unknown export id')) }))();

/**
 * GET /api/me/data-export/{id}/download: a link to the archive valid for 300 s, only to the person
 * (the export is looked up in the caller's own stream, so another's id is simply not found) and only
 * until the archive expires.
 */
export const handler = httpHandler({ params }, async (request) => {
  const principal = signedIn(request);
  const runtime = eventReading();
  const { state } = await loadState(exportEvolution, exportStream(principal.sub), runtime);
  const record = state.exports.find((candidate) => candidate.export_id === request.params.id);
  if (!record) throw new HttpError(404, 'NOT_FOUND', 'Export not found');
  if (record.status !== 'ready' || !record.object_key || !record.expires_at)
    throw new HttpError(409, 'CONFLICT', 'This archive is not ready');
  if (record.expires_at <= runtime.now().toISOString())
    throw new HttpError(410, 'GONE', 'This archive has expired. Ask for a new one.');
  const fileName = `design-club-data-${record.requested_at.slice(0, 10)}.zip`;
  const body: DataExportLinkResponse = {
    url: await presignDownload(record.object_key, fileName),
    expires_in: SIGNED_URL_SECONDS,
    file_name: fileName,
  };
  return { body };
});
