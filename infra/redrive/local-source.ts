import type { DeadLetter } from '../local/dead-letters.js';
import type { LocalBus } from '../local/bus.js';
import type { DeadLetterSource, DeadLetterView, RedeliveryOutcome } from './run.js';

export const viewOf = (letter: DeadLetter): DeadLetterView => ({
  id: letter.id,
  consumer: letter.subscription,
  kind: 'consumer',
  streamId: letter.event.streamId,
  version: letter.event.version,
  type: letter.event.type,
  error: letter.error,
  attempts: letter.attempts,
  failedAt: letter.failedAt,
});

/** The dead letters of an embedded bus in this process (tests, or a runtime the CLI started itself). */
export function inProcessSource(bus: LocalBus, where = 'the embedded bus in this process'): DeadLetterSource {
  return {
    where,
    list: async () => bus.deadLetters.map(viewOf),
    redeliver: async (letter): Promise<RedeliveryOutcome> => {
      const outcome = await bus.redeliver(letter.id);
      return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
    },
  };
}

/** Where a running `npm start` listens for operator requests (written to its data folder). */
export interface OpsAdminAddress {
  url: string;
  token: string;
}

/** The dead letters of a running `npm start`, through its loopback-only admin port. */
export function adminSource(
  address: OpsAdminAddress,
  where = `the running embedded stack (${address.url})`,
): DeadLetterSource {
  const call = async (path: string, init: { method: string; body?: unknown } = { method: 'GET' }) => {
    const response = await fetch(`${address.url}${path}`, {
      method: init.method,
      headers: { 'x-ops-token': address.token, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, any>;
    if (!response.ok) throw new Error(body.error?.message ?? `The admin port answered ${response.status}`);
    return body;
  };
  return {
    where,
    list: async () => (await call('/dead-letters')).letters as DeadLetterView[],
    redeliver: async (letter) =>
      (await call('/dead-letters/redeliver', { method: 'POST', body: { id: letter.id } })).outcome as RedeliveryOutcome,
  };
}
