import { HttpError } from '../errors.js';
import { decodeSigned, encodeSigned } from '../signed-token.js';

/**
 * Opaque page cursors. A cursor is where the last page stopped (the DynamoDB keys of each partition
 * it read), base64url JSON, followed by an HMAC over that payload *and the query it answers* (route,
 * partition, filters): a cursor cannot be edited, made up, or carried to another partition, another
 * filter or another route, since its signature would not hold there.
 */
export type CursorState = Record<string, unknown>;

const MAX_CURSOR_LENGTH = 4_096;

/** The query a cursor belongs to, in one canonical string (keys sorted, absent values dropped). */
export function cursorScope(route: string, query: Record<string, unknown>): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${route}\n${JSON.stringify(entries)}`;
}

const USE = 'page cursors';

export function encodeCursor(scope: string, state: CursorState): string {
  return encodeSigned(USE, scope, state);
}

export const invalidCursor = () =>
  new HttpError(400, 'INVALID_CURSOR', 'This page link is not valid for this list. Reload the list and try again.');

/** The state inside a cursor made for this scope; anything else is refused with 400 INVALID_CURSOR. */
export function decodeCursor(scope: string, cursor: string): CursorState {
  const state = decodeSigned(USE, scope, cursor, MAX_CURSOR_LENGTH);
  if (!state) throw invalidCursor();
  return state;
}
