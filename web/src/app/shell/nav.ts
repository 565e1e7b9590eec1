import { hasRole } from '../auth/roles.js';
import type { SessionUser } from '../auth/session.js';

export type NavItem = { to: string; label: string; end?: boolean };

/** Where each role works: the header's navigation (AppHeader, and the shell painted while a screen loads). */
export function navFor(user: SessionUser | null): NavItem[] {
  if (hasRole(user, 'admin')) {
    return [
      { to: '/admin', label: 'Admin', end: true },
      { to: '/board', label: 'Board' },
      { to: '/admin/designer-management', label: 'Designers' },
    ];
  }
  if (hasRole(user, 'designer')) {
    return [
      { to: '/designer', label: 'My Projects' },
      { to: '/board', label: 'Board' },
    ];
  }
  return [
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/submit', label: 'Submit' },
    { to: '/board', label: 'Board' },
  ];
}

/** The logo's link: the role's home screen. */
export function homeFor(user: SessionUser | null): string {
  return hasRole(user, 'admin') ? '/admin' : hasRole(user, 'designer') ? '/designer' : '/dashboard';
}
