import { NOTIFICATION_KINDS, preferencesOf, type NotificationPreferences } from '#shared/notification-kinds.js';
import { SYSTEM_ACTOR } from '#events/envelope.js';
import { userEvolution, userStream } from '../../users/state.js';
import { changeNotificationPreferences } from '../../users/commands.js';
import { loadState } from '../../../platform/event-store/load-state.js';
import { httpHandler } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { unsubscribeBody, unsubscribeQuery, type UnsubscribeResponse } from '../contracts.js';
import { invalidUnsubscribeLink, unsubscribeLink } from '../unsubscribe-link.js';

/**
 * POST /api/notifications/unsubscribe (public, the signed token is the proof): the one-click of RFC
 * 8058 (a form body `List-Unsubscribe=One-Click`, token in the query) or the page's button. Turns
 * that kind's e-mail off (a digest's link: every kind the user gets by digest) as an event the
 * system appends on the link's proof (`via: 'unsubscribe'`); a second click records nothing.
 */
export const handler = httpHandler(
  { query: unsubscribeQuery, body: unsubscribeBody, acceptForm: true },
  async (request) => {
    const { sub, kind, label } = unsubscribeLink(request.body?.token ?? request.query.token);
    const runtime = appending();
    const { state } = await loadState(userEvolution, userStream(sub), runtime);
    if (!state.registered) throw invalidUnsubscribeLink();
    const current = preferencesOf(state.notification_preferences);
    const kinds =
      kind === 'digest' ? NOTIFICATION_KINDS.filter((candidate) => current[candidate] === 'digest') : [kind];
    const preferences: Partial<NotificationPreferences> = Object.fromEntries(
      kinds.map((candidate) => [candidate, 'off']),
    );
    await changeNotificationPreferences(runtime, sub, preferences, 'unsubscribe', {
      actor: SYSTEM_ACTOR,
      correlationId: request.correlationId || undefined,
    });
    const body: UnsubscribeResponse = {
      scope: kind,
      label,
      unsubscribed: true,
      message: `You will no longer get e-mails about: ${label}. Change this any time on your profile.`,
    };
    return { body };
  },
);
