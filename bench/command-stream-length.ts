/**
 * A command's cost against the length of its stream: a project created through the API, then grown
 * to 10, 1,000 and 10,000 events (PriorityChanged, appended in commits of 100), then cold commands
 * on it (`UpdateProject`, each through a store as a new process has it: nothing remembered, so it
 * loads from the fold's snapshot and reads the events after it). Prints the p50 per length and the
 * ratio to the 10-event stream; asserts nothing (goal: 10,000 within 1.5× of 10).
 */
import { PriorityChanged } from '../functions/features/projects/events.js';
import { projectDecider, projectStream } from '../functions/features/projects/decider.js';
import { catalogue } from '../functions/app/catalogue.js';
import { runCommand } from '../functions/platform/event-store/command.js';
import { EventStore } from '../functions/platform/event-store/event-store.js';
import { MAX_EVENTS_PER_COMMIT } from '../functions/platform/event-store/event-log.js';
import { Publisher } from '../functions/platform/event-store/publisher.js';
import type { Appending } from '../functions/platform/runtime.js';
import { TestStack, minimalProject } from '../tests/support/stack.js';
import { printTable } from './support.js';

const LENGTHS = (process.env.BENCH_STREAM_LENGTHS ?? '10,1000,10000').split(',').map(Number);
const COMMANDS = Number(process.env.BENCH_STREAM_COMMANDS ?? 30);

export async function benchCommandStreamLength() {
  const stack = await TestStack.start();
  try {
    const client = await stack.signUpClient();
    const admin = await stack.admin();
    const { runtime } = stack.local;
    const quietBus = { putEvents: async () => ({ failedIndexes: [] }) };
    const rows: Record<string, unknown>[] = [];
    let base = 0;
    for (const length of LENGTHS) {
      const id = (
        await stack.api('POST', '/api/projects', {
          user: client,
          body: minimalProject({ title: `Stream of ${length}` }),
        })
      ).body.project.id as string;
      await stack.settle();
      const streamId = projectStream(id);
      let { version, lastHash } = await runtime.store.readStream(streamId);
      // Grown straight through the store: what matters is the length, not how it got there.
      while (version < length) {
        const count = Math.min(MAX_EVENTS_PER_COMMIT, length - version);
        const events = Array.from({ length: count }, (_, i) =>
          PriorityChanged.create({ priority: (version + i) % 2 ? 'Urgent' : 'Low' }),
        );
        const commit = await runtime.store.append(
          streamId,
          events,
          { version, hash: lastHash },
          { actor: { sub: admin.sub, role: 'admin' } },
        );
        version = commit.lastVersion;
        lastHash = commit.events.at(-1)!.hash;
      }
      const timings: number[] = [];
      // The first cold command folds the whole stream and stores the snapshot: not counted.
      for (let i = -1; i < COMMANDS; i += 1) {
        const store = new EventStore({
          catalogue,
          codec: runtime.store.codec,
          client: runtime.store.client,
          tableName: runtime.store.table,
        });
        const cold: Appending = { ...runtime, store, bus: quietBus, publisher: new Publisher(quietBus, store) };
        const started = performance.now();
        await runCommand(
          projectDecider,
          streamId,
          { type: 'UpdateProject', priority: i % 2 ? 'Urgent' : 'Normal' },
          { actor: { sub: admin.sub, role: 'admin' } },
          cold,
        );
        if (i >= 0) timings.push(performance.now() - started);
      }
      timings.sort((a, b) => a - b);
      const p50 = timings[Math.floor(timings.length / 2)]!;
      if (!base) base = p50;
      rows.push({
        events: length,
        cold_commands: COMMANDS,
        p50_ms: Number(p50.toFixed(1)),
        p90_ms: Number(timings[Math.floor(timings.length * 0.9)]!.toFixed(1)),
        ratio_to_first: Number((p50 / base).toFixed(2)),
      });
    }
    printTable(`A cold command (snapshot + later events, append, publish) against its stream's length`, rows);
    console.log(
      `command p50 on ${LENGTHS.at(-1)} events / ` +
        `on ${LENGTHS[0]}: ${(rows.at(-1)!.ratio_to_first as number).toFixed(2)}x (goal ≤ 1.5x)`,
    );
  } finally {
    await stack.settle();
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await benchCommandStreamLength();
}
