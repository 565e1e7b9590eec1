import type { Actor, EventEnvelope, NewEvent } from '../../events/index.js';

/**
 * Emmett-style decider. `decide` is pure: it returns the events a command produces or throws a
 * DomainError; `evolve` folds one stored event into the state. Both run without I/O, so the same
 * functions serve the command side, the projections and the audit's time travel.
 */
export interface Decider<Command, State, Event extends NewEvent = NewEvent> {
  initialState: () => State;
  decide: (command: Command, state: State, context: DecisionContext) => Event[];
  evolve: (state: State, event: Pick<EventEnvelope, 'type' | 'data' | 'at' | 'actor' | 'version'>) => State;
}

export interface DecisionContext {
  actor: Actor;
  now: string;
  /** The caller's e-mail, for rules that recognise a designer pre-authorised by e-mail. */
  actorEmail?: string;
}

export function fold<S>(decider: Pick<Decider<unknown, S>, 'initialState' | 'evolve'>, events: Iterable<Parameters<Decider<unknown, S>['evolve']>[1]>): S {
  let state = decider.initialState();
  for (const event of events) state = decider.evolve(state, event);
  return state;
}
