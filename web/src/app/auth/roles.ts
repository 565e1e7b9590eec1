import type { Role, SessionUser } from './auth-tokens.js';

/** The user's roles from `cognito:groups`; everyone is a client unless a group says otherwise. */
export function rolesOf(user: Pick<SessionUser, 'groups'>): Role[] {
  const roles = new Set<Role>();
  for (const group of user.groups) {
    if (group === 'admin' || group === 'designer' || group === 'client') roles.add(group);
  }
  if (!roles.has('admin') && !roles.has('designer')) roles.add('client');
  return [...roles];
}

export function hasRole(user: Pick<SessionUser, 'groups'> | null | undefined, role: Role): boolean {
  return !!user && rolesOf(user).includes(role);
}

/** A user's home screen: designers work from /designer, everyone else from /dashboard. */
export function homePathFor(user: Pick<SessionUser, 'groups'>): string {
  return hasRole(user, 'designer') ? '/designer' : '/dashboard';
}

/** Only same-site paths are followed, never `//host` or absolute URLs. */
function isSafePath(path: string | null): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/**
 * Where to go after signing in (or when a signed-in user opens /auth), from the `redirect` and
 * `token` query parameters:
 * - a redirect to /accept-invite carrying a token, or any `token` parameter -> /invite-signup?token=...
 * - else the redirect target, if it is a path on this site;
 * - else the user's home.
 */
export function postSignInPath(user: Pick<SessionUser, 'groups'>, params: URLSearchParams): string {
  const redirect = params.get('redirect');
  let token = params.get('token');
  if (isSafePath(redirect) && redirect.startsWith('/accept-invite')) {
    const query = redirect.indexOf('?');
    const redirectToken = query >= 0 ? new URLSearchParams(redirect.slice(query + 1)).get('token') : null;
    token = redirectToken || token;
  }
  if (token) return `/invite-signup?token=${encodeURIComponent(token)}`;
  if (isSafePath(redirect)) return redirect;
  return homePathFor(user);
}

/** Password rules of the forms (docs/product.md#validation): the pool enforces the 12 characters too. */
export const PASSWORD_MIN_LENGTH = 12;
/** The team login asks for at least 6 characters (docs/product.md#validation, #limits). */
export const TEAM_PASSWORD_MIN_LENGTH = 6;

/** Which sign-in a screen belongs to: the client's (/auth) or the team's (/team-login). */
export type AuthFlow = 'client' | 'team';

export const FORGOT_PASSWORD_PATHS: Record<AuthFlow, string> = {
  client: '/auth/forgot-password',
  team: '/team-login/forgot-password',
};
export const LOGIN_PATHS: Record<AuthFlow, string> = { client: '/auth', team: '/team-login' };

export interface TeamMembership {
  role: 'admin' | 'designer';
  status: 'active' | 'inactive';
}

export interface TeamPortalWelcome {
  path: '/admin' | '/designer' | '/profile' | '/dashboard';
  greeting: string;
  /** Where a client team's member landed, and why (they are no studio admin or designer). */
  description?: string;
}

const ADMIN_WELCOME: TeamPortalWelcome = { path: '/admin', greeting: 'Welcome back, Admin!' };
const DESIGNER_WELCOME: TeamPortalWelcome = { path: '/designer', greeting: 'Welcome back, Designer!' };
/** A client team's admin manages the team from the profile (not the studio's /admin, which refuses them). */
export const TEAM_ADMIN_WELCOME: TeamPortalWelcome = {
  path: '/profile',
  greeting: 'Welcome back!',
  description:
    "You're your team's admin: manage your team here, under Team. The studio's admin area is for Design Club staff.",
};
/** A client team's designer works on the team's projects from the client dashboard. */
export const TEAM_DESIGNER_WELCOME: TeamPortalWelcome = {
  path: '/dashboard',
  greeting: 'Welcome back!',
  description:
    "You're a designer on your client team: your team's projects are here. The studio's designer board is for Design " +
    'Club staff.',
};

/**
 * The team login's checks, in the spec's order (docs/product.md#states): the admin role, the designer role, an
 * active team admin, an active team designer. A match only says where to go: /admin and /designer
 * check the system roles themselves, so a team role never grants system rights; a client team's admin
 * or designer lands where that role works (their profile's Team, their dashboard), told so, never at a
 * screen that refuses them. Null: access denied.
 */
export function teamPortalDestination(
  roles: readonly string[],
  team: TeamMembership | null | undefined,
): TeamPortalWelcome | null {
  if (roles.includes('admin')) return ADMIN_WELCOME;
  if (roles.includes('designer')) return DESIGNER_WELCOME;
  if (team?.status === 'active' && team.role === 'admin') return TEAM_ADMIN_WELCOME;
  if (team?.status === 'active' && team.role === 'designer') return TEAM_DESIGNER_WELCOME;
  return null;
}

/** After a password reset (docs/product.md#states): admin /admin, designer /designer, else the flow's home. */
export function postResetPath(roles: readonly string[], flow: AuthFlow): string {
  if (roles.includes('admin')) return '/admin';
  if (roles.includes('designer')) return '/designer';
  return flow === 'team' ? '/team-login' : '/dashboard';
}
