import { GENESIS_HASH } from '../../events/envelope.js';
import type { Appending as Runtime } from '../../functions/platform/runtime.js';
import type { Decider } from '../../functions/platform/decider.js';

/** A decider that always has something to append: a command that would commit if let through. */
export const touchDecider: Decider<{ type: 'Touch' }, number> = {
  initialState: () => 0,
  decide: () => [{ type: 'Touched', data: {} }],
  evolve: (state) => state + 1,
};

/** A runtime with empty streams that counts the appends it is asked for, without I/O. */
export function appendCountingRuntime(): { runtime: Runtime; appends: () => number } {
  let appends = 0;
  const runtime = {
    store: {
      readStream: async (streamId: string) => ({ streamId, events: [], version: 0, lastHash: GENESIS_HASH }),
      // A cold load reads the newest commits first (event-store/folds.ts): an empty stream.
      readNewest: async () => ({ events: [], firstVersion: 1, fromStart: true }),
      append: async () => void (appends += 1),
    },
    publisher: { publish: async () => true },
    now: () => new Date(),
  } as unknown as Runtime;
  return { runtime, appends: () => appends };
}

/** A Lambda-like context whose function ends `ms` from now. */
export function contextEndingIn(ms: number, awsRequestId = 'abandoned') {
  const started = Date.now();
  return { getRemainingTimeInMillis: () => ms - (Date.now() - started), awsRequestId };
}
