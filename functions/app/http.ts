import { bundledRouteRules, httpChain } from '../platform/http/middleware.js';
import type { RouteRules } from '#shared/route-access.js';
import type { PrincipalResolver } from '../platform/http/auth.js';
import { reading } from '../platform/views/reader.js';
import { resolvePrincipal } from '../features/users/principal-queries.js';
import { inStep } from '../platform/observability/call-count.js';

export { signedIn, type HttpEvent, type HttpRequest, type HttpResult } from '../platform/http/middleware.js';

/**
 * Every route's chain (platform/http/middleware.ts), with the app's answer to who the caller is:
 * roles and the session's validity from the users' and designers' read models.
 */
/** Who a verified caller is in the read model (roles, an ended session refused): every route's, and the socket's. */
export const callerPrincipal: PrincipalResolver = (token) => inStep('roles', () => resolvePrincipal(token, reading()));

export const httpHandler = /* @__PURE__ */ httpChain({ resolvePrincipal: callerPrincipal, routeRules });

/**
 * Set in a Lambda bundle only (infra/stack/bundling.ts, `lambdaDefine`): the access rules of the
 * routes this handler serves, as JSON, taken from infra/routes.ts at build time, so the bundle does
 * not carry the route table. esbuild replaces the name before it bundles, so the `else` branch and
 * its import of the table are dropped; elsewhere (the embedded runtime, tests) the name is undefined
 * and the rules come from the table itself.
 */
declare const __ROUTE_RULES__: string | undefined;

let rules: Promise<RouteRules> | undefined;
function routeRules(): Promise<RouteRules> {
  if (typeof __ROUTE_RULES__ === 'string') {
    return (rules ??= Promise.resolve(bundledRouteRules(__ROUTE_RULES__)));
  } else {
    return (rules ??= import('../../infra/routes.js').then(({ findRoute }) => findRoute));
  }
}
