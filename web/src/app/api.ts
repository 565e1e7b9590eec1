/**
 * The one API client. Paths are relative to the configured `apiUrl` ("/projects" -> "/api/projects").
 * Every call carries the ID token; errors arrive as ApiError with the server's code and message.
 */
import { ulid } from 'ulid';
import { currentIdToken, signOutUser } from './auth/auth-session.js';
import { loadConfig } from './config.js';
import { navigateTo, signInPathFor } from './navigation.js';
import { EMAIL_NOT_VERIFIED, isReauthenticating, proveEmail } from './email-proof.js';
import { isSignOutExpected } from './auth/expected-sign-out.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds to wait, from `Retry-After` (429: a quota is used up). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A key for one user action that creates something: sent as `Idempotency-Key`, the same on every
 * retry of that action, so a retried request returns the first result instead of a duplicate.
 */
export const newActionKey = (): string => ulid();

/**
 * The Idempotency-Key of one kind of action (submitting a project, posting a comment…): a retry of
 * the same request (after a failure or a lost answer) reuses the key, so the server answers with the
 * first result instead of creating a duplicate; once an attempt succeeds, the next action gets a new key.
 */
export class ActionKeys {
  private pending: { body: string; key: string } | null = null;

  async run<T>(body: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
    const text = JSON.stringify(body ?? null);
    if (this.pending?.body !== text) this.pending = { body: text, key: newActionKey() };
    const result = await send(this.pending.key);
    this.pending = null;
    return result;
  }
}

export interface RequestOptions {
  /** From `newActionKey()`, made once per user action and reused on its retries. */
  idempotencyKey?: string;
  /** Answer EMAIL_NOT_VERIFIED to the caller instead of opening the verification dialog (the dialog's own calls). */
  noEmailProof?: boolean;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function errorFromBody(status: number, body: unknown, fallback: string, retryAfter?: number): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : `http_${status}`;
  const message = typeof error?.message === 'string' && error.message ? error.message : fallback;
  return new ApiError(status, code, message, retryAfter);
}

/** What uploads and comments say when the session is no longer accepted (docs/product.md#validation). */
export const NOT_AUTHENTICATED = 'Not authenticated';

export const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;

let signingOut: Promise<void> | undefined;

/** The session is no longer accepted: sign out once, then go to the sign-in page, which returns here. */
export async function handleUnauthorized(): Promise<void> {
  signingOut ??= signOutUser()
    .catch((error: unknown) => console.error('Sign-out after 401 failed', error))
    .finally(() => {
      signingOut = undefined;
    });
  const here = window.location.pathname.startsWith('/auth') ? null : window.location;
  await signingOut;
  navigateTo(here ? signInPathFor(here) : '/auth', { replace: true });
}

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
  proofAsked = false,
  resent = false,
): Promise<T> {
  const [config, token] = await Promise.all([loadConfig(), currentIdToken()]);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${path.startsWith('/') ? path : `/${path}`}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }

  const text = await response.text();
  let parsed: unknown;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      if (response.ok) throw new ApiError(response.status, 'invalid_response', 'The server sent an unreadable answer.');
    }
  }

  if (!response.ok) {
    const error = errorFromBody(
      response.status,
      parsed,
      response.statusText || `Request failed (${response.status})`,
      Number(response.headers.get('retry-after')) || undefined,
    );
    if (response.status === 401 && !isReauthenticating() && !isSignOutExpected()) {
      // Sent with a token the session replaced while the request was on its way (a sign-in again, as
      // after an e-mail proof; a token read mid-swap: none): sent once more with the current one. Only
      // a session that is over, with no newer token, signs out.
      const current = resent ? token : await currentIdToken();
      if (current && current !== token) return request<T>(method, path, body, options, proofAsked, true);
      await handleUnauthorized();
    }
    // The action needs a proven address: the dialog proves it (and signs in again), then one retry.
    if (
      response.status === 403 &&
      error.code === EMAIL_NOT_VERIFIED &&
      !proofAsked &&
      !options.noEmailProof &&
      (await proveEmail(error.message))
    ) {
      return request<T>(method, path, body, options, true, resent);
    }
    throw error;
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T = void>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};
