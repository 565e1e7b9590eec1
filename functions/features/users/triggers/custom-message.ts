import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { trigger } from '../../../platform/lambda/trigger-chain.js';
import { RESET_PATHS, type ResetFlow } from '../reset-paths.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The link's issue time is signed: an HMAC over the e-mail and the time with a key the trigger has
 * (RESET_LINK_KEY), so the time cannot be moved without the key. The reset page refuses a link whose
 * time is older than the code's life on load, before a password is typed (docs/product.md#states).
 */
export function resetLinkSignature(key: string, email: string, issued: number): string {
  return createHmac('sha256', key).update(`${email.toLowerCase()}\n${issued}`).digest('base64url').slice(0, 32);
}

export function isResetLinkSigned(key: string, email: string, issued: number, signature: string): boolean {
  const expected = Buffer.from(resetLinkSignature(key, email, issued));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The password-reset link: the reset page reads the code, the e-mail and the issue time from it.
 * `code` is Cognito's placeholder ({####}), which Cognito replaces with the real code when it sends
 * the message.
 */
export function resetLink(
  siteUrl: string,
  flow: ResetFlow,
  code: string,
  email: string,
  issued = Math.floor(Date.now() / 1000),
  key = process.env.RESET_LINK_KEY,
): string {
  const signature = key ? `&sig=${resetLinkSignature(key, email, issued)}` : '';
  const query = `code=${code}&email=${encodeURIComponent(email)}&issued=${issued}${signature}`;
  return `${siteUrl.replace(/\/+$/, '')}${RESET_PATHS[flow]}?${query}`;
}

/**
 * Cognito's CustomMessage trigger. For a forgotten password it writes the e-mail that carries the
 * reset link (the code travels in the link, not typed by hand). Every other message keeps Cognito's
 * default. The placeholder appears exactly once: cognito-local fills in only the first one.
 */
export const handler = trigger(async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  if (event.triggerSource !== 'CustomMessage_ForgotPassword') return event;
  const email = event.request.userAttributes.email ?? '';
  const flow: ResetFlow = event.request.clientMetadata?.flow === 'team' ? 'team' : 'client';
  const link = resetLink(process.env.SITE_URL ?? '', flow, event.request.codeParameter, email);
  event.response.emailSubject = 'Reset your Design Club password';
  event.response.emailMessage = [
    '<p>Hello,</p>',
    `<p>We received a request to reset the password of your Design Club account (${escapeHtml(email)}).</p>`,
    `<p><a href="${escapeHtml(link)}">Reset your password</a></p>`,
    '<p>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>',
    '<p>Design Club</p>',
  ].join('\n');
  return event;
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A readable plain-text twin of a Cognito HTML message (links written out), for the local outbox. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => `${label}: ${href}`)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#(\d+)|(\w+));/g, (match, _all, code: string | undefined, name: string | undefined) =>
      code ? String.fromCharCode(Number(code)) : (ENTITIES[name!] ?? match),
    )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
