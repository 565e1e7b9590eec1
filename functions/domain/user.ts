import { ProfileUpdated, UserRegistered, type SystemRole, type UserType } from '../../events/index.js';
import type { Decider } from './decider.js';
import { conflict, notFound } from './errors.js';

export const userStream = (sub: string) => `user-${sub}`;

export interface UserState {
  registered: boolean;
  user_id: string | null;
  email: string | null;
  full_name: string | null;
  company: string | null;
  phone: string | null;
  user_type: UserType;
  created_at: string | null;
}

export type UserCommand =
  | { type: 'RegisterUser'; user_id: string; email: string; full_name?: string | null; company?: string | null; phone?: string | null; user_type?: UserType; initial_role?: SystemRole }
  | { type: 'UpdateProfile'; full_name?: string | null; company?: string | null; user_type?: UserType };

export const userDecider: Decider<UserCommand, UserState> = {
  initialState: () => ({
    registered: false,
    user_id: null,
    email: null,
    full_name: null,
    company: null,
    phone: null,
    user_type: 'architect',
    created_at: null,
  }),

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        // Cognito may invoke the trigger more than once; registering twice is a no-op, not an error.
        if (state.registered) {
          if (state.email === command.email.toLowerCase()) return [];
          throw conflict('This user is already registered with another e-mail');
        }
        const { type: _type, ...data } = command;
        return [UserRegistered.create(data)];
      }
      case 'UpdateProfile': {
        if (!state.registered) throw notFound('User not found');
        const { type: _type, ...changes } = command;
        const changed = Object.fromEntries(
          Object.entries(changes).filter(([key, value]) => value !== undefined && state[key as keyof UserState] !== value),
        );
        return Object.keys(changed).length === 0 ? [] : [ProfileUpdated.create(changed)];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const data = event.data as ReturnType<typeof UserRegistered.create>['data'];
        return { ...state, ...data, registered: true, created_at: event.at };
      }
      case 'ProfileUpdated': {
        const data = event.data as ReturnType<typeof ProfileUpdated.create>['data'];
        const defined = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
        return { ...state, ...defined };
      }
      default:
        return state;
    }
  },
};
