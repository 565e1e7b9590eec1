import { canonicalEmail } from '../../../shared/email.js';
import {
  DesignerAuthorized,
  DesignerDeactivated,
  DesignerInvitationAccepted,
  DesignerInvitationSendFailed,
  DesignerInvitationSent,
  DesignerInvited,
  DesignerLinked,
  DesignerReactivated,
  DesignerRemoved,
  DesignerSessionsRevoked,
} from './events.js';
import type { Decider } from '../../platform/decider.js';
import { DomainError, conflict, forbidden, notFound } from '../../platform/domain-errors.js';
import {
  evolveDesigner,
  evolveRevocation,
  initialDesignerState,
  initialRevocationState,
  INVALID_DESIGNER_INVITATION,
  isDesigner,
  isInvitationUsable,
  type DesignerState,
  type RevocationState,
} from './state.js';

/** The states and their folds live in state.ts; they are named here too for the command side. */
export {
  DESIGNER_REVOCATION_STREAM,
  designerEvolution,
  designerStream,
  invitationStatus,
  isDesigner,
} from './state.js';
export type { DesignerState, RevocationState } from './state.js';

/** The invitation link works 7 days (like team invitations, docs/product.md#limits). */
export const DESIGNER_INVITATION_DAYS = 7;

export type DesignerCommand =
  /**
   * `invitation` for an address nobody has proven yet; `user_id` only where the address is known to be the account's
   * (the seeder).
   */
  | { type: 'AuthorizeDesigner'; email: string; user_id?: string | null; invitation?: { token_hash: string } }
  | { type: 'LinkDesigner'; user_id: string }
  | { type: 'InviteDesigner'; token_hash: string }
  | { type: 'RecordDesignerInvitationSent' }
  | { type: 'RecordDesignerInvitationSendFailed'; reason: string }
  | { type: 'AcceptDesignerInvitation'; token_hash: string; user_id: string; email: string }
  | { type: 'SetDesignerActive'; active: boolean }
  | { type: 'RemoveDesigner' };

export const invitationExpiry = (now: string) =>
  new Date(Date.parse(now) + DESIGNER_INVITATION_DAYS * 86_400_000).toISOString();

const invalidInvitation = () => new DomainError('GONE', INVALID_DESIGNER_INVITATION);

export const ALREADY_DESIGNER = 'This email is already registered as a designer';
export const DESIGNER_NOT_FOUND = 'Designer not found';

export const designerDecider: Decider<DesignerCommand, DesignerState> = {
  // The functions themselves, not the Evolution's properties: the bundler can then drop an unused decider.
  initialState: initialDesignerState,
  evolve: evolveDesigner,
  decide(command, state, context) {
    switch (command.type) {
      case 'AuthorizeDesigner': {
        if (isDesigner(state)) throw conflict(ALREADY_DESIGNER);
        const authorized = DesignerAuthorized.create({
          email: canonicalEmail(command.email),
          user_id: command.user_id ?? null,
        });
        if (!command.invitation || command.user_id) return [authorized];
        return [
          authorized,
          DesignerInvited.create({
            token_hash: command.invitation.token_hash,
            expires_at: invitationExpiry(context.now),
          }),
        ];
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
        if (state.invitation?.status !== 'pending') return [];
        return [
          command.type === 'RecordDesignerInvitationSent'
            ? DesignerInvitationSent.create({})
            : DesignerInvitationSendFailed.create({ reason: command.reason.slice(0, 500) }),
        ];
      }
      case 'AcceptDesignerInvitation': {
        const invitation = state.invitation;
        if (
          !isDesigner(state) ||
          !invitation ||
          invitation.token_hash !== command.token_hash ||
          !isInvitationUsable(invitation, context.now)
        )
          throw invalidInvitation();
        // The token proves the mailbox; the account must be the one signed in with that same address.
        if (canonicalEmail(command.email) !== state.email) {
          throw forbidden(`This invitation was sent to ${state.email}. Sign in with that e-mail address to accept it.`);
        }
        return [
          DesignerInvitationAccepted.create({ user_id: command.user_id }),
          DesignerLinked.create({ user_id: command.user_id }),
        ];
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

export type RevocationCommand = { type: 'RevokeDesignerSessions' };

export const revocationDecider: Decider<RevocationCommand, RevocationState> = {
  initialState: initialRevocationState,
  evolve: evolveRevocation,
  // Every click is recorded: each one moves the instant forward.
  decide: (_command, _state, context) => [DesignerSessionsRevoked.create({ not_before: context.now })],
};
