import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkFile, contentTypeFor } from '#shared/uploads.js';
import type { RecordFileResponse, RequestUploadResponse } from '#features/files/contracts.js';
import { ApiError, NOT_AUTHENTICATED, api, isUnauthenticated, newActionKey } from '../../../app/api.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import { UPLOAD_FAILED_MESSAGE, UploadError, postToStorage } from '../../files/api/uploads.js';
import { reviewKey } from './keys.js';

/**
 * A new version of a deliverable through the same presigned path as every upload
 * (web/src/features/files/api/uploads.ts), recorded with `version_of` naming the deliverable (its v1 file id).
 */
export async function uploadNewVersion(
  projectId: string,
  deliverableId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<RecordFileResponse['file']> {
  const contentType = contentTypeFor(file.name, file.type);
  const problem = checkFile({ name: file.name, type: contentType, size: file.size });
  if (problem) throw new UploadError(problem.message, false);
  const path = `/projects/${encodeURIComponent(projectId)}`;
  try {
    const presigned = await api.post<RequestUploadResponse>(`${path}/uploads`, {
      file_name: file.name,
      content_type: contentType,
      file_size: file.size,
      file_type: 'deliverable',
    });
    onProgress(0);
    await postToStorage(presigned.upload, file, { onProgress });
    const recorded = await api.post<RecordFileResponse>(
      `${path}/files`,
      { key: presigned.key, version_of: deliverableId },
      { idempotencyKey: newActionKey() },
    );
    return recorded.file;
  } catch (error) {
    if (error instanceof UploadError) throw error;
    if (isUnauthenticated(error)) throw new UploadError(NOT_AUTHENTICATED, false);
    throw new UploadError(error instanceof ApiError && error.message ? error.message : UPLOAD_FAILED_MESSAGE, true);
  }
}

export function useUploadNewVersion(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { deliverableId: string; file: File; onProgress(percent: number): void }) =>
      uploadNewVersion(projectId, input.deliverableId, input.file, input.onProgress),
    // The new version is a project event: the review follows the project's topic (asked now while it is down).
    onSuccess: () => refreshUnlessLive([reviewKey(projectId)]),
    onError: () => client.invalidateQueries({ queryKey: reviewKey(projectId) }),
  });
}
