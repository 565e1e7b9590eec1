import * as z from '../../../events/zod.js';
import { defineEvent, type EventOf } from '../../../events/catalogue.js';

/** E-mail addresses are stored in their canonical form (`canonicalEmail`): the designer stream is keyed by them. */
const designerEmail = () => z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email());

/**
 * Stream `designer-<email>`: one designer authorisation (docs/product.md#records user_roles rows with role
 * designer). It is granted by e-mail, before or after the person has an account; `user_id` is null
 * until they register or sign in (pre-authorised), then linked.
 */
export const DesignerAuthorized = /* @__PURE__ */ defineEvent(
  'DesignerAuthorized',
  () => z.object({
    email: designerEmail(),
    /** The account's sub when one already exists with this e-mail, else null (pre-authorised). */
    user_id: z._default(z.nullable(z.string().check(z.minLength(1))), null),
  }),
);

/** The authorisation now belongs to this account (link-designer-role, or a sign-up with the e-mail). */
export const DesignerLinked = /* @__PURE__ */ defineEvent('DesignerLinked', () => z.object({ user_id: z.string().check(z.minLength(1)) }));

export const DesignerDeactivated = /* @__PURE__ */ defineEvent('DesignerDeactivated', () => z.object({}));
export const DesignerReactivated = /* @__PURE__ */ defineEvent('DesignerReactivated', () => z.object({}));

/**
 * An invitation to the authorised address: a one-time link whose token only the mailbox receives
 * (the stream keeps its sha256). Following it, signed in with that address, is the proof of the
 * address that links the authorisation to the account. A resend records a new one (the old link
 * stops working).
 */
export const DesignerInvited = /* @__PURE__ */ defineEvent(
  'DesignerInvited',
  () => z.object({
    token_hash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
    expires_at: z.iso.datetime(),
  }),
);

/** The invitation e-mail went out, or the mail service refused it (the invitation can be resent). */
export const DesignerInvitationSent = /* @__PURE__ */ defineEvent('DesignerInvitationSent', () => z.object({}));
export const DesignerInvitationSendFailed = /* @__PURE__ */ defineEvent('DesignerInvitationSendFailed', () => z.object({ reason: z.string().check(z.maxLength(500)) }));

/**
 * The holder of the address followed the link, signed in with it: the authorisation is theirs. The
 * same commit carries `DesignerLinked` for the account.
 */
export const DesignerInvitationAccepted = /* @__PURE__ */ defineEvent('DesignerInvitationAccepted', () => z.object({ user_id: z.string().check(z.minLength(1)) }));

/** The e-mail leaves the designer role; a later authorisation starts afresh. */
export const DesignerRemoved = /* @__PURE__ */ defineEvent('DesignerRemoved', () => z.object({}));

/**
 * Stream `revocation-designers`: 'Sign Out All Designers'. Designer tokens authenticated before
 * `not_before` are refused by the API from then on.
 */
export const DesignerSessionsRevoked = /* @__PURE__ */ defineEvent(
  'DesignerSessionsRevoked',
  () => z.object({
    not_before: z.iso.datetime(),
  }),
);

export const designerEvents = [
  DesignerAuthorized,
  DesignerLinked,
  DesignerDeactivated,
  DesignerReactivated,
  DesignerRemoved,
  DesignerSessionsRevoked,
  DesignerInvited,
  DesignerInvitationSent,
  DesignerInvitationSendFailed,
  DesignerInvitationAccepted,
];

/** Every designer event (the authorisation streams' and the revocation stream's), as a fold reads them. */
export type DesignerEvent = EventOf<(typeof designerEvents)[number]>;
