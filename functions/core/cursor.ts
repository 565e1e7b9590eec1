import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from './errors.js';
import { signingKey } from './signing-key.js';

/**
 * Opaque page cursors. A cursor is where the last page stopped (the DynamoDB keys of each partition
 * it read), base64url JSON, followed by an HMAC over that payload *and the query it answers* (route,
 * partition, filters): a cursor cannot be edited, made up, or carried to another partition, another
 * filter or another route, since its signature would not hold there.
 */
export type CursorState = Record<string, unknown>;

const SEPARATOR = '.';
const MAX_CURSOR_LENGTH = 4_096;

/** The query a cursor belongs to, in one canonical string (keys sorted, absent values dropped). */
export function cursorScope(route: string, query: Record<string, unknown>): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${route}\n${JSON.stringify(entries)}`;
}

const sign = (scope: string, payload: string) => createHmac('sha256', signingKey('page cursors')).update(`${scope}\n${payload}`).digest('base64url');

export function encodeCursor(scope: string, state: CursorState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}${SEPARATOR}${sign(scope, payload)}`;
}

export const invalidCursor = () => new HttpError(400, 'INVALID_CURSOR', 'This page link is not valid for this list. Reload the list and try again.');

/** The state inside a cursor made for this scope; anything else is refused with 400 INVALID_CURSOR. */
export function decodeCursor(scope: string, cursor: string): CursorState {
  if (cursor.length > MAX_CURSOR_LENGTH) throw invalidCursor();
  const [payload, signature, ...rest] = cursor.split(SEPARATOR);
  if (!payload || !signature || rest.length > 0) throw invalidCursor();
  const expected = Buffer.from(sign(scope, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
  try {
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (!state || typeof state !== 'object' || Array.isArray(state)) throw new Error('not an object');
    return state as CursorState;
  } catch {
    throw invalidCursor();
  }
}
