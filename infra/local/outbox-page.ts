import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OutboxMailer } from './outbox-mailer.js';

/** The local outbox, for people: every e-mail the product sent, newest first (`?to=` filters). */
export async function outboxPage(outbox: OutboxMailer, path: string, req: IncomingMessage, res: ServerResponse) {
  const to = new URL(req.url ?? '/', 'http://local').searchParams.get('to') ?? undefined;
  const messages = await outbox.list(to);
  if (path === '/outbox.json') {
    res
      .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify({ messages }));
    return;
  }
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const linkify = (text: string) => escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
  const rows = messages
    .map((m) => {
      const tag = m.tag ? ` · ${escapeHtml(m.tag)}` : '';
      return (
        `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ` +
        `${escapeHtml(new Date(m.sentAt).toLocaleString('en-US'))}${tag}</p>` +
        `<pre>${linkify(m.text)}</pre></article>`
      );
    })
    .join('');
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local outbox</title><style>body{font:15px ` +
        `system-ui;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid ` +
        `#e5e7eb;border-radius:8px;padding:1rem;margin:1rem ` +
        `0}h2{font-size:1.05rem;margin:0}.meta{color:#6b7280;margin:.25rem 0 ` +
        `.75rem}pre{white-space:pre-wrap;font:inherit}</style></head><body><h1>Local outbox</h1><p>E-mails the ` +
        `embedded stack would have sent. Files: ` +
        `<code>${escapeHtml(outbox.directory)}</code></p>${rows || '<p>No e-mails yet.</p>'}</body></html>`,
    );
}

export function notFound(res: ServerResponse) {
  res
    .writeHead(404, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found.' } }));
}
