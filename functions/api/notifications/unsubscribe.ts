import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, preferencesOf, SYSTEM_ACTOR, type NotificationPreferences } from '../../../events/index.js';
import { userDecider, userStream } from '../../domain/user.js';
import { runCommand } from '../../core/command.js';
import { loadState } from '../../core/load-state.js';
import { HttpError } from '../../core/errors.js';
import { httpHandler } from '../../http/middleware.js';
import { getRuntime } from '../../core/runtime.js';
import { readUnsubscribeToken, type UnsubscribeScope } from '../../core/notifications/unsubscribe-token.js';
import { unsubscribeBody, unsubscribeQuery, type UnsubscribeResponse } from '../contracts/notifications.js';

const INVALID = () => new HttpError(400, 'INVALID_TOKEN', 'This unsubscribe link is not valid. Choose your e-mails on your profile instead.');
const labelOf = (scope: UnsubscribeScope) => (scope === 'digest' ? 'The daily digest' : NOTIFICATION_KIND_LABELS[scope]);

/**
 * /api/notifications/unsubscribe (public, the signed token is the proof). GET only says what the
 * link would turn off and asks for a POST (mail scanners follow links: a GET changes nothing); POST
 * (the one-click of RFC 8058, or the confirmation) turns that kind's e-mail off, as an event the
 * system appends on the link's proof (`via: 'unsubscribe'`).
 */
export const handler = httpHandler({ query: unsubscribeQuery, body: unsubscribeBody, acceptForm: true }, async (request) => {
  const token = request.body?.token ?? request.query.token;
  const named = token ? readUnsubscribeToken(token) : null;
  if (!named) throw INVALID();
  const runtime = getRuntime();
  const label = labelOf(named.kind);
  if (request.event.requestContext.http.method !== 'POST') {
    const body: UnsubscribeResponse = { scope: named.kind, label, unsubscribed: false, message: `Confirm to stop e-mails about: ${label}. You will still see these notifications in the app.` };
    return { body };
  }
  const { state } = await loadState(userDecider, userStream(named.sub), runtime);
  if (!state.registered) throw INVALID();
  const current = preferencesOf(state.notification_preferences);
  const kinds = named.kind === 'digest' ? NOTIFICATION_KINDS.filter((kind) => current[kind] === 'digest') : [named.kind];
  const preferences: Partial<NotificationPreferences> = Object.fromEntries(kinds.map((kind) => [kind, 'off']));
  await runCommand(userDecider, userStream(named.sub), { type: 'ChangeNotificationPreferences', preferences, via: 'unsubscribe' }, { actor: SYSTEM_ACTOR, correlationId: request.correlationId || undefined }, runtime);
  const body: UnsubscribeResponse = { scope: named.kind, label, unsubscribed: true, message: `You will no longer get e-mails about: ${label}. Change this any time on your profile.` };
  return { body };
});
