import { httpChain } from '../platform/http/middleware.js';
import { reading } from '../platform/views/reader.js';
import { resolvePrincipal } from '../features/users/principal-queries.js';

export { signedIn, type HttpEvent, type HttpRequest, type HttpResult } from '../platform/http/middleware.js';

/**
 * Every route's chain (platform/http/middleware.ts), with the app's answer to who the caller is:
 * roles and the session's validity from the users' and designers' read models.
 */
export const httpHandler = /* @__PURE__ */ httpChain({ resolvePrincipal: (token) => resolvePrincipal(token, reading()) });
