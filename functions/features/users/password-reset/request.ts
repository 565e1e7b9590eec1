import { loadState, runCommand } from '../../../platform/event-store/command.js';
import { log } from '../../../platform/log.js';
import { consumeQuotas } from '../../../platform/quotas.js';
import type { Appending } from '../../../platform/runtime.js';
import { appending } from '../../../app/runtime.js';
import { userDecider, userEvolution, userStream } from '../decider.js';
import type { HttpRequest, HttpResult } from '../../../platform/http/middleware.js';
import { mailer } from '../../../platform/mail/index.js';
import { accountByEmail } from '../../designers/queries.js';
import { RESET_PATHS } from '../reset-paths.js';
import { canonicalEmail } from '#shared/email.js';
import { SYSTEM_ACTOR } from '#events/envelope.js';
import {
  PASSWORD_RESET_MESSAGES,
  type RequestPasswordResetResponse,
  type ResetFlow,
} from '../password-reset-contracts.js';
import { newResetToken } from './token.js';
import { viewerAddress } from '../../../platform/http/origin-check.js';

/** How long a reset link works. */
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const passwordResetLink = (flow: ResetFlow, token: string) =>
  `${(process.env.SITE_URL ?? '').replace(/\/+$/, '')}${RESET_PATHS[flow]}?token=${encodeURIComponent(token)}`;

/**
 * { email, flow }: mails a reset link when the address has an account. The answer
 * is the same when it has none, when the mail fails, and for the quota of an address (counted for
 * every address asked about), so the route tells nobody which addresses exist.
 */
export async function requestPasswordReset(
  request: HttpRequest<{ email: string; flow: ResetFlow }, unknown, unknown>,
): Promise<HttpResult> {
  const runtime = appending();
  const email = canonicalEmail(request.body.email);
  // The viewer, not CloudFront's edge (which every viewer near it shares): see viewerAddress.
  await consumeQuotas(
    runtime,
    ['passwordResetsPerIp', viewerAddress(request.event)],
    ['passwordResetsPerAddress', email],
  );
  const account = await accountByEmail(runtime, email);
  if (account) await sendResetLink(runtime, account.user_id, request.body.flow, request.correlationId);
  else log.info('Password reset asked for an address without an account');
  const body: RequestPasswordResetResponse = { message: PASSWORD_RESET_MESSAGES.sent };
  return { status: 202, body };
}

async function sendResetLink(
  runtime: Appending,
  userId: string,
  flow: ResetFlow,
  correlationId: string,
): Promise<void> {
  const { state } = await loadState(userEvolution, userStream(userId), runtime);
  if (!state.registered || !state.email) return;
  const { token, hash } = newResetToken(userId);
  const expiresAt = new Date(runtime.now().getTime() + RESET_LINK_LIFETIME_MS).toISOString();
  await runCommand(
    userDecider,
    userStream(userId),
    { type: 'RequestPasswordReset', token_hash: hash, expires_at: expiresAt },
    // The request is anonymous: the system mails the link on its behalf.
    { actor: SYSTEM_ACTOR, correlationId: correlationId || undefined },
    runtime,
  );
  const link = passwordResetLink(flow, token);
  try {
    await mailer().send({
      to: state.email,
      subject: 'Reset your Design Club password',
      text: [
        'Hello,',
        '',
        `We received a request to reset the password of your Design Club account (${state.email}).`,
        '',
        `Reset your password: ${link}`,
        '',
        'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
        '',
        'Design Club',
      ].join('\n'),
      html: [
        '<p>Hello,</p>',
        `<p>We received a request to reset the password of your Design Club account (${escapeHtml(state.email)}).</p>`,
        `<p><a href="${escapeHtml(link)}">Reset your password</a></p>`,
        '<p>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>',
        '<p>Design Club</p>',
      ].join('\n'),
      tag: 'password-reset',
    });
  } catch (error) {
    // Answering differently would tell a stranger that the address has an account.
    log.warn('Password reset e-mail failed', { userId, reason: (error as Error).message });
  }
}
