import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { loadAuth, onAuthLoaded } from './auth-loader.js';
import { SIGNED_IN_HINT_KEY, currentSessionUser, type SessionUser } from './auth-session.js';
import { isPublicPath, whenIdle } from '../public-paths.js';
import { isReauthenticating } from '../email-proof.js';
import { setSignOutExpected } from './expected-sign-out.js';

export type { SessionUser, Role } from './auth-session.js';

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

  /** Reads the session; `background` (the read on start, another tab's change) renders as a transition. */
  const load = useCallback(async (options: { forceRefresh?: boolean }, background: boolean) => {
    const apply = (next: State) => (background ? startTransition(() => setState(next)) : setState(next));
    try {
      const user = await currentSessionUser(options);
      apply({ user, loading: false, error: null });
      return user;
    } catch (error) {
      console.error('Could not load the session', error);
      apply({ user: null, loading: false, error: error instanceof Error ? error : new Error(String(error)) });
      return null;
    }
  }, []);

  const refresh = useCallback((options: { forceRefresh?: boolean } = {}) => load(options, false), [load]);

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    // The landing page paints first; who is signed in is learned once the browser is idle.
    const ready = isPublicPath(window.location.pathname) ? whenIdle() : Promise.resolve();
    void ready.then(() => {
      if (active) void load({}, true);
    });
    // Amplify's auth events, once something has loaded it (sign-in, sign-out, a token refresh).
    const cancelLoaded = onAuthLoaded((auth) => {
      if (!active) return;
      unsubscribe = auth.onAuthEvent((event) => {
        // The verification dialog signs the same user out and in again: the screen stays as it is.
        if (event === 'signedOut' && isReauthenticating()) return;
        // A new sign-in after an account was deleted here: its sessions' end is news again.
        if (event === 'signedIn') setSignOutExpected(false);
        if (event === 'signedOut' || event === 'tokenRefresh_failure') {
          setState((s) => ({ ...s, user: null, loading: false }));
        } else {
          void refresh();
        }
      });
    });
    // A sign-in or sign-out in another tab changes our own hint (never Amplify's keys): ask Amplify again.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === SIGNED_IN_HINT_KEY) void load({}, true);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      cancelLoaded();
      unsubscribe?.();
      window.removeEventListener('storage', onStorage);
    };
  }, [load, refresh]);

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
