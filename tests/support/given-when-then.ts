import { expect } from 'vitest';
import type { Actor, NewEvent } from '../../events/envelope.js';
import type { Decider } from '../../functions/platform/decider.js';

/** The instant every spec decides at, unless a `when` says otherwise. */
export const SPEC_NOW = '2026-11-22T10:00:00.000Z';
const DEFAULT_ACTOR: Actor = { sub: 'u1', role: 'client' };

/**
 * One past event as a spec states it: the event itself and, where the rule under test reads them,
 * who recorded it and when. Metadata left out falls back to the spec's actor and clock; `version`
 * falls back to the event's place in the history.
 */
export type HistoryEvent = NewEvent & { actor?: Actor; at?: string; version?: number };

/** Who issues the command, when, and (for rules that recognise a designer by e-mail) from which address. */
export interface WhenContext {
  actor?: Actor;
  now?: string;
  actorEmail?: string;
}

/** `{ ...event, actor }`: an event as `actor` recorded it, for histories with more than one hand in them. */
export const by = (actor: Actor, event: NewEvent, at?: string): HistoryEvent => ({
  ...event,
  actor,
  ...(at ? { at } : {}),
});

/**
 * Emmett-style decider specification: given past events (each with its own metadata), when a
 * command, then the events it records or the error it refuses with.
 *
 *     const given = deciderSpec(projectDecider);
 *     given([submitted, by(admin, assigned)]).when(changeStatus, { actor: designer }).then([statusChanged]);
 *
 * `given(history, actor)` sets the default actor for both the history and the command.
 */
export function deciderSpec<C, S>(decider: Decider<C, S>) {
  return (history: readonly HistoryEvent[], defaultActor: Actor = DEFAULT_ACTOR) => {
    const state = (): S =>
      history.reduce(
        (folded, { actor, at, version, ...event }, index) =>
          decider.evolve(folded, {
            type: event.type,
            data: event.data,
            actor: actor ?? defaultActor,
            at: at ?? SPEC_NOW,
            version: version ?? index + 1,
          }),
        decider.initialState(),
      );
    return {
      /** The state the history folds to, for specs of what a read derives from it. */
      state,
      when(command: C, context: WhenContext = {}) {
        const run = () =>
          decider.decide(command, state(), {
            actor: context.actor ?? defaultActor,
            now: context.now ?? SPEC_NOW,
            actorEmail: context.actorEmail,
          });
        return {
          // biome-ignore lint/suspicious/noThenProperty: a spec reads given/when/then; nothing awaits this object.
          then(expected: NewEvent[] | ((events: NewEvent[]) => void)) {
            const events = run();
            if (typeof expected === 'function') expected(events);
            else expect(events).toEqual(expected);
          },
          thenThrows(message: string | RegExp, code?: string) {
            let caught: unknown;
            try {
              run();
            } catch (error) {
              caught = error;
            }
            expect(caught, 'expected the command to be refused').toBeInstanceOf(Error);
            expect((caught as Error).message).toMatch(message);
            if (code) expect((caught as { code?: string }).code).toBe(code);
          },
        };
      },
    };
  };
}
