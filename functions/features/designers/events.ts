import * as z from '../../../events/zod.js';
import { personal, plain } from '../../../events/personal.js';
import { defineEvent, type EventOf } from '../../../events/catalogue.js';

/** E-mail addresses are stored in their canonical form (`canonicalEmail`): the designer stream is keyed by them. */
const designerEmail = () =>
  personal(z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email()), {
    what: "A designer's e-mail address",
    why: "The studio's record of who may work as a designer",
    clear: 'It is the key of the authorisation stream (designer-<email>), so it is kept as written',
  });
const accountId = () => plain(z.string().check(z.minLength(1)), 'An account id');
const failure = () => plain(z.string().check(z.maxLength(500)), "The mail service's refusal");

/**
 * Stream `designer-<email>`: one designer authorisation (docs/product.md#records user_roles rows with role
 * designer). It is granted by e-mail, before or after the person has an account; `user_id` is null
 * until they register or sign in (pre-authorised), then linked.
 */
export const DesignerAuthorized = /* @__PURE__ */ defineEvent('DesignerAuthorized', () =>
  z.object({
    email: designerEmail(),
    /** The account's sub when one already exists with this e-mail, else null (pre-authorised). */
    user_id: z._default(z.nullable(accountId()), null),
  }),
);

/** The authorisation now belongs to this account (link-designer-role, or a sign-up with the e-mail). */
export const DesignerLinked = /* @__PURE__ */ defineEvent('DesignerLinked', () => z.object({ user_id: accountId() }));

export const DesignerDeactivated = /* @__PURE__ */ defineEvent('DesignerDeactivated', () => z.object({}));
export const DesignerReactivated = /* @__PURE__ */ defineEvent('DesignerReactivated', () => z.object({}));

/**
 * An invitation to the authorised address: a one-time link whose token only the mailbox receives
 * (the stream keeps its sha256). Following it, signed in with that address, is the proof of the
 * address that links the authorisation to the account. A resend records a new one (the old link
 * stops working).
 */
export const DesignerInvited = /* @__PURE__ */ defineEvent('DesignerInvited', () =>
  z.object({
    token_hash: plain(z.string().check(z.regex(/^[0-9a-f]{64}$/)), 'A one-way hash of a one-time link'),
    expires_at: z.iso.datetime(),
  }),
);

/** The invitation e-mail went out, or the mail service refused it (the invitation can be resent). */
export const DesignerInvitationSent = /* @__PURE__ */ defineEvent('DesignerInvitationSent', () => z.object({}));
export const DesignerInvitationSendFailed = /* @__PURE__ */ defineEvent('DesignerInvitationSendFailed', () =>
  z.object({ reason: failure() }),
);

/**
 * The holder of the address followed the link, signed in with it: the authorisation is theirs. The
 * same commit carries `DesignerLinked` for the account.
 */
export const DesignerInvitationAccepted = /* @__PURE__ */ defineEvent('DesignerInvitationAccepted', () =>
  z.object({ user_id: accountId() }),
);

/** The e-mail leaves the designer role; a later authorisation starts afresh. */
export const DesignerRemoved = /* @__PURE__ */ defineEvent('DesignerRemoved', () => z.object({}));

/**
 * Stream `revocation-designers`: 'Sign Out All Designers'. Designer tokens authenticated before
 * `not_before` are refused by the API from then on.
 */
export const DesignerSessionsRevoked = /* @__PURE__ */ defineEvent('DesignerSessionsRevoked', () =>
  z.object({
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
