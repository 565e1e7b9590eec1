import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../shared/notification-kinds.js';

/**
 * The one-click unsubscribe token of an e-mail: who (the account) and which kind, with an HMAC over
 * both under the runtime's key (NOTIFICATIONS_KEY: Secrets Manager in the cloud, the data folder's
 * secrets in `npm start`). It only ever turns one kind's e-mail off for one account, so it carries
 * no expiry: a mail read a year later must still unsubscribe.
 */
/** A kind's e-mails, or `digest`: every kind the user gets in the daily digest. */
export type UnsubscribeScope = NotificationKind | 'digest';
const SCOPES: readonly string[] = [...NOTIFICATION_KINDS, 'digest'];

const key = () => {
  const value = process.env.NOTIFICATIONS_KEY;
  if (!value) throw new Error('Missing environment variable NOTIFICATIONS_KEY');
  return value;
};

const signatureOf = (payload: string) =>
  createHmac('sha256', key()).update(`unsubscribe\n${payload}`).digest('base64url');

export function unsubscribeToken(sub: string, kind: UnsubscribeScope): string {
  const payload = Buffer.from(JSON.stringify({ u: sub, k: kind })).toString('base64url');
  return `${payload}.${signatureOf(payload)}`;
}

/** The account and kind a token names, or null when it is malformed or its signature does not hold. */
export function readUnsubscribeToken(token: string): { sub: string; kind: UnsubscribeScope } | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(signatureOf(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { u, k } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; k?: unknown };
    if (typeof u !== 'string' || !u || typeof k !== 'string' || !SCOPES.includes(k)) return null;
    return { sub: u, kind: k as UnsubscribeScope };
  } catch {
    return null;
  }
}
