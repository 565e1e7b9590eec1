import { MAX_FILE_BYTES, checkFile, contentTypeFor, sanitiseFileName, uploadKey } from '#shared/uploads.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { newId } from '../../../platform/ids.js';
import { consumeQuota } from '../../../platform/quotas.js';
import { eventReading } from '../../../app/runtime.js';
import { SIGNED_URL_SECONDS, incomingPrefix, presignUpload } from '../../../platform/aws/storage.js';
import { requestUploadBody, type RequestUploadResponse } from '../contracts.js';
import { projectParams, readableProject, requireFileWriter } from '../access.js';

/**
 * POST /api/projects/{id}/uploads: a presigned POST for one file, straight from the browser to the
 * bucket, limited to its key, its content type and 50 MB. The browser's claims (type, size) are
 * checked here to fail fast; what really arrived is checked again when the file is recorded.
 */
export const handler = httpHandler({ body: requestUploadBody, params: projectParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = eventReading();
  const { file_name, file_size, file_type } = request.body;
  const project = await readableProject(runtime, principal, request.params.id);
  requireFileWriter(principal, project, file_type);

  const contentType = contentTypeFor(file_name, request.body.content_type);
  const problem = checkFile({ name: file_name, type: contentType, size: file_size });
  if (problem) throw new HttpError(400, problem.code, problem.message);
  // Storage and transfer cost money: presigned forms are counted per account.
  await consumeQuota(runtime, 'uploads', principal.sub);

  const fileId = newId();
  const key = `${incomingPrefix()}${uploadKey(project.id, file_type, fileId, file_name)}`;
  const upload = await presignUpload(key, contentType);
  const body: RequestUploadResponse = {
    file_id: fileId,
    key,
    file_name: sanitiseFileName(file_name),
    content_type: contentType,
    upload,
    expires_in: SIGNED_URL_SECONDS,
    max_bytes: MAX_FILE_BYTES,
  };
  return { status: 201, body };
});
