/**
 * Lets code outside React components (the API client) navigate with the router. The app registers
 * the router's navigate function on start; before that, a full page load is used.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | undefined;

export function setNavigator(navigate: Navigate | undefined): void {
  navigator = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) navigator(to, options);
  else if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

/**
 * /auth with the screen to return to after signing in, as the spec's `redirect` parameter (docs/product.md#states).
 * The home screen needs none: sign-in goes to /dashboard by default (and a Sign Out from it ends on
 * a plain /auth).
 */
export function signInPathFor(location: { pathname: string; search: string }): string {
  const target = location.pathname + location.search;
  return target === '/dashboard' ? '/auth' : `/auth?redirect=${encodeURIComponent(target)}`;
}
