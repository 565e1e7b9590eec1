/**
 * The lazily loaded auth module (Amplify). It is fetched when the session is first asked for by
 * someone who has signed in on this device (main.tsx starts that at once on every screen but the
 * landing page), when an auth call needs it (sign-in, sign-up, password reset, sign-out) or, on
 * the sign-in screens, once the visitor starts filling in a form.
 */
type AuthModule = typeof import('./auth.js');

let pending: Promise<AuthModule> | undefined;
let loaded: AuthModule | undefined;
const listeners = new Set<(auth: AuthModule) => void>();

export function loadAuth(): Promise<AuthModule> {
  pending ??= import('./auth.js').then(
    (auth) => {
      loaded = auth;
      for (const listener of listeners) listener(auth);
      listeners.clear();
      return auth;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** Starts fetching the auth module ahead of its first use (e.g. when a sign-in form gets focus). */
export function preloadAuth(): void {
  void loadAuth().catch(() => undefined);
}

/** Calls `listener` once the auth module has loaded (at once if it has); returns a cancel function. */
export function onAuthLoaded(listener: (auth: AuthModule) => void): () => void {
  if (loaded) {
    listener(loaded);
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
