/** The wizard's file list: what was chosen, what the rules refused, and each upload's progress. */
import { MAX_FILES, checkFile, contentTypeFor, sanitiseFileName } from '#shared/uploads.js';

export type UploadStatus = 'ready' | 'uploading' | 'success' | 'error';

export interface UploadItem {
  id: string;
  file: File;
  /** The sanitised name it is stored (and shown) under. */
  name: string;
  size: number;
  status: UploadStatus;
  /** 0 to 100, from the upload's own progress events. */
  progress: number;
  error: string | null;
  /** Whether another attempt can succeed (a refused type or size cannot). */
  retryable: boolean;
}

let ids = 0;

/** A chosen file, checked at once: a refused type or size is marked failed and never sent. */
export function toUploadItem(file: File): UploadItem {
  const problem = checkFile({ name: file.name, type: contentTypeFor(file.name, file.type), size: file.size });
  return {
    id: `upload-${(ids += 1)}`,
    file,
    name: sanitiseFileName(file.name),
    size: file.size,
    status: problem ? 'error' : 'ready',
    progress: 0,
    error: problem?.message ?? null,
    retryable: false,
  };
}

/** At most 10 files: a drop that would exceed it adds nothing (the caller shows 'Too many files'). */
export function addFiles(
  current: readonly UploadItem[],
  files: readonly File[],
): { items: UploadItem[]; tooMany: boolean } {
  if (current.length + files.length > MAX_FILES) return { items: [...current], tooMany: true };
  return { items: [...current, ...files.map(toUploadItem)], tooMany: false };
}

export const isUploading = (items: readonly UploadItem[]) => items.some((item) => item.status === 'uploading');
export const pendingUploads = (items: readonly UploadItem[]) => items.filter((item) => item.status === 'ready');
