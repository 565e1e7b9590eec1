/**
 * Uploads from the browser: ask the API for a presigned POST, send the file straight to storage with
 * XMLHttpRequest (its upload progress events are the real progress), then ask the API to record it,
 * which checks the stored object first. One function for client files and deliverables.
 */
import type { DownloadFileResponse, RecordFileResponse, RequestUploadResponse } from '#features/files/contracts.js';
import type { FileType } from '#shared/vocabulary.js';
import { checkFile, contentTypeFor } from '#shared/uploads.js';
import { ApiError, NOT_AUTHENTICATED, api, isUnauthenticated, newActionKey } from '../../../app/api.js';

export const UPLOAD_FAILED_MESSAGE = 'Unable to upload file. Please try again.';

export class UploadError extends Error {
  constructor(
    message: string,
    /** False when trying again cannot help (the file itself is refused). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface UploadOptions {
  fileType?: FileType;
  /** 0 to 100, from the upload itself. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

/** Posts the presigned form with the file last (S3 ignores fields after the file). */
export function postToStorage(
  upload: RequestUploadResponse['upload'],
  file: Blob,
  options: Pick<UploadOptions, 'onProgress' | 'signal'> = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', upload.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(100);
        resolve();
      } else {
        reject(new UploadError(UPLOAD_FAILED_MESSAGE, true));
      }
    };
    request.onerror = () => reject(new UploadError(UPLOAD_FAILED_MESSAGE, true));
    request.onabort = () => reject(new UploadError('Upload cancelled', true));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

const REFUSED_FILE_CODES = new Set(['INVALID_FILE_TYPE', 'FILE_TOO_LARGE']);

function asUploadError(error: unknown): UploadError {
  if (error instanceof UploadError) return error;
  if (isUnauthenticated(error)) return new UploadError(NOT_AUTHENTICATED, false);
  if (error instanceof ApiError)
    return new UploadError(
      error.message || UPLOAD_FAILED_MESSAGE,
      !REFUSED_FILE_CODES.has(error.code) && error.status !== 403 && error.status !== 404,
    );
  return new UploadError(UPLOAD_FAILED_MESSAGE, true);
}

/**
 * Checks, uploads and records one file on a project; resolves with the recorded file. Imperative (three
 * requests with progress between them): callers run it as a mutation's mutationFn (useUploadProjectFile).
 */
export async function uploadProjectFile(
  projectId: string,
  file: File,
  options: UploadOptions = {},
): Promise<RecordFileResponse['file']> {
  const contentType = contentTypeFor(file.name, file.type);
  const problem = checkFile({ name: file.name, type: contentType, size: file.size });
  if (problem) throw new UploadError(problem.message, false);
  try {
    const presigned = await api.post<RequestUploadResponse>(`/projects/${encodeURIComponent(projectId)}/uploads`, {
      file_name: file.name,
      content_type: contentType,
      file_size: file.size,
      file_type: options.fileType ?? 'client_upload',
    });
    options.onProgress?.(0);
    await postToStorage(presigned.upload, file, options);
    // One upload is one action: a retried record of it returns the first record, not a second file.
    const recorded = await api.post<RecordFileResponse>(
      `/projects/${encodeURIComponent(projectId)}/files`,
      { key: presigned.key },
      { idempotencyKey: newActionKey() },
    );
    return recorded.file;
  } catch (error) {
    throw asUploadError(error);
  }
}

/** A signed link (300 s) that downloads the file. */
export async function fileDownloadUrl(projectId: string, fileId: string): Promise<string> {
  const answer = await api.get<DownloadFileResponse>(
    `/projects/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}`,
  );
  return answer.url;
}
