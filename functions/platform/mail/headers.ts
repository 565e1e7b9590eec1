import { canonicalEmail } from '../../../shared/email.js';
import * as z from '../../../events/zod.js';
import { MailError, type MailMessage } from './types.js';

/**
 * Every header of every mail the product sends is built here, whatever composed the message (team
 * and designer invitations, password resets, test e-mails, notifications and digests, the embedded
 * Cognito's messages): people type names, team names and project titles that end up in a Subject,
 * and a line break there would add headers of their choosing (`Bcc:`, `Reply-To:`). So:
 *
 * - a header's text is one line: every control character (C0, DEL, C1) and the Unicode line and
 *   paragraph separators become a space, runs of white space one space, and it is cut to a length a
 *   mail program shows (RFC 5322 allows 998 octets a line; a subject needs far less);
 * - an address is exactly one addr-spec, as the project accepts addresses everywhere (zod's e-mail
 *   check on the canonical form, shared/email.ts): no display name, no list, no comment, no group;
 * - a display name is a quoted-string (or RFC 2047 encoded words when it is not ASCII);
 * - extra headers (List-Unsubscribe) have token names, and may not name an addressing header.
 *
 * The SES mailer hands the prepared subject and headers to SESv2's `Simple` content, which encodes
 * them; the local outbox writes raw MIME, so `mimeHeaderLines` encodes non-ASCII text (RFC 2047).
 */
export const MAX_SUBJECT_LENGTH = 200;
export const MAX_HEADER_LENGTH = 900;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a header must not carry.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a header must not carry.
const HAS_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** One line of header text: no control character or line separator reaches a header. */
export function headerText(value: string, max = MAX_HEADER_LENGTH): string {
  const line = value.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  // Cut on a code point, never inside a surrogate pair.
  return `${Array.from(line)
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

const addrSpec = /* @__PURE__ */ (() => z.email())();

/** The one addr-spec `raw` is, in the canonical form; anything else (a list, a name, a line break) is refused. */
export function mailAddress(raw: string): string {
  const address = canonicalEmail(raw);
  if (
    address.length > 254 ||
    HAS_CONTROL.test(raw) ||
    /[\s,;<>"()]/.test(address) ||
    !z.safeParse(addrSpec, address).success
  ) {
    throw new MailError('Email could not be sent: the recipient is not one valid e-mail address');
  }
  return address;
}

/** A display name and address, as a From or To header carries them: `"Design Club" <no-reply@…>`. */
export function formatAddress(name: string, address: string): string {
  const phrase = headerText(name, 78);
  const spec = mailAddress(address);
  if (!phrase) return spec;
  const quoted = /^[\x20-\x7e]*$/.test(phrase)
    ? `"${phrase.replace(/[\\"]/g, '\\$&')}"`
    : encodedWords(phrase).join(' ');
  return `${quoted} <${spec}>`;
}

/** Headers the product sets itself: an extra header may not replace or add to them. */
const RESERVED = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'sender',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'return-path',
  'content-type',
  'content-transfer-encoding',
]);

/** A message as every mailer sends it: one recipient, a one-line subject, checked extra headers. */
export interface PreparedMail extends MailMessage {
  headers: Record<string, string>;
}

export function prepareMail(message: MailMessage): PreparedMail {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,75}$/.test(name) || RESERVED.has(name.toLowerCase()))
      throw new MailError(
        `Email could not be sent: ${JSON.stringify(name.slice(0, 80))} is not a header the product may set`,
      );
    headers[name] = headerText(value);
  }
  return {
    ...message,
    to: mailAddress(message.to),
    subject: headerText(message.subject, MAX_SUBJECT_LENGTH) || '(no subject)',
    headers,
  };
}

/**
 * RFC 2047 "B" encoded words of at most 75 characters for non-ASCII text (split between code points,
 * never inside one), each on its own folded line when joined with CRLF + space.
 */
export function encodedWords(text: string): string[] {
  const words: string[] = [];
  let chunk = '';
  // 45 octets make 60 base64 characters: with "=?UTF-8?B?" and "?=" a word stays within 75.
  for (const char of text) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((part) => `=?UTF-8?B?${Buffer.from(part, 'utf8').toString('base64')}?=`);
}

/** A header line for raw MIME: ASCII text as it is, other text as folded encoded words. */
export function mimeHeader(name: string, value: string): string {
  const text = headerText(value);
  return /^[\x20-\x7e]*$/.test(text) ? `${name}: ${text}` : `${name}: ${encodedWords(text).join('\r\n ')}`;
}

/** The header block of a prepared message for a raw MIME file (the local outbox's .eml). */
export function mimeHeaderLines(
  mail: PreparedMail,
  envelope: { from: string; date: Date; messageId: string },
): string[] {
  return [
    `From: ${envelope.from}`,
    `To: ${mail.to}`,
    mimeHeader('Subject', mail.subject),
    `Date: ${envelope.date.toUTCString()}`,
    `Message-ID: <${headerText(envelope.messageId).replace(/[<>\s]/g, '')}>`,
    ...Object.entries(mail.headers).map(([name, value]) => mimeHeader(name, value)),
    'MIME-Version: 1.0',
  ];
}
