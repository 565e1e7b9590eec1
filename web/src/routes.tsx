import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from './lib/auth-tokens.js';

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

const landing: Loader = () => import('./routes/landing.js');

/** The route table of docs/product.md#screens: one lazily loaded module per screen. */
export const screenRoutes: ScreenRoute[] = [
  screen('/', landing),
  screen('/pricing', landing),
  screen('/auth', () => import('./routes/auth.js')),
  screen('/auth/forgot-password', () => import('./routes/auth-forgot-password.js')),
  screen('/auth/reset-password', () => import('./routes/auth-reset-password.js')),
  screen('/team-login', () => import('./routes/team-login.js')),
  screen('/team-login/forgot-password', () => import('./routes/team-login-forgot-password.js')),
  screen('/team-login/reset-password', () => import('./routes/team-login-reset-password.js')),
  screen('/test-resend', () => import('./routes/test-resend.js')),
  screen('/dashboard', () => import('./routes/dashboard.js'), {}),
  screen('/submit', () => import('./routes/submit.js'), {}),
  screen('/board', () => import('./routes/board.js'), {}),
  screen('/profile', () => import('./routes/profile.js'), {}),
  screen('/admin', () => import('./routes/admin.js'), {
    role: 'admin',
    deniedMessage: 'Access denied. Admin privileges required.',
  }),
  screen('/admin/audit', () => import('./routes/admin-audit.js'), { role: 'admin', deniedMessage: 'Access denied. Admin privileges required.' }),
  screen('/admin/designer-management', () => import('./routes/admin-designer-management.js'), { role: 'admin' }),
  // The designer screen checks (and links) the designer role itself: a pre-authorised designer's
  // first visit has no `designer` group in the token yet.
  screen('/designer', () => import('./routes/designer.js'), {}),
  screen('/accept-invite', () => import('./routes/accept-invite.js')),
  screen('/invite-signup', () => import('./routes/invite-signup.js')),
  // The designer invitation link (Designer Management's e-mail): proves the address, then links the role.
  screen('/designer-invite', () => import('./routes/designer-invite.js')),
  // A notification e-mail's unsubscribe link: asks, then turns that kind of e-mail off (no sign-in needed).
  screen('/unsubscribe', () => import('./routes/unsubscribe.js')),
];

export const NotFound = lazy(() => import('./routes/not-found.js'));
