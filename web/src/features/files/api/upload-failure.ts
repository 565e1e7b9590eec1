import { NOT_AUTHENTICATED } from '../../../app/api.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { UploadError } from './uploads.js';

/** The toast for an upload that failed: the check's own words, or the spec's. */
export function toastUploadFailure(error: unknown): void {
  console.error('Upload failed', error);
  const message = error instanceof UploadError ? error.message : 'Unable to upload file. Please try again.';
  // An expired session: the spec's words, then sign-in (the API client goes there, with a way back).
  toast(
    message === NOT_AUTHENTICATED
      ? { title: NOT_AUTHENTICATED, variant: 'destructive' }
      : { title: 'Error', description: message, variant: 'destructive' },
  );
}
