/**
 * The SPA's security headers, one source for the CloudFront response headers policy (stack/site.ts)
 * and the embedded runtime's static site (local/runtime.ts): what a browser enforces on `npm start` is
 * what it enforces in the cloud, but for the origins each one talks to. The embedded site had a policy
 * of its own, without `font-src`, so the fonts the build inlines (the typeface's small subsets, as
 * `data:` URLs) were refused on one machine and loaded in the cloud.
 */
export interface SiteOrigins {
  /** What the SPA calls besides its own origin: Cognito, the uploads bucket, the live-updates socket. */
  connect: readonly string[];
  /** Where images come from besides its own origin (the uploads bucket's presigned reads). */
  images: readonly string[];
  /** Served over https (the cloud): plain-http requests are upgraded. */
  https: boolean;
}

export function contentSecurityPolicy(origins: SiteOrigins): string {
  const list = (...sources: readonly string[]) => sources.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Amplify UI's ThemeProvider writes its theme into a <style> element.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', ...origins.images)}`,
    // The build inlines the typeface's smallest subsets (under Vite's 4 KB asset limit) as data: URLs.
    "font-src 'self' data:",
    `connect-src ${list("'self'", ...origins.connect)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(origins.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Headers the cloud sets as custom headers of its policy, and the embedded site sets the same. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';
export const CROSS_ORIGIN_OPENER_POLICY = 'same-origin';

/** The embedded site's headers: the cloud's policy for an http origin (no HSTS: there is no TLS to pin). */
export function embeddedSiteHeaders(origins: Omit<SiteOrigins, 'https'>): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': contentSecurityPolicy({ ...origins, https: false }),
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': CROSS_ORIGIN_OPENER_POLICY,
  };
}
