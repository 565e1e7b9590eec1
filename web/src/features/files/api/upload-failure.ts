import { NOT_AUTHENTICATED } from '../../../app/api.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { UPLOAD_FAILED_MESSAGE, UploadError } from './uploads.js';

/** Why an upload failed, in the check's own words or the spec's, and whether trying again can help. */
export function uploadFailureOf(error: unknown): { message: string; retryable: boolean } {
  return error instanceof UploadError
    ? { message: error.message, retryable: error.retryable }
    : { message: UPLOAD_FAILED_MESSAGE, retryable: true };
}

/** The toast for an upload that failed: the check's own words, or the spec's. */
export function toastUploadFailure(error: unknown): void {
  console.error('Upload failed', error);
  const { message } = uploadFailureOf(error);
  // An expired session: the spec's words, then sign-in (the API client goes there, with a way back).
  toast(
    message === NOT_AUTHENTICATED
      ? { title: NOT_AUTHENTICATED, variant: 'destructive' }
      : { title: 'Error', description: message, variant: 'destructive' },
  );
}
