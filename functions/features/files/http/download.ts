import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { eventReading } from '../../../app/runtime.js';
import { SIGNED_URL_SECONDS, presignDownload } from '../../../platform/aws/storage.js';
import type { DownloadFileResponse } from '../contracts.js';
import { fileParams, readableProject } from '../access.js';

/** GET /api/projects/{id}/files/{fileId}: a download link valid for 300 s, for readers of the project. */
export const handler = httpHandler({ params: fileParams }, async (request) => {
  const principal = signedIn(request);
  const project = await readableProject(eventReading(), principal, request.params.id);
  const file = project.files.find((candidate) => candidate.id === request.params.fileId);
  if (!file) throw new HttpError(404, 'NOT_FOUND', 'File not found');
  const body: DownloadFileResponse = {
    url: await presignDownload(file.file_url, file.file_name),
    file_name: file.file_name,
    expires_in: SIGNED_URL_SECONDS,
  };
  return { body };
});
