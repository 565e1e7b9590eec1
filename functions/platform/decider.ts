import type { Actor, EventEnvelope, NewEvent } from '../../events/envelope.js';

/**
 * Emmett-style decider. `decide` is pure: it returns the events a command produces or throws a
 * DomainError; `evolve` folds one stored event into the state. Both run without I/O, so the same
 * functions serve the command side, the projections and the audit's time travel.
 */
export interface Decider<Command, State, Event extends NewEvent = NewEvent> extends Evolution<State> {
  decide: (command: Command, state: State, context: DecisionContext) => Event[];
}

/** A stored event as `evolve` reads it. */
export type EvolvingEvent = Pick<EventEnvelope, 'type' | 'data' | 'at' | 'actor' | 'version'>;

/**
 * A decider's state half: what the projections and the routes that only read a stream fold its
 * events with. Each domain module writes both halves as top-level functions and exports this object
 * beside its decider, so a bundle that decides nothing leaves `decide` and its rules out.
 */
export interface Evolution<State> {
  initialState: () => State;
  evolve: (state: State, event: EvolvingEvent) => State;
  /**
   * Commands on long streams load this fold from a stored snapshot and read only the events after it
   * (event-store/folds.ts). `name` keeps the snapshots of one stream's folds apart; a new `revision`
   * (whenever `evolve` or the state's shape changes) makes every older snapshot ignored. The state
   * must survive JSON as it is.
   */
  snapshot?: { name: string; revision: number };
}

export interface DecisionContext {
  actor: Actor;
  now: string;
  /** The caller's e-mail, for rules that recognise a designer pre-authorised by e-mail. */
  actorEmail?: string;
}

export function fold<S>(decider: Evolution<S>, events: Iterable<EvolvingEvent>): S {
  let state = decider.initialState();
  for (const event of events) state = decider.evolve(state, event);
  return state;
}
