import type { SystemRole } from './vocabulary.js';

/** Who may call a route: anyone, any signed-in user, or the holders of one of these roles. */
export type Access = 'public' | 'any' | readonly SystemRole[];

/**
 * A route's access rule, as infra/routes.ts declares it for each row and the HTTP chain
 * (functions/platform/http/middleware.ts) enforces it: the platform knows this shape, not the table.
 */
export interface RouteRule {
  access: Access;
  /** What a signed-in caller without the role is told (403), where the general wording says too little. */
  denied?: string;
}

/** The rule of a route key (`GET /api/me`), or undefined for a key no route has. */
export type RouteRules = (key: string | undefined) => RouteRule | undefined;
