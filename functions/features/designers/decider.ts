import { canonicalEmail } from '../../../shared/email.js';
import { DesignerAuthorized, DesignerDeactivated, DesignerInvitationAccepted, DesignerInvitationSendFailed, DesignerInvitationSent, DesignerInvited, DesignerLinked, DesignerReactivated, DesignerRemoved, DesignerSessionsRevoked } from './events.js';
import type { Decider, Evolution, EvolvingEvent } from '../../platform/decider.js';
import { DomainError, conflict, forbidden, notFound } from '../../platform/domain-errors.js';

/** One stream per designer authorisation, keyed by the canonical e-mail (spec/2 §3 user_roles). */
export const designerStream = (email: string) => `designer-${canonicalEmail(email)}`;

/** The invitation link works 7 days (like team invitations, spec/2 §9). */
export const DESIGNER_INVITATION_DAYS = 7;

export const INVALID_DESIGNER_INVITATION = 'Invalid or expired invitation';

/** The one-time link that proves the address before the authorisation is linked to an account. */
export interface DesignerInvitation {
  token_hash: string;
  expires_at: string;
  status: 'pending' | 'accepted';
  invited_at: string;
  sent_at: string | null;
  send_error: string | null;
  accepted_at: string | null;
}

export type DesignerStatus = 'none' | 'active' | 'inactive' | 'removed';

export interface DesignerState {
  status: DesignerStatus;
  email: string | null;
  /** The account the authorisation belongs to; null while pre-authorised (no account yet). */
  user_id: string | null;
  authorized_at: string | null;
  updated_at: string | null;
  /** The latest invitation (absent in states folded before invitations existed). */
  invitation?: DesignerInvitation | null;
}

export type DesignerCommand =
  /** `invitation` for an address nobody has proven yet; `user_id` only where the address is known to be the account's (the seeder). */
  | { type: 'AuthorizeDesigner'; email: string; user_id?: string | null; invitation?: { token_hash: string } }
  | { type: 'LinkDesigner'; user_id: string }
  | { type: 'InviteDesigner'; token_hash: string }
  | { type: 'RecordDesignerInvitationSent' }
  | { type: 'RecordDesignerInvitationSendFailed'; reason: string }
  | { type: 'AcceptDesignerInvitation'; token_hash: string; user_id: string; email: string }
  | { type: 'SetDesignerActive'; active: boolean }
  | { type: 'RemoveDesigner' };

export const invitationExpiry = (now: string) => new Date(Date.parse(now) + DESIGNER_INVITATION_DAYS * 86_400_000).toISOString();

/** A pending invitation whose link still works at `now`. */
export const isInvitationUsable = (invitation: DesignerInvitation | null | undefined, now: string): invitation is DesignerInvitation =>
  !!invitation && invitation.status === 'pending' && Date.parse(now) < Date.parse(invitation.expires_at);

/** What Designer Management shows about the invitation: pending, accepted, expired, or none (linked without one). */
export function invitationStatus(state: Pick<DesignerState, 'invitation' | 'user_id'>, now: string): 'pending' | 'accepted' | 'expired' | null {
  const invitation = state.invitation;
  if (!invitation) return null;
  if (invitation.status === 'accepted') return 'accepted';
  return isInvitationUsable(invitation, now) ? 'pending' : 'expired';
}

const invalidInvitation = () => new DomainError('GONE', INVALID_DESIGNER_INVITATION);

/** A designer authorisation that exists (active or not); removed ones are gone. */
export const isDesigner = (state: Pick<DesignerState, 'status'>) => state.status === 'active' || state.status === 'inactive';

export const ALREADY_DESIGNER = 'This email is already registered as a designer';
export const DESIGNER_NOT_FOUND = 'Designer not found';

const initialDesignerState = (): DesignerState => ({ status: 'none', email: null, user_id: null, authorized_at: null, updated_at: null, invitation: null });

function evolveDesigner(state: DesignerState, event: EvolvingEvent): DesignerState {
  switch (event.type) {
    case 'DesignerAuthorized': {
      const data = event.data as ReturnType<typeof DesignerAuthorized.create>['data'];
      return { status: 'active', email: data.email, user_id: data.user_id, authorized_at: event.at, updated_at: event.at, invitation: null };
    }
    case 'DesignerInvited': {
      const data = event.data as ReturnType<typeof DesignerInvited.create>['data'];
      const invitation: DesignerInvitation = { token_hash: data.token_hash, expires_at: data.expires_at, status: 'pending', invited_at: event.at, sent_at: null, send_error: null, accepted_at: null };
      return { ...state, invitation, updated_at: event.at };
    }
    case 'DesignerInvitationSent':
      return state.invitation ? { ...state, invitation: { ...state.invitation, sent_at: event.at, send_error: null } } : state;
    case 'DesignerInvitationSendFailed': {
      const data = event.data as ReturnType<typeof DesignerInvitationSendFailed.create>['data'];
      return state.invitation ? { ...state, invitation: { ...state.invitation, send_error: data.reason } } : state;
    }
    case 'DesignerInvitationAccepted':
      return state.invitation ? { ...state, invitation: { ...state.invitation, status: 'accepted', accepted_at: event.at }, updated_at: event.at } : state;
    case 'DesignerLinked': {
      const data = event.data as ReturnType<typeof DesignerLinked.create>['data'];
      return { ...state, user_id: data.user_id, updated_at: event.at };
    }
    case 'DesignerDeactivated':
      return { ...state, status: 'inactive', updated_at: event.at };
    case 'DesignerReactivated':
      return { ...state, status: 'active', updated_at: event.at };
    case 'DesignerRemoved':
      return { ...state, status: 'removed', user_id: null, authorized_at: null, updated_at: event.at, invitation: null };
    default:
      return state;
  }
}

