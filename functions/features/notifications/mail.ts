import { NOTIFICATION_KIND_LABELS } from '../../../shared/notification-kinds.js';
import type { MailMessage } from '../../platform/mail/index.js';
import { headerText, MAX_SUBJECT_LENGTH } from '../../platform/mail/headers.js';
import type { PendingMail } from './store.js';
import { unsubscribeToken } from './unsubscribe-token.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const site = () => (process.env.SITE_URL ?? '').replace(/\/+$/, '');

export const PREFERENCES_PATH = '/profile?tab=notifications';
/** Where the one-click POST goes (the List-Unsubscribe header, RFC 8058). */
export const unsubscribeUrl = (token: string) =>
  `${site()}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
/** The footer's link, for a person: a page that asks before it unsubscribes. */
export const unsubscribePage = (token: string) => `${site()}/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * One e-mail for one recipient: the lines of one project (immediate, with later events folded in)
 * or of a day (the digest). Plain HTML a screen reader reads in order, and the same in a text part;
 * each line names its project and links to it; the footer links to the preferences. An account gets
 * the RFC 8058 one-click headers: for the kind of the lines, or, in a digest, for the digest.
 */
export function composeMail(lines: readonly PendingMail[], options: { digest: boolean }): MailMessage {
  const first = lines[0]!;
  // A title is typed by people: it must not break the subject line (the mailers check it again).
  const subject = headerText(
    options.digest
      ? `Your Design Club digest: ${lines.length} update${lines.length === 1 ? '' : 's'}`
      : lines.length === 1
        ? first.message
        : `${lines.length} updates on ${first.project_title}`,
    MAX_SUBJECT_LENGTH,
  );
  const intro = options.digest
    ? 'Here is what happened on your projects since the last digest.'
    : `An update on ${first.project_title}.`;
  const preferences = `${site()}${PREFERENCES_PATH}`;
  const token = first.sub ? unsubscribeToken(first.sub, options.digest ? 'digest' : first.kind) : null;
  const kindLabel = options.digest ? 'the daily digest' : NOTIFICATION_KIND_LABELS[first.kind].toLowerCase();

  const text = [
    'Hello,',
    '',
    intro,
    '',
    ...lines.flatMap((line) => [
      `- ${line.message} (${line.project_title}, ${new Date(line.at).toUTCString()})`,
      // A line about the person's own account (their data archive) names no project.
      `  ${line.project_id ? 'Open the project' : 'Open it'}: ${site()}${line.link}`,
    ]),
    '',
    `Choose which e-mails you get: ${preferences}`,
    ...(token ? [`Stop e-mails about ${kindLabel}: ${unsubscribePage(token)}`] : []),
    '',
    'Design Club',
  ].join('\n');

  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...lines.map(
      (line) =>
        `<li><p>${escapeHtml(line.message)}<br><a ` +
        `href="${escapeHtml(site() + line.link)}">Open ${escapeHtml(line.project_title)}</a> ` +
        `· ${escapeHtml(new Date(line.at).toUTCString())}</p></li>`,
    ),
    '</ul>',
    `<p><a href="${escapeHtml(preferences)}">Choose which e-mails you get</a></p>`,
    ...(token
      ? [`<p><a href="${escapeHtml(unsubscribePage(token))}">Stop e-mails about ${escapeHtml(kindLabel)}</a></p>`]
      : []),
    '<p>Design Club</p>',
    '</body></html>',
  ].join('\n');

  const headers: Record<string, string> = token
    ? { 'List-Unsubscribe': `<${unsubscribeUrl(token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  return {
    to: first.email,
    subject,
    text,
    html,
    tag: options.digest ? 'notification-digest' : 'notification',
    headers,
  };
}
