import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { trigger } from './trigger-chain.js';

/** Where each flow's reset page lives (spec/1 §2): the SPA says which in the request's clientMetadata. */
export const RESET_PATHS = { client: '/auth/reset-password', team: '/team-login/reset-password' } as const;
export type ResetFlow = keyof typeof RESET_PATHS;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The password-reset link: the reset page reads the code and the e-mail from it. `code` is Cognito's
 * placeholder ({####}), which Cognito replaces with the real code when it sends the message.
 */
export function resetLink(siteUrl: string, flow: ResetFlow, code: string, email: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${RESET_PATHS[flow]}?code=${code}&email=${encodeURIComponent(email)}`;
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
