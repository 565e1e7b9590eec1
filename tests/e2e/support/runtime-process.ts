/**
 * Runs one embedded runtime in its own process for a Playwright test file (forked by fixtures.ts
 * with an IPC channel). Its own process keeps each file's runtime apart: the runtime sets
 * process-wide state (environment, adapters, cached clients) that a second start in the same
 * process would inherit.
 *
 * Messages: child -> parent { type: 'ready', url, seeded } | { type: 'failed', message };
 * parent -> child { type: 'settle', id } (answered { type: 'settled', id }) | { type: 'stop' }.
 */
import { startLocal } from '../../../infra/local/runtime.js';

type Request = { type: 'settle'; id: number } | { type: 'stop' };

const send = (message: unknown) => process.send?.(message);

let local: Awaited<ReturnType<typeof startLocal>> | undefined;
let stopping: Promise<void> | undefined;

function stop(code = 0): Promise<void> {
  stopping ??= (async () => {
    try {
      await local?.stop();
    } finally {
      process.disconnect?.();
      process.exit(code);
    }
  })();
  return stopping;
}

process.on('message', (message: Request) => {
  if (message.type === 'stop') void stop();
  else if (message.type === 'settle') {
    void (local ? local.settle() : Promise.resolve()).then(() => send({ type: 'settled', id: message.id }));
  }
});
// The test runner went away (crash, Ctrl-C): do not outlive it.
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

try {
  local = await startLocal({ port: 0, dataDir: undefined, quiet: true });
  send({ type: 'ready', url: local.url, seeded: local.seeded });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  await stop(1);
}