/** Folds a stream's events without the decider's rules (decider.ts: Evolution). */
export const designerEvolution: Evolution<DesignerState> = { initialState: initialDesignerState, evolve: evolveDesigner };

export const designerDecider: Decider<DesignerCommand, DesignerState> = {
  initialState: initialDesignerState,
  evolve: evolveDesigner,
  decide(command, state, context) {
    switch (command.type) {
      case 'AuthorizeDesigner': {
        if (isDesigner(state)) throw conflict(ALREADY_DESIGNER);
        const authorized = DesignerAuthorized.create({ email: canonicalEmail(command.email), user_id: command.user_id ?? null });
        if (!command.invitation || command.user_id) return [authorized];
        return [authorized, DesignerInvited.create({ token_hash: command.invitation.token_hash, expires_at: invitationExpiry(context.now) })];
      }
      case 'LinkDesigner': {
        if (!isDesigner(state)) throw notFound(DESIGNER_NOT_FOUND);
        return state.user_id === command.user_id ? [] : [DesignerLinked.create({ user_id: command.user_id })];
      }
      case 'InviteDesigner': {
        if (!isDesigner(state)) throw notFound(DESIGNER_NOT_FOUND);
        if (state.user_id) throw conflict('This designer has already accepted the invitation.');
        return [DesignerInvited.create({ token_hash: command.token_hash, expires_at: invitationExpiry(context.now) })];
      }
      case 'RecordDesignerInvitationSent':
      case 'RecordDesignerInvitationSendFailed': {
        if (!state.invitation || state.invitation.status !== 'pending') return [];
        return [command.type === 'RecordDesignerInvitationSent' ? DesignerInvitationSent.create({}) : DesignerInvitationSendFailed.create({ reason: command.reason.slice(0, 500) })];
      }
      case 'AcceptDesignerInvitation': {
        const invitation = state.invitation;
        if (!isDesigner(state) || !invitation || invitation.token_hash !== command.token_hash || !isInvitationUsable(invitation, context.now)) throw invalidInvitation();
        // The token proves the mailbox; the account must be the one signed in with that same address.
        if (canonicalEmail(command.email) !== state.email) {
          throw forbidden(`This invitation was sent to ${state.email}. Sign in with that e-mail address to accept it.`);
        }
        return [DesignerInvitationAccepted.create({ user_id: command.user_id }), DesignerLinked.create({ user_id: command.user_id })];
      }
      case 'SetDesignerActive': {
        if (!isDesigner(state)) throw notFound(DESIGNER_NOT_FOUND);
        if ((state.status === 'active') === command.active) return [];
        return [command.active ? DesignerReactivated.create({}) : DesignerDeactivated.create({})];
      }
      case 'RemoveDesigner': {
        if (!isDesigner(state)) throw notFound(DESIGNER_NOT_FOUND);
        return [DesignerRemoved.create({})];
      }
    }
  },
};

/** The one stream recording 'Sign Out All Designers' (revoke-designer-sessions). */
export const DESIGNER_REVOCATION_STREAM = 'revocation-designers';

export interface RevocationState {
  /** Designer sessions authenticated before this instant are refused; null: never revoked. */
  not_before: string | null;
  count: number;
}

export type RevocationCommand = { type: 'RevokeDesignerSessions' };

const initialRevocationState = (): RevocationState => ({ not_before: null, count: 0 });

function evolveRevocation(state: RevocationState, event: EvolvingEvent): RevocationState {
  if (event.type !== 'DesignerSessionsRevoked') return state;
  const data = event.data as ReturnType<typeof DesignerSessionsRevoked.create>['data'];
  return { not_before: data.not_before, count: state.count + 1 };
}

/** Folds a stream's events without the decider's rules (decider.ts: Evolution). */
export const revocationEvolution: Evolution<RevocationState> = { initialState: initialRevocationState, evolve: evolveRevocation };

export const revocationDecider: Decider<RevocationCommand, RevocationState> = {
  initialState: initialRevocationState,
  evolve: evolveRevocation,
  // Every click is recorded: each one moves the instant forward.
  decide: (_command, _state, context) => [DesignerSessionsRevoked.create({ not_before: context.now })],
};
