import * as z from '../../../events/zod.js';
import { personal, plain } from '../../../events/personal.js';
import { defineEvent, type EventOf } from '../../../events/catalogue.js';
import { SYSTEM_ROLES, USER_TYPES } from '../../../shared/vocabulary.js';

/** Optional free text: trimmed, and blank means absent (null), so equal meanings store equal values. */
/** A text that may be cleared: blank means null. */
const clearableText = (max: number) =>
  z.pipe(
    z.transform((value) => (typeof value === 'string' && value.trim() === '' ? null : value)),
    z.nullable(z.string().check(z.trim(), z.maxLength(max))),
  );
const optionalText = (max: number) => z._default(clearableText(max), null);

const fullName = <S extends z.ZodMiniType>(schema: S) =>
  personal(schema, { what: 'Full name', why: 'How the studio addresses the person', erased: 'Deleted user' });
const companyName = <S extends z.ZodMiniType>(schema: S) =>
  personal(schema, { what: 'Company', why: 'Shown on the profile and to admins', erased: null });
const phoneNumber = <S extends z.ZodMiniType>(schema: S) =>
  personal(schema, { what: 'Phone number', why: 'Lets the studio call about a project', erased: null });
const accountEmail = () =>
  personal(z.email().check(z.toLowerCase()), {
    what: 'E-mail address',
    why: 'Sign-in and the mail the person asked for',
    erased: 'deleted-user@erased.invalid',
  });
const userId = () => plain(z.string().check(z.minLength(1)), 'The account id the identity provider issued');
const tokenHash = () => plain(z.string().check(z.regex(/^[0-9a-f]{64}$/)), 'A one-way hash of a one-time link');

/**
 * Version 1 of UserRegistered called the name `name` and knew no roles: every registration was a
 * client. Stored v1 events stay as they are; reading them upcasts to v2.
 */
const userRegisteredV1 = () =>
  z.object({
    user_id: userId(),
    email: accountEmail(),
    name: fullName(z.optional(z.nullable(z.string()))),
    company: companyName(z.optional(z.nullable(z.string()))),
    phone: phoneNumber(z.optional(z.nullable(z.string()))),
    user_type: z.optional(z.enum(USER_TYPES)),
  });

let builtV1: ReturnType<typeof userRegisteredV1> | undefined;

/** Stream `user-<sub>`. Written by the Cognito post-confirmation trigger or the seeder. */
export const UserRegistered = /* @__PURE__ */ defineEvent(
  'UserRegistered',
  () =>
    z.object({
      user_id: userId(),
      email: accountEmail(),
      full_name: fullName(optionalText(200)),
      company: companyName(optionalText(200)),
      phone: phoneNumber(optionalText(40)),
      user_type: z._default(z.enum(USER_TYPES), 'architect'),
      /** Self sign-ups are clients; the seeder registers team accounts with their role. */
      initial_role: z._default(z.enum(SYSTEM_ROLES), 'client'),
    }),
  {
    schemaVersion: 2,
    older: {
      1: {
        get schema() {
          return (builtV1 ??= userRegisteredV1());
        },
        upcast: ({ name, ...rest }: z.infer<ReturnType<typeof userRegisteredV1>>) => ({
          ...rest,
          full_name: name ?? null,
          initial_role: 'client',
        }),
      },
    },
  },
);

export const ProfileUpdated = /* @__PURE__ */ defineEvent('ProfileUpdated', () =>
  z.object({
    // Only the fields that changed: a field left out keeps its value (a default would clear it).
    full_name: z.optional(fullName(clearableText(200))),
    company: z.optional(companyName(clearableText(200))),
    user_type: z.optional(z.enum(USER_TYPES)),
  }),
);

/**
 * System roles held in the user's own stream. Only `admin` lives here: designer rights are the
 * designer authorisations (`designer-<email>` streams), and everyone is a client by default.
 */
export const USER_STREAM_ROLES = ['admin'] as const;
export type UserStreamRole = (typeof USER_STREAM_ROLES)[number];

export const RoleGranted = /* @__PURE__ */ defineEvent('RoleGranted', () =>
  z.object({ role: z.enum(USER_STREAM_ROLES) }),
);
export const RoleRevoked = /* @__PURE__ */ defineEvent('RoleRevoked', () =>
  z.object({ role: z.enum(USER_STREAM_ROLES) }),
);

/**
 * A password-reset link was mailed to the account's address. Only the sha256 of the link's token is
 * kept; a newer request replaces the older link.
 */
export const PasswordResetRequested = /* @__PURE__ */ defineEvent('PasswordResetRequested', () =>
  z.object({ token_hash: tokenHash(), expires_at: plain(z.iso.datetime(), 'An instant') }),
);

/** The link was followed and a new password set: the mailbox is proven, and the link is spent. */
export const PasswordResetCompleted = /* @__PURE__ */ defineEvent('PasswordResetCompleted', () =>
  z.object({ token_hash: tokenHash() }),
);

