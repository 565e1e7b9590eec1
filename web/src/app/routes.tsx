import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from './auth/auth-tokens.js';

type Loader = () => Promise<{ default: ComponentType }>;

export interface ScreenRoute {
  path: string;
  /** The screen's own lazily loaded module in routes/. */
  load: Loader;
  Component: LazyExoticComponent<ComponentType>;
  /** Signed-in users only; optionally with a role (others go to /dashboard). */
  guard?: { role?: Role; deniedMessage?: string };
}

function screen(path: string, load: Loader, guard?: ScreenRoute['guard']): ScreenRoute {
  return { path, load, Component: lazy(load), guard };
}

const landing: Loader = () => import('./screens/landing.js');

/** The route table of docs/product.md#screens: one lazily loaded module per screen. */
export const screenRoutes: ScreenRoute[] = [
  screen('/', landing),
  screen('/pricing', landing),
  screen('/auth', () => import('../features/users/routes/auth.js')),
  screen('/auth/forgot-password', () => import('../features/users/routes/auth-forgot-password.js')),
  screen('/auth/reset-password', () => import('../features/users/routes/auth-reset-password.js')),
  screen('/team-login', () => import('../features/users/routes/team-login.js')),
  screen('/team-login/forgot-password', () => import('../features/users/routes/team-login-forgot-password.js')),
  screen('/team-login/reset-password', () => import('../features/users/routes/team-login-reset-password.js')),
  screen('/test-resend', () => import('../features/notifications/routes/test-resend.js')),
  screen('/dashboard', () => import('../features/projects/routes/dashboard.js'), {}),
  screen('/submit', () => import('../features/projects/routes/submit.js'), {}),
  screen('/board', () => import('../features/projects/routes/board.js'), {}),
  screen('/profile', () => import('../features/users/routes/profile.js'), {}),
  screen('/admin', () => import('./screens/admin.js'), {
    role: 'admin',
    deniedMessage: 'Access denied. Admin privileges required.',
  }),
  screen('/admin/audit', () => import('../features/audit/routes/admin-audit.js'), {
    role: 'admin',
    deniedMessage: 'Access denied. Admin privileges required.',
  }),
  screen('/admin/designer-management', () => import('../features/designers/routes/admin-designer-management.js'), {
    role: 'admin',
  }),
  // The designer screen checks (and links) the designer role itself: a pre-authorised designer's
  // first visit has no `designer` group in the token yet.
  screen('/designer', () => import('../features/designers/routes/designer.js'), {}),
  screen('/accept-invite', () => import('../features/teams/routes/accept-invite.js')),
  screen('/invite-signup', () => import('../features/teams/routes/invite-signup.js')),
  // The designer invitation link (Designer Management's e-mail): proves the address, then links the role.
  screen('/designer-invite', () => import('../features/designers/routes/designer-invite.js')),
  // A notification e-mail's unsubscribe link: asks, then turns that kind of e-mail off (no sign-in needed).
  screen('/unsubscribe', () => import('../features/notifications/routes/unsubscribe.js')),
];

export const NotFound = lazy(() => import('./screens/not-found.js'));
