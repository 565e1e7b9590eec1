/**
 * The API on the embedded stack (loopback only, bounded in time): a command (PATCH
 * /api/projects/{id}; every request appends an event, each worker on its own project) and the raw
 * conditional PutItem on the same DynamoDB, as closed loops measured the same way after the same
 * warm-up, one at a time and 20 concurrent; and a query (GET /api/projects) with autocannon at 20.
 * Prints p50/p99; asserts nothing (goals: command p99 ≤ 3× raw PutItem p99 one at a time, ≤ 5× at 20
 * concurrent, issue 45).
 *
 * Everything shares one Node thread here: dynalite, the HTTP layer, the handlers and the consumers
 * the bus runs after each command (in the cloud they are other services and other Lambdas).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import { TestStack, minimalProject } from '../tests/support/stack.js';
import { printTable } from './support.js';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = 20;
const WARMUP_SECONDS = 2;

function percentile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * A closed loop: `connections` workers, each sending its next request when the last one answered,
 * for `seconds`, after a warm-up of the same shape that is not counted (JIT, sockets, caches).
 */
async function closedLoop(connections: number, seconds: number, request: (worker: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let failures = 0;
  for (const [duration, counted] of [
    [WARMUP_SECONDS, false],
    [seconds, true],
  ] as const) {
    const deadline = Date.now() + duration * 1000;
    await Promise.all(
      Array.from({ length: connections }, async (_, worker) => {
        while (Date.now() < deadline) {
          const started = performance.now();
          const ok = await request(worker);
          if (!counted) continue;
          latencies.push(performance.now() - started);
          if (!ok) failures += 1;
        }
      }),
    );
  }
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, failures, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

let rawRuns = 0;

async function rawPutLatency(stack: TestStack, connections: number) {
  const { client } = stack.local.runtime.views;
  let n = 0;
  const run = (rawRuns += 1);
  return closedLoop(connections, SECONDS, async (worker) => {
    await client.send(
      new PutCommand({
        TableName: process.env.EVENTS_TABLE!,
        Item: {
          streamId: `raw-${run}-${worker}`,
          version: (n += 1),
          events: '[]',
          bucket: 'raw#0',
          position: String(n),
        },
        ConditionExpression: 'attribute_not_exists(streamId)',
      }),
    );
    return true;
  });
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        ...options,
        connections: CONNECTIONS,
        duration: SECONDS,
        warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS },
      } as autocannon.Options,
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function benchApiLoad() {
  const stack = await TestStack.start();
  try {
    const client = await stack.signUpClient();
    const admin = await stack.admin();
    const projects: string[] = [];
    for (let i = 0; i < 20; i += 1)
      projects.push(
        (await stack.api('POST', '/api/projects', { user: client, body: minimalProject({ title: `Load ${i}` }) })).body
          .project.id,
      );
    await stack.settle();

    // Each worker changes its own project, so the figures are about the path, not one hot stream,
    // and flips its priority on every request, so every request appends an event.
    const flips = projects.map(() => 0);
    const patch = async (worker: number) => {
      const response = await fetch(`${stack.url}/api/projects/${projects[worker]}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin.idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ priority: (flips[worker] += 1) % 2 ? 'Urgent' : 'Low' }),
      });
      await response.arrayBuffer();
      return response.ok;
    };
    const rawAlone = await rawPutLatency(stack, 1);
    const commandAlone = await closedLoop(1, SECONDS, patch);
    await stack.settle();
    const raw = await rawPutLatency(stack, CONNECTIONS);
    const command = await closedLoop(CONNECTIONS, SECONDS, patch);
    await stack.settle();
    const query = await cannon({
      url: `${stack.url}/api/projects`,
      headers: { authorization: `Bearer ${client.idToken}` },
    });

    const row = (name: string, result: autocannon.Result) => ({
      operation: name,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      perSecond: Math.round(result.requests.average),
    });
    const looped = (name: string, result: Awaited<ReturnType<typeof closedLoop>>) => ({
      operation: name,
      requests: result.requests,
      non2xx: result.failures,
      errors: 0,
      p50_ms: Number(result.p50.toFixed(1)),
      p99_ms: Number(result.p99.toFixed(1)),
      perSecond: Math.round(result.requests / SECONDS),
    });
    printTable(
      `API on the embedded stack, ${SECONDS} s each (closed loops after a ${WARMUP_SECONDS} s warm-up; the query by ` +
        `autocannon)`,
      [
        looped('raw conditional PutItem, 1 at a time', rawAlone),
        looped('PATCH /api/projects/{id} (command), 1 at a time', commandAlone),
        looped(`raw conditional PutItem, ${CONNECTIONS} concurrent`, raw),
        looped(`PATCH /api/projects/{id} (command), ${CONNECTIONS} concurrent`, command),
        row(`GET /api/projects (query), ${CONNECTIONS} concurrent`, query),
      ],
    );
    console.log(
      `command p99 / raw PutItem p99: ${(commandAlone.p99 / rawAlone.p99).toFixed(2)}x one at a ` +
        `time, ${(command.p99 / raw.p99).toFixed(2)}x at ${CONNECTIONS} concurrent (goals ≤ 3x and ≤ 5x)`,
    );
  } finally {
    // autocannon may leave requests in flight on the server: let them finish before stopping.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await stack.settle();
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await benchApiLoad();
}