/**
 * Stream `user-<old_sub>`. After the loss of the Cognito user pool the operator's import
 * (bin/users-import.ts) re-created the account in the new pool, which gave it a new `sub`; from now
 * on a token with `new_sub` is this user (`old_sub`, the id every other stream names). Appended
 * by that import only: no API route issues the command.
 */
export const UserIdentityRelinked = /* @__PURE__ */ defineEvent('UserIdentityRelinked', () =>
  z.object({ old_sub: userId(), new_sub: userId() }),
);

/**
 * Why a user's sessions ended: a password reset (by the mailed link or Cognito's own code), the user's
 * 'sign out everywhere', a role taken or given by someone else, the designer authorisation
 * deactivated or removed, an admin's 'Sign Out All Designers', or the first proof of the address.
 */
export const SESSION_END_REASONS = [
  'password_reset',
  'sign_out_everywhere',
  'role_changed',
  'designer_changed',
  'designers_signed_out',
  'email_proven',
  'erased',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * Every session of the account that began before `valid_from` is over: the API and the realtime
 * connect refuse its tokens, open sockets are closed, and Cognito signs the account out everywhere.
 * `valid_from` is a whole second after the instant of the decision: token times are whole seconds,
 * so a session begun in the very second of the decision is refused too.
 */
export const SessionsEnded = /* @__PURE__ */ defineEvent('SessionsEnded', () =>
  z.object({ valid_from: plain(z.iso.datetime(), 'An instant'), reason: z.enum(SESSION_END_REASONS) }),
);

/** How the holder proved the address: Cognito's code, our reset link, or the invitation link they signed up with. */
export const EMAIL_PROOFS = ['code', 'reset_link', 'invitation'] as const;
export type EmailProof = (typeof EMAIL_PROOFS)[number];

/**
 * The holder of `email` proved they read it, as the identity provider reports (`email_verified`).
 * The first proof of an address ends every earlier session (a `SessionsEnded` in the same commit),
 * except at registration, when there is none.
 */
export const EmailProven = /* @__PURE__ */ defineEvent('EmailProven', () =>
  z.object({ email: accountEmail(), via: z.enum(EMAIL_PROOFS) }),
);

/**
 * The account's first visit to its dashboard was greeted ('Welcome', later 'Welcome back'): recorded
 * on the account, not the browser, so a returning client on a new device is not greeted as new.
 */
export const WelcomeSeen = /* @__PURE__ */ defineEvent('WelcomeSeen', () => z.object({}));

/** Who asked for an erasure: the person ('Delete My Account'), or an admin ('Erase User') for a request by mail. */
export const ERASURE_REQUESTERS = ['self', 'admin'] as const;
export type ErasureRequester = (typeof ERASURE_REQUESTERS)[number];

/** A request's reference as an admin types it (a ticket or letter number): no room for a sentence. */
export const ERASURE_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9 ._#/:-]{0,99}$/;

const erasureId = () => plain(z.string().check(z.regex(/^[0-9A-Z]{26}$/)), 'An id the system generated');

/**
 * The account's personal data is erased (GDPR article 17): from this event on the account is closed
 * (its sessions end in the same commit, its stream takes no other command), and the erasure reactor
 * (functions/features/users/reactions/erasure.ts) cancels the subscription, ends team memberships,
 * deletes the files, destroys the data keys, deletes the Cognito user and rebuilds the views. It holds
 * no personal data: who asked (an account id), when (the envelope) and an admin's reference.
 */
export const PersonalDataErased = /* @__PURE__ */ defineEvent('PersonalDataErased', () =>
  z.object({
    erasure_id: erasureId(),
    requested_by: z.enum(ERASURE_REQUESTERS),
    erased_by: plain(z.string().check(z.minLength(1), z.maxLength(128)), 'The account id of who asked'),
    reference: z._default(
      z.nullable(plain(z.string().check(z.regex(ERASURE_REFERENCE)), "A request's reference (a ticket number)")),
      null,
    ),
  }),
);

/** Every step of the erasure is done: the keys are destroyed and the views rebuilt. */
export const ErasureCompleted = /* @__PURE__ */ defineEvent('ErasureCompleted', () =>
  z.object({
    erasure_id: erasureId(),
    /** How many data keys were destroyed, and how many stored files deleted. */
    keys_destroyed: z.int().check(z.gte(0)),
    files_deleted: z.int().check(z.gte(0)),
  }),
);

export const userEvents = [
  UserRegistered,
  ProfileUpdated,
  RoleGranted,
  RoleRevoked,
  PasswordResetRequested,
  PasswordResetCompleted,
  UserIdentityRelinked,
  SessionsEnded,
  EmailProven,
  WelcomeSeen,
  PersonalDataErased,
  ErasureCompleted,
];

/** Every event of the user stream, as a fold reads them. */
export type UserEvent = EventOf<(typeof userEvents)[number]>;
