import { designerDecider, designerStream, type DesignerState } from './decider.js';
import type { CommitMeta } from '../../platform/event-store/event-store.js';
import { runCommand } from '../../platform/event-store/command.js';
import { log } from '../../platform/log.js';
import { mailer } from '../../platform/mail/index.js';
import type { Appending } from '../../platform/runtime.js';

/** The SPA page a designer invitation links to. */
export const DESIGNER_INVITE_PATH = '/designer-invite';

export const designerInviteLink = (token: string) =>
  `${(process.env.SITE_URL ?? '').replace(/\/+$/, '')}${DESIGNER_INVITE_PATH}?token=${encodeURIComponent(token)}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * E-mails the invitation link to the authorised address (through the mail adapter: SES, or the local
 * outbox), then records the outcome in the designer stream. Answers whether it went out; a failure
 * leaves the invitation pending, to be resent.
 */
export async function deliverDesignerInvitation(
  runtime: Appending,
  state: DesignerState,
  token: string,
  meta: CommitMeta,
): Promise<{ state: DesignerState; sent: boolean }> {
  const email = state.email!;
  const link = designerInviteLink(token);
  const expires = new Date(state.invitation!.expires_at).toUTCString();
  let outcome: { sent: true } | { sent: false; reason: string };
  try {
    await mailer().send({
      to: email,
      subject: 'You have been added as a designer on Design Club',
      text: [
        'Hello,',
        '',
        'You have been added as a designer on Design Club. Follow this link to accept, and sign in (or create your ' +
          'account) with this e-mail address:',
        link,
        '',
        'Once you accept, the projects assigned to you appear on your designer dashboard.',
        `The link works once and expires on ${expires}. If you did not expect this, you can ignore this e-mail.`,
        '',
        'Design Club',
      ].join('\n'),
      html: [
        '<p>Hello,</p>',
        '<p>You have been added as a designer on Design Club. Accept, and sign in (or create your account) with this ' +
          'e-mail address:</p>',
        `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
        '<p>Once you accept, the projects assigned to you appear on your designer dashboard.</p>',
        `<p>The link works once and expires on ${escapeHtml(expires)}. If you did not expect this, you can ignore ` +
          `this e-mail.</p>`,
        '<p>Design Club</p>',
      ].join(''),
      tag: 'designer-invite',
    });
    outcome = { sent: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn('Designer invitation e-mail failed', { to: email, reason });
    outcome = { sent: false, reason };
  }
  try {
    const recorded = await runCommand(
      designerDecider,
      designerStream(email),
      outcome.sent
        ? { type: 'RecordDesignerInvitationSent' }
        : { type: 'RecordDesignerInvitationSendFailed', reason: outcome.reason },
      meta,
      runtime,
    );
    return { state: recorded.state, sent: outcome.sent };
  } catch (error) {
    // The e-mail's fate is already decided; failing to note it must not turn it into an error.
    log.warn('Could not record the designer invitation outcome', { email, error: (error as Error).message });
    return { state, sent: outcome.sent };
  }
}
