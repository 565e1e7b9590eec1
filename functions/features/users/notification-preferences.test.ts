import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, preferencesOf } from '../../../shared/notification-kinds.js';
import { NotificationPreferencesChanged } from '../notifications/events.js';
import { UserRegistered } from './events.js';
import { userDecider } from './decider.js';
import { deciderSpec } from '../../../tests/support/given-when-then.js';

const given = deciderSpec(userDecider);
const registered = UserRegistered.create({ user_id: 'u1', email: 'a@example.test' });

describe('user decider: notification preferences', () => {
  it('records only the kinds whose mode changes', () => {
    given([registered])
      .when({ type: 'ChangeNotificationPreferences', preferences: { status: 'immediate', comment: 'off' } })
      .then([NotificationPreferencesChanged.create({ preferences: { comment: 'off' }, via: 'profile' })]);
  });

  it('choosing what is already in force records nothing (a second click of an unsubscribe link)', () => {
    given([registered, NotificationPreferencesChanged.create({ preferences: { comment: 'off' } })])
      .when({ type: 'ChangeNotificationPreferences', preferences: { comment: 'off' }, via: 'unsubscribe' })
      .then([]);
  });

  it('refuses an unknown user', () => {
    given([])
      .when({ type: 'ChangeNotificationPreferences', preferences: { comment: 'off' } })
      .thenThrows('User not found');
  });

  it('folds changes over the defaults', () => {
    const state = given([
      registered,
      NotificationPreferencesChanged.create({ preferences: { comment: 'off' } }),
      NotificationPreferencesChanged.create({ preferences: { status: 'digest' } }),
    ]).state();
    expect(preferencesOf(state.notification_preferences)).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      comment: 'off',
      status: 'digest',
    });
  });

  it('the event refuses unknown kinds and modes', () => {
    expect(() => NotificationPreferencesChanged.create({ preferences: { status: 'weekly' as never } })).toThrow();
    expect(() => NotificationPreferencesChanged.create({ preferences: { billing: 'off' } as never })).toThrow();
  });
});
