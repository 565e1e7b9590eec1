/** A message a person can read from whatever was thrown (Amplify, the API client, the network). */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/**
 * The description a failure toast shows: the server's own words when a quota is used up (429 says
 * what the limit is and when to try again), else the screen's usual text.
 */
export function failureDescription(error: unknown, fallback: string): string {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 429 && error instanceof Error && error.message ? error.message : fallback;
}
