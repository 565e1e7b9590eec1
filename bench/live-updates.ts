/**
 * Live-update delay on the embedded stack: from the commit of a change (the store's append resolved)
 * to its message arriving at a connected client (an admin's WebSocket). Sequential changes, so
 * queueing does not blur it. Also counts the projection checkpoints read meanwhile (a notifier that
 * polls them shows here). Prints p50/p95/p99; asserts nothing (goal p99 ≤ 50 ms).
 */
import WebSocket from 'ws';
import { projectDecider, projectStream } from '../functions/features/projects/decider.js';
import { runCommand } from '../functions/platform/event-store/command.js';
import { TestStack, minimalProject } from '../tests/support/stack.js';
import { printTable } from './support.js';

const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 200);

export async function benchLiveUpdates() {
  const stack = await TestStack.start();
  try {
    const client = await stack.signUpClient();
    const admin = await stack.admin();
    const id = (await stack.api('POST', '/api/projects', { user: client, body: minimalProject() })).body.project
      .id as string;
    await stack.settle();
    const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime?token=${admin.idToken}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    let waiting: (() => void) | undefined;
    socket.on('message', () => waiting?.());

    // Time the append itself: from the moment the commit is written to the message's arrival.
    const { store, views } = stack.local.runtime;
    const append = store.append.bind(store);
    let appendedAt = 0;
    store.append = async (...args) => {
      const commit = await append(...args);
      appendedAt = performance.now();
      return commit;
    };
    // Every read of a projection checkpoint (the projector's own, when it has not remembered one, and
    // any waiting for the projections), from the first change to the last message.
    const get = views.get.bind(views);
    let checkpointReads = 0;
    views.get = (gen, pk, ...rest) => {
      if (pk.startsWith('cp#')) checkpointReads += 1;
      return get(gen, pk, ...rest);
    };

    const delays: number[] = [];
    const priorities = ['Urgent', 'Low'] as const;
    for (let i = 0; i < CHANGES; i += 1) {
      const arrived = new Promise<void>((resolve) => (waiting = resolve));
      await runCommand(
        projectDecider,
        projectStream(id),
        { type: 'UpdateProject', priority: priorities[i % 2] },
        { actor: { sub: admin.sub, role: 'admin' } },
        stack.local.runtime,
      );
      await arrived;
      delays.push(performance.now() - appendedAt);
      await stack.settle();
    }
    socket.close();
    views.get = get;
    delays.sort((a, b) => a - b);
    const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))]!.toFixed(1);
    printTable(`Live updates: append → message at a connected client (${CHANGES} changes, embedded stack)`, [
      {
        p50_ms: at(0.5),
        p95_ms: at(0.95),
        p99_ms: at(0.99),
        max_ms: delays.at(-1)!.toFixed(1),
        checkpoint_reads: checkpointReads,
        per_change: (checkpointReads / CHANGES).toFixed(2),
        goal: 'p99 ≤ 50 ms',
      },
    ]);
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await benchLiveUpdates();
}
