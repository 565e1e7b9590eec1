/** Screens anyone may see: the auth library is not needed to paint them, so it loads after them. */
const PUBLIC_PATHS = new Set(['/', '/pricing']);

export const isPublicPath = (pathname: string) => PUBLIC_PATHS.has(pathname);

/** The sign-in, sign-up and password screens: where a visitor is expected to be signed out. */
export const isSignInPath = (pathname: string) => /^\/(auth|team-login)(\/|$)/.test(pathname);

/** Resolves once the page has loaded and the browser is idle (or after `timeoutMs`). */
export function whenIdle(timeoutMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(() => resolve(), { timeout: timeoutMs })
        : setTimeout(resolve, 200);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}
