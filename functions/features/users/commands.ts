import { preferencesOf, type NotificationPreferences } from '#shared/notification-kinds.js';
import type { CommitMeta } from '../../platform/event-store/event-store.js';
import { runCommand } from '../../platform/event-store/command.js';
import type { Appending } from '../../platform/runtime.js';
import { userDecider, userStream, type UserCommand } from './decider.js';

/**
 * What other features may ask of a user's stream (the notification preferences page and its
 * unsubscribe link, the admin's 'Sign Out All Designers'): each runs this feature's own command, so
 * the rules stay in its decider and no other feature imports that decider.
 */

/** Sets e-mail per notification kind on the user's own stream; answers with every kind's setting after it. */
export async function changeNotificationPreferences(
  runtime: Appending,
  sub: string,
  preferences: Partial<NotificationPreferences>,
  via: Extract<UserCommand, { type: 'ChangeNotificationPreferences' }>['via'],
  meta: CommitMeta,
): Promise<NotificationPreferences> {
  const { state } = await runCommand(
    userDecider,
    userStream(sub),
    { type: 'ChangeNotificationPreferences', preferences, via },
    meta,
    runtime,
  );
  return preferencesOf(state.notification_preferences);
}

/** Ends every session the user began before now (functions/features/users/reactions/sessions.ts signs them out). */
export async function endSessions(
  runtime: Appending,
  sub: string,
  reason: Extract<UserCommand, { type: 'EndSessions' }>['reason'],
  meta: CommitMeta,
): Promise<void> {
  await runCommand(userDecider, userStream(sub), { type: 'EndSessions', reason }, meta, runtime);
}
