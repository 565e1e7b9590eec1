/**
 * The notifications' page cursor: the last id of the page before, opaque to the client. It needs no
 * signature: it is only ever used inside the caller's own partition (`$inbox#<sub>`), so a forged one
 * can at most skip the caller's own notifications.
 */
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const encodeCursor = (id: string) => Buffer.from(`n1:${id}`).toString('base64url');

/** The id a cursor stands for, or null when it is not one of ours. */
export function decodeCursor(cursor: string): string | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith('n1:') ? text.slice(3) : '';
  return ULID.test(id) ? id : null;
}
