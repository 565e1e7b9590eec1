import {
  FILE_TOO_LARGE_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  MAX_FILE_BYTES,
  isAllowedFileType,
  normaliseMimeType,
  parseUploadKey,
} from '#shared/uploads.js';
import { recordProjectFile } from '../../projects/commands.js';
import { actorOf, provenEmailOf } from '../../../platform/http/auth.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { log } from '../../../platform/log.js';
import { appending } from '../../../app/runtime.js';
import { copyObject, deleteObject, getObjectBytes, headObject, incomingPrefix } from '../../../platform/aws/storage.js';
import { countPages } from '../pages.js';
import { recordFileBody, type RecordFileResponse } from '../contracts.js';
import { projectParams, readableProject, requireFileWriter } from '../access.js';

const removeQuietly = (key: string) =>
  deleteObject(key).catch((error: unknown) =>
    log.warn('Could not remove a refused upload', { key, error: String(error) }),
  );

/**
 * POST /api/projects/{id}/files: records an upload as `FileUploaded`, but only after checking the
 * object that is actually in the bucket (HeadObject): it must sit under this project's folder for
 * its kind, be at most 50 MB and of an allowed type. The embedded S3 enforces none of the POST
 * policy, and a browser can lie about anything, so a refused object is deleted and nothing is
 * appended. If recording fails the object is removed too (docs/product.md#calls: storage cleanup).
 */
export const handler = httpHandler({ body: recordFileBody, params: projectParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const prefix = incomingPrefix();
  const uploadedKey = request.body.key;
  const parsed = uploadedKey.startsWith(prefix) ? parseUploadKey(uploadedKey.slice(prefix.length)) : null;
  if (!parsed || parsed.projectId !== request.params.id) {
    throw new HttpError(400, 'INVALID_KEY', 'This upload does not belong to this project.');
  }

  const project = await readableProject(runtime, principal, parsed.projectId);
  requireFileWriter(principal, project, parsed.fileType);
  if (request.body.version_of && parsed.fileType !== 'deliverable')
    throw new HttpError(400, 'INVALID', 'Only deliverables have versions');
  const known = project.files.find((file) => file.id === parsed.fileId);
  if (known) return { status: 200, body: { file: known } satisfies RecordFileResponse };

  const stored = await headObject(uploadedKey);
  if (!stored) throw new HttpError(400, 'UPLOAD_NOT_FOUND', 'The uploaded file was not found. Please upload it again.');
  if (stored.size > MAX_FILE_BYTES) {
    await removeQuietly(uploadedKey);
    throw new HttpError(400, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
  }
  if (!isAllowedFileType(parsed.fileName, stored.contentType)) {
    await removeQuietly(uploadedKey);
    throw new HttpError(400, 'INVALID_FILE_TYPE', INVALID_FILE_TYPE_MESSAGE);
  }

  const finalKey = uploadedKey.slice(prefix.length);
  // A deliverable's pages are counted once, here, so the review can refuse notes on pages it lacks.
  const contentType = normaliseMimeType(stored.contentType);
  const pageCount =
    parsed.fileType === 'deliverable' ? await countPages(contentType, () => getObjectBytes(uploadedKey)) : null;
  try {
    if (prefix) {
      await copyObject(uploadedKey, finalKey);
      await removeQuietly(uploadedKey);
    }
    const file = await recordProjectFile(
      runtime,
      parsed.projectId,
      {
        file_id: parsed.fileId,
        file_name: parsed.fileName,
        file_type: parsed.fileType,
        file_category: contentType,
        file_size: stored.size,
        file_url: finalKey,
        ...(request.body.version_of ? { version_of: request.body.version_of } : {}),
        ...(pageCount === null ? {} : { page_count: pageCount }),
      },
      {
        actor: actorOf(principal),
        actorEmail: provenEmailOf(principal),
        correlationId: request.correlationId || undefined,
      },
    );
    return { status: 201, body: { file } satisfies RecordFileResponse };
  } catch (error) {
    await removeQuietly(finalKey);
    throw error;
  }
});
