/** Raised when another command committed to the stream first. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamId} moved past version ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

/** An HTTP-facing error with a status and a message a person can read. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra response headers (e.g. `retry-after` on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A write of personal data for a subject whose data key was destroyed (privacy/data-keys.ts): that
 * person was erased, and nothing of theirs may be sealed again. Here, not beside the keys, so the
 * HTTP layer maps it to 410 without bundling the keys' KMS client.
 */
export class SubjectErasedError extends Error {
  constructor(readonly subject: string) {
    super(`The data key of ${subject} was destroyed`);
    this.name = 'SubjectErasedError';
  }
}
