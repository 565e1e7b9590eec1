import { canonicalEmail } from '../../../shared/email.js';
import type { OneOf } from '../../../events/catalogue.js';
import type { DesignerEvent } from './events.js';
import type { Evolution, EvolvingEvent } from '../../platform/decider.js';

/*
 * A designer authorisation and the designers' session revocation as folded from their streams: what
 * the deciders decide on and what the read model keeps, apart from the deciders so that reads carry
 * none of the command rules.
 */

/** One stream per designer authorisation, keyed by the canonical e-mail (docs/product.md#records user_roles). */
export const designerStream = (email: string) => `designer-${canonicalEmail(email)}`;

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

/** A pending invitation whose link still works at `now`. */
export const isInvitationUsable = (
  invitation: DesignerInvitation | null | undefined,
  now: string,
): invitation is DesignerInvitation =>
  !!invitation && invitation.status === 'pending' && Date.parse(now) < Date.parse(invitation.expires_at);

/** What Designer Management shows about the invitation: pending, accepted, expired, or none (linked without one). */
export function invitationStatus(
  state: Pick<DesignerState, 'invitation' | 'user_id'>,
  now: string,
): 'pending' | 'accepted' | 'expired' | null {
  const invitation = state.invitation;
  if (!invitation) return null;
  if (invitation.status === 'accepted') return 'accepted';
  return isInvitationUsable(invitation, now) ? 'pending' : 'expired';
}

/** A designer authorisation that exists (active or not); removed ones are gone. */
export const isDesigner = (state: Pick<DesignerState, 'status'>) =>
  state.status === 'active' || state.status === 'inactive';

export const initialDesignerState = (): DesignerState => ({
  status: 'none',
  email: null,
  user_id: null,
  authorized_at: null,
  updated_at: null,
  invitation: null,
});

export function evolveDesigner(state: DesignerState, event: EvolvingEvent): DesignerState {
  const e = event as OneOf<DesignerEvent, EvolvingEvent>;
  switch (e.type) {
    case 'DesignerAuthorized': {
      const { data } = e;
      return {
        status: 'active',
        email: data.email,
        user_id: data.user_id,
        authorized_at: event.at,
        updated_at: event.at,
        invitation: null,
      };
    }
    case 'DesignerInvited': {
      const { data } = e;
      const invitation: DesignerInvitation = {
        token_hash: data.token_hash,
        expires_at: data.expires_at,
        status: 'pending',
        invited_at: event.at,
        sent_at: null,
        send_error: null,
        accepted_at: null,
      };
      return { ...state, invitation, updated_at: event.at };
    }
    case 'DesignerInvitationSent':
      return state.invitation
        ? { ...state, invitation: { ...state.invitation, sent_at: event.at, send_error: null } }
        : state;
    case 'DesignerInvitationSendFailed': {
      const { data } = e;
      return state.invitation ? { ...state, invitation: { ...state.invitation, send_error: data.reason } } : state;
    }
    case 'DesignerInvitationAccepted':
      return state.invitation
        ? {
            ...state,
            invitation: { ...state.invitation, status: 'accepted', accepted_at: event.at },
            updated_at: event.at,
          }
        : state;
    case 'DesignerLinked': {
      const { data } = e;
      return { ...state, user_id: data.user_id, updated_at: event.at };
    }
    case 'DesignerDeactivated':
      return { ...state, status: 'inactive', updated_at: event.at };
    case 'DesignerReactivated':
      return { ...state, status: 'active', updated_at: event.at };
    case 'DesignerRemoved':
      return {
        ...state,
        status: 'removed',
        user_id: null,
        authorized_at: null,
        updated_at: event.at,
        invitation: null,
      };
    default:
      return state;
  }
}

/** Folds a stream's events without the decider's rules (decider.ts: Evolution). */
export const designerEvolution: Evolution<DesignerState> = {
  initialState: initialDesignerState,
  evolve: evolveDesigner,
};

/** The one stream recording 'Sign Out All Designers' (revoke-designer-sessions). */
export const DESIGNER_REVOCATION_STREAM = 'revocation-designers';

export interface RevocationState {
  /** Designer sessions authenticated before this instant are refused; null: never revoked. */
  not_before: string | null;
  count: number;
}

export const initialRevocationState = (): RevocationState => ({ not_before: null, count: 0 });

export function evolveRevocation(state: RevocationState, event: EvolvingEvent): RevocationState {
  const e = event as OneOf<DesignerEvent, EvolvingEvent>;
  if (e.type !== 'DesignerSessionsRevoked') return state;
  return { not_before: e.data.not_before, count: state.count + 1 };
}

/** Folds a stream's events without the decider's rules (decider.ts: Evolution). */
export const revocationEvolution: Evolution<RevocationState> = {
  initialState: initialRevocationState,
  evolve: evolveRevocation,
};
