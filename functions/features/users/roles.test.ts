import { describe, expect, it } from 'vitest';
import { RoleGranted, RoleRevoked, SessionsEnded, UserRegistered } from './events.js';
import { isRevoked } from '../../platform/http/auth.js';
import { userDecider, userRoles } from './decider.js';
import {
  TEAM_ADMIN_WELCOME,
  TEAM_DESIGNER_WELCOME,
  postResetPath,
  postSignInPath,
  teamPortalDestination,
} from '../../../web/src/app/auth/roles.js';
import { by, deciderSpec } from '../../../tests/support/given-when-then.js';

const given = deciderSpec(userDecider);
const client = UserRegistered.create({ user_id: 'u1', email: 'ann@example.com', full_name: 'Ann' });
const admin = UserRegistered.create({ user_id: 'u2', email: 'boss@example.com', initial_role: 'admin' });
/** A role change ends the account's sessions (issue 34): from the second after the spec's clock. */
const ended = SessionsEnded.create({ valid_from: '2026-11-22T10:00:01.000Z', reason: 'role_changed' });

describe('system roles in the user stream', () => {
  it('grants the admin role once', () => {
    given([client])
      .when({ type: 'GrantRole', role: 'admin' })
      .then([RoleGranted.create({ role: 'admin' }), ended]);
    given([client, RoleGranted.create({ role: 'admin' })])
      .when({ type: 'GrantRole', role: 'admin' })
      .then([]);
  });
  it('an admin registration already holds the role', () => {
    given([admin]).when({ type: 'GrantRole', role: 'admin' }).then([]);
    given([admin])
      .when({ type: 'RevokeRole', role: 'admin' })
      .then([RoleRevoked.create({ role: 'admin' }), ended]);
  });
  it('revokes only a role that is held', () => {
    given([client]).when({ type: 'RevokeRole', role: 'admin' }).then([]);
  });
  it('needs a registered user', () => {
    given([]).when({ type: 'GrantRole', role: 'admin' }).thenThrows('User not found', 'NOT_FOUND');
  });
  it('folds the roles, also for states saved before roles existed', () => {
    const system = { sub: 'system', role: 'system' } as const;
    expect(userRoles(given([by(system, admin, '2026-01-01T00:00:00.000Z')]).state())).toEqual(['admin']);
    expect(
      userRoles(
        given([
          by(system, admin, '2026-01-01T00:00:00.000Z'),
          by(system, RoleRevoked.create({ role: 'admin' }), '2026-01-02T00:00:00.000Z'),
        ]).state(),
      ),
    ).toEqual([]);
    expect(userRoles({ initial_role: 'admin' } as never)).toEqual(['admin']);
    expect(userRoles({ initial_role: 'designer' } as never)).toEqual([]);
  });
});

describe('session revocation', () => {
  const notBefore = Date.parse('2026-11-22T10:00:00.400Z');
  it('refuses sessions begun before the instant, and in its very second', () => {
    expect(isRevoked({ authTime: notBefore / 1000 - 60 }, notBefore)).toBe(true);
    expect(isRevoked({ authTime: Math.floor(notBefore / 1000) }, notBefore)).toBe(true);
  });
  it('accepts sessions begun after it, and everything when nothing was revoked', () => {
    expect(isRevoked({ authTime: Math.floor(notBefore / 1000) + 1 }, notBefore)).toBe(false);
    expect(isRevoked({ authTime: 0 }, null)).toBe(false);
  });
});

describe('the team login (docs/product.md#states)', () => {
  const active = (role: 'admin' | 'designer') => ({ role, status: 'active' as const });
  it('checks the admin role, the designer role, an active team admin, an active team designer, in that order', () => {
    expect(teamPortalDestination(['admin', 'designer'], active('designer'))).toEqual({
      path: '/admin',
      greeting: 'Welcome back, Admin!',
    });
    expect(teamPortalDestination(['designer'], active('admin'))).toEqual({
      path: '/designer',
      greeting: 'Welcome back, Designer!',
    });
    // A client team's admin or designer lands where the role works, never at a screen that refuses them (issue 44).
    expect(teamPortalDestination(['client'], active('admin'))).toEqual(TEAM_ADMIN_WELCOME);
    expect(TEAM_ADMIN_WELCOME).toMatchObject({ path: '/profile', greeting: 'Welcome back!' });
    expect(teamPortalDestination(['client'], active('designer'))).toEqual(TEAM_DESIGNER_WELCOME);
    expect(TEAM_DESIGNER_WELCOME).toMatchObject({ path: '/dashboard', greeting: 'Welcome back!' });
  });
  it('denies everyone else, including inactive team members', () => {
    expect(teamPortalDestination(['client'], null)).toBeNull();
    expect(teamPortalDestination(['client'], { role: 'admin', status: 'inactive' })).toBeNull();
  });
});

describe('redirects', () => {
  it('after a reset: admin /admin, designer /designer, else the flow’s home', () => {
    expect(postResetPath(['admin'], 'client')).toBe('/admin');
    expect(postResetPath(['designer'], 'team')).toBe('/designer');
    expect(postResetPath(['client'], 'client')).toBe('/dashboard');
    expect(postResetPath(['client'], 'team')).toBe('/team-login');
  });
  it('after sign-in: the invite rule, the redirect target, then the role’s home', () => {
    const params = (query: string) => new URLSearchParams(query);
    expect(postSignInPath({ groups: ['client'] }, params('redirect=/accept-invite?token=abc'))).toBe(
      '/invite-signup?token=abc',
    );
    expect(postSignInPath({ groups: ['client'] }, params('token=xyz'))).toBe('/invite-signup?token=xyz');
    expect(postSignInPath({ groups: ['designer'] }, params('redirect=/board'))).toBe('/board');
    expect(postSignInPath({ groups: ['designer'] }, params(''))).toBe('/designer');
    expect(postSignInPath({ groups: ['client'] }, params('redirect=//evil.example'))).toBe('/dashboard');
  });
});
