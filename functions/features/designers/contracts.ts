import * as z from '../../../events/zod.js';

/**
 * Designer management (docs/product.md#screens /admin/designer-management, §5 'Add designer', §8) and
 * link-designer-role (docs/product.md#roles, #calls). All but /link are admin-only in the route table.
 */

/** One row of the designer list (docs/product.md#records designer_workload). */
export interface DesignerRow {
  email: string;
  active: boolean;
  /** The account's id once the designer registered or signed in; null: 'Pre-authorized'. */
  user_id: string | null;
  /** Projects assigned to them (by id or e-mail) that are not delivered yet. */
  active_projects: number;
  /**
   * The invitation link that proves the address: 'pending' (sent, not followed yet), 'accepted',
   * 'expired' (resend it), or null (linked without one: the seeded designer, older data).
   */
  invitation: 'pending' | 'accepted' | 'expired' | null;
  /** The account's name, when it has one (the list joins it for its page). */
  full_name?: string | null;
}

// GET /api/designers
export interface ListDesignersResponse {
  /** Ordered by e-mail. */
  designers: DesignerRow[];
  /** Pass as `cursor` for the next page; absent on the last one. */
  next_cursor?: string;
}

export const listDesignersQuery = /* @__PURE__ */ (() =>
  z.object({
    limit: z.pipe(
      z.transform((value: unknown) => (value === '' ? undefined : value)),
      z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000))),
    ),
    cursor: z.pipe(
      z.transform((value: unknown) => (value === '' ? undefined : value)),
      z.optional(z.string().check(z.maxLength(4096))),
    ),
  }))();
export const DESIGNERS_PAGE = { default: 100, max: 100 };

// POST /api/designers
export const ADD_DESIGNER_MESSAGES = {
  required: 'Please enter an email address',
  invalid: 'Please enter a valid email address',
} as const;

/** Lower-cased and trimmed; the handler answers the spec's messages for a missing or malformed e-mail. */
export const addDesignerBody = /* @__PURE__ */ (() =>
  z.looseObject({ email: z.optional(z.string().check(z.maxLength(320))) }))();

export interface AddDesignerResponse {
  designer: DesignerRow;
  /**
   * True when an account with this e-mail exists: 'Designer added to system'. Either way nothing is
   * linked yet: the address gets an invitation link, and its holder is linked on following it.
   */
  profile_exists: boolean;
  /** 'Designer added to system' or 'Designer can now register with this email'. */
  message: string;
  /** Whether the invitation e-mail went out (false: it can be resent from Designer Management). */
  invitation_sent: boolean;
}

// POST /api/designers/{email}/invite (resend the invitation)
export interface ResendDesignerInviteResponse {
  designer: DesignerRow;
  /** 'Invitation resent to {email}'. */
  message: string;
}

// GET /api/designer-invites/{token} (public)
export interface DesignerInviteDetailsResponse {
  /** The address the invitation was sent to: sign in (or sign up) with exactly this one. */
  email: string;
  expires_at: string;
}

// POST /api/designer-invites/{token}/accept
export interface AcceptDesignerInviteResponse {
  email: string;
  /** 'You now have designer access.' */
  message: string;
}

/** The `{token}` of a designer invitation link. */
export const designerInviteTokenParams = /* @__PURE__ */ (() =>
  z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) }))();

// PATCH /api/designers/{email}
export const updateDesignerBody = /* @__PURE__ */ (() => z.strictObject({ active: z.boolean() }))();
export interface UpdateDesignerResponse {
  designer: DesignerRow;
  /** 'Designer deactivated successfully' or 'Designer reactivated successfully'. */
  message: string;
}

// DELETE /api/designers/{email}
export interface RemoveDesignerResponse {
  email: string;
  /** 'Designer removed successfully'. */
  message: string;
}

// POST /api/designers/link (link-designer-role)
export interface LinkDesignerResponse {
  /** True when the caller holds an active designer authorisation linked to their account (by its invitation link). */
  allowed: boolean;
}

/** The `{email}` path parameter: URL-decoded (once more if the gateway left it encoded), lower-cased. */
export const designerEmailParams = /* @__PURE__ */ (() =>
  z.object({
    email: z.pipe(
      z.string().check(z.minLength(1), z.maxLength(320)),
      z.transform((value) => {
        try {
          return (value.includes('%') ? decodeURIComponent(value) : value).trim().toLowerCase();
        } catch {
          return value.trim().toLowerCase();
        }
      }),
    ),
  }))();
