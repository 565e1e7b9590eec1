import {
  DesignerAuthorized,
  DesignerDeactivated,
  DesignerLinked,
  DesignerReactivated,
  DesignerRemoved,
  DesignerSessionsRevoked,
} from '../../events/index.js';
import type { Decider } from './decider.js';
import { conflict, notFound } from './errors.js';

/** One stream per designer authorisation, keyed by the lower-cased e-mail (spec/2 §3 user_roles). */
export const designerStream = (email: string) => `designer-${email.trim().toLowerCase()}`;

export type DesignerStatus = 'none' | 'active' | 'inactive' | 'removed';

export interface DesignerState {
  status: DesignerStatus;
  email: string | null;
  /** The account the authorisation belongs to; null while pre-authorised (no account yet). */
  user_id: string | null;
  authorized_at: string | null;
  updated_at: string | null;
}

export type DesignerCommand =
  | { type: 'AuthorizeDesigner'; email: string; user_id?: string | null }
  | { type: 'LinkDesigner'; user_id: string }
  | { type: 'SetDesignerActive'; active: boolean }
  | { type: 'RemoveDesigner' };

/** A designer authorisation that exists (active or not); removed ones are gone. */
export const isDesigner = (state: Pick<DesignerState, 'status'>) => state.status === 'active' || state.status === 'inactive';

export const ALREADY_DESIGNER = 'This email is already registered as a designer';
export const DESIGNER_NOT_FOUND = 'Designer not found';

export const designerDecider: Decider<DesignerCommand, DesignerState> = {
  initialState: () => ({ status: 'none', email: null, user_id: null, authorized_at: null, updated_at: null }),

  decide(command, state) {
    switch (command.type) {
      case 'AuthorizeDesigner': {
        if (isDesigner(state)) throw conflict(ALREADY_DESIGNER);
        return [DesignerAuthorized.create({ email: command.email, user_id: command.user_id ?? null })];
      }
      case 'LinkDesigner': {
        if (!isDesigner(state)) throw notFound(DESIGNER_NOT_FOUND);
        return state.user_id === command.user_id ? [] : [DesignerLinked.create({ user_id: command.user_id })];
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

  evolve(state, event) {
    switch (event.type) {
      case 'DesignerAuthorized': {
        const data = event.data as ReturnType<typeof DesignerAuthorized.create>['data'];
        return { status: 'active', email: data.email, user_id: data.user_id, authorized_at: event.at, updated_at: event.at };
      }
      case 'DesignerLinked': {
        const data = event.data as ReturnType<typeof DesignerLinked.create>['data'];
        return { ...state, user_id: data.user_id, updated_at: event.at };
      }
      case 'DesignerDeactivated':
        return { ...state, status: 'inactive', updated_at: event.at };
      case 'DesignerReactivated':
        return { ...state, status: 'active', updated_at: event.at };
      case 'DesignerRemoved':
        return { ...state, status: 'removed', user_id: null, authorized_at: null, updated_at: event.at };
      default:
        return state;
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

export const revocationDecider: Decider<RevocationCommand, RevocationState> = {
  initialState: () => ({ not_before: null, count: 0 }),
  // Every click is recorded: each one moves the instant forward.
  decide: (_command, _state, context) => [DesignerSessionsRevoked.create({ not_before: context.now })],
  evolve(state, event) {
    if (event.type !== 'DesignerSessionsRevoked') return state;
    const data = event.data as ReturnType<typeof DesignerSessionsRevoked.create>['data'];
    return { not_before: data.not_before, count: state.count + 1 };
  },
};
