import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { signInPathFor } from './navigation.js';
import { hasRole } from './auth/roles.js';
import { useSession, type Role } from './auth/session.js';
import { isSignOutExpected } from './auth/expected-sign-out.js';
import { ServiceUnavailable } from '../ui/RouteStatus.js';
import { ShellSkeleton } from './shell/ShellSkeleton.js';
import { toast } from '../ui/toast/use-toast.js';

export interface RequireAuthProps {
  children: ReactNode;
  /** The role the screen needs; without it any signed-in user may enter. */
  role?: Role;
  /** Where a signed-in user without the role goes (default /dashboard). */
  deniedTo?: string;
  /** Destructive toast shown on denial, e.g. 'Access denied. Admin privileges required.' */
  deniedMessage?: string;
  /** Starts downloading the screen while the session is being read. */
  preload?: () => unknown;
}

/**
 * Route guard: signed-out visitors go to /auth (to / right after deleting their account); users without `role` go
 * to `deniedTo`.
 */
export function RequireAuth({ children, role, deniedTo = '/dashboard', deniedMessage, preload }: RequireAuthProps) {
  const { user, loading, error } = useSession();
  const location = useLocation();

  useEffect(() => {
    void preload?.();
  }, [preload]);

  // The session is read from storage (and the auth library may still be loading): the shell paints meanwhile.
  if (loading) return <ShellSkeleton />;
  if (error) return <ServiceUnavailable />;
  if (!user) {
    // Signed out because the account was just deleted: the landing page says so; sign-in has nothing for them.
    return <Navigate to={isSignOutExpected() ? '/' : signInPathFor(location)} replace />;
  }
  if (role && !hasRole(user, role)) return <Denied to={deniedTo} message={deniedMessage} />;
  return <>{children}</>;
}

function Denied({ to, message }: { to: string; message?: string }) {
  useEffect(() => {
    if (message) toast({ title: message, variant: 'destructive' });
  }, [message]);
  return <Navigate to={to} replace />;
}
