import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from './auth.js';
import { loadAuth } from './auth-loader.js';
import { isPublicPath, whenIdle } from './public-paths.js';

export type { SessionUser, Role } from './auth.js';

export interface Session {
  /** The signed-in user, or null. */
  user: SessionUser | null;
  /** True until the stored session has been read on start. */
  loading: boolean;
  /** Set when the runtime configuration or the auth library could not be loaded. */
  error: Error | null;
  /** Re-reads the user from the tokens (forceRefresh asks Cognito for fresh ones, e.g. new groups). */
  refresh(options?: { forceRefresh?: boolean }): Promise<SessionUser | null>;
  /** Signs out on this device and removes `auth_preference`. */
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

interface State {
  user: SessionUser | null;
  loading: boolean;
  error: Error | null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ user: null, loading: true, error: null });

  const refresh = useCallback(async (options: { forceRefresh?: boolean } = {}) => {
    try {
      const auth = await loadAuth();
      const user = await auth.readSessionUser(options);
      setState({ user, loading: false, error: null });
      return user;
    } catch (error) {
      console.error('Could not load the session', error);
      setState({ user: null, loading: false, error: error instanceof Error ? error : new Error(String(error)) });
      return null;
    }
  }, []);

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    // The landing page paints first; who is signed in is learned once the browser is idle.
    const ready = isPublicPath(window.location.pathname) ? whenIdle() : Promise.resolve();
    void ready.then(() => refresh()).then(async () => {
      const auth = await loadAuth().catch(() => undefined);
      if (!active || !auth) return;
      unsubscribe = auth.onAuthEvent((event) => {
        if (event === 'signedOut' || event === 'tokenRefresh_failure') {
          setState((s) => ({ ...s, user: null, loading: false }));
        } else {
          void refresh();
        }
      });
    });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [refresh]);

  const signOut = useCallback(async () => {
    const auth = await loadAuth();
    try {
      await auth.signOutUser();
    } finally {
      setState((s) => ({ ...s, user: null, loading: false }));
    }
  }, []);

  const value = useMemo<Session>(() => ({ ...state, refresh, signOut }), [state, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
