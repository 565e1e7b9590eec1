import { expect } from 'vitest';
import type { Actor, NewEvent } from '../../events/envelope.js';
import type { Decider } from '../../functions/platform/decider.js';

const NOW = '2026-11-22T10:00:00.000Z';

/** Emmett-style decider specification: given past events, when a command, then events or an error. */
export function deciderSpec<C, S>(decider: Decider<C, S>) {
  return (given: NewEvent[], actor: Actor = { sub: 'u1', role: 'client' }) => ({
    when(command: C) {
      const run = () => {
        let state = decider.initialState();
        given.forEach((event, index) => {
          state = decider.evolve(state, { ...event, at: NOW, actor, version: index + 1 });
        });
        return decider.decide(command, state, { actor, now: NOW });
      };
      return {
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
  });
}
