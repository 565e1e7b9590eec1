import type { Role, SessionUser } from './auth.js';

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
