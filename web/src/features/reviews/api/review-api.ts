/**
 * The review loop's calls (functions/features/reviews/contracts.ts) and their TanStack Query keys:
 * one query per project (GET /reviews) that the Files tab and the viewer share, so a mutation's
 * invalidation redraws both.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordFileResponse, RequestUploadResponse } from '../../../../../functions/features/files/contracts.js';
import type { ProjectReviewResponse, ReviewActionBody, ReviewActionResponse, ReviewStatus } from '../../../../../functions/features/reviews/contracts.js';
import { checkFile, contentTypeFor } from '#shared/uploads.js';
import { ApiError, NOT_AUTHENTICATED, api, isUnauthenticated, newActionKey } from '../../../app/api.js';
import { UPLOAD_FAILED_MESSAGE, UploadError, postToStorage } from '../../files/api/uploads.js';

export const STATUS_LABELS: Record<ReviewStatus, string> = { awaiting_review: 'Awaiting review', changes_requested: 'Changes requested', approved: 'Approved' };
export const STATUS_TONES = { awaiting_review: 'info', changes_requested: 'warning', approved: 'success' } as const satisfies Record<ReviewStatus, string>;

export const reviewKey = (projectId: string) => ['projects', 'reviews', projectId] as const;
const reviewsPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/reviews`;

/** The project's review, kept fresh by the live topic of the project (a note, a decision, a version by someone else). */
export function useProjectReview(projectId: string) {
  return useQuery({
    queryKey: reviewKey(projectId),
    queryFn: () => api.get<ProjectReviewResponse>(reviewsPath(projectId)),
    // The app's live listener reads again every query whose topics a change names.
    meta: { topics: [`project:${projectId}`] },
    // A 403/404 (no review for this caller) will not change by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}

/** One action on the review; every answer invalidates the project's review. */
export function useReviewAction(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    // One click is one action: a retried request carries the same key.
    mutationFn: (body: ReviewActionBody) => api.post<ReviewActionResponse>(reviewsPath(projectId), body, { idempotencyKey: newActionKey() }),
    // A decision moves the project too (its status, 'Approved by client'): every cached project view
    // under ['projects'] is read again, not only the review.
    onSettled: (_answer, _error, body) =>
      client.invalidateQueries({ queryKey: body.action === 'approve' || body.action === 'request_changes' ? ['projects'] : reviewKey(projectId) }),
  });
}

/**
 * A new version of a deliverable through the same presigned path as every upload
 * (web/src/lib/uploads.ts), recorded with `version_of` naming the deliverable (its v1 file id).
 */
export async function uploadNewVersion(projectId: string, deliverableId: string, file: File, onProgress: (percent: number) => void): Promise<RecordFileResponse['file']> {
  const contentType = contentTypeFor(file.name, file.type);
  const problem = checkFile({ name: file.name, type: contentType, size: file.size });
  if (problem) throw new UploadError(problem.message, false);
  const path = `/projects/${encodeURIComponent(projectId)}`;
  try {
    const presigned = await api.post<RequestUploadResponse>(`${path}/uploads`, { file_name: file.name, content_type: contentType, file_size: file.size, file_type: 'deliverable' });
    onProgress(0);
    await postToStorage(presigned.upload, file, { onProgress });
    const recorded = await api.post<RecordFileResponse>(`${path}/files`, { key: presigned.key, version_of: deliverableId }, { idempotencyKey: newActionKey() });
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
    mutationFn: (input: { deliverableId: string; file: File; onProgress(percent: number): void }) => uploadNewVersion(projectId, input.deliverableId, input.file, input.onProgress),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKey(projectId) }),
  });
}
