/**
 * The API under load on the embedded stack (loopback only, bounded in time), 20 concurrent: a
 * command (PATCH /api/projects/{id}, a real append each time, each worker on its own project) and
 * the raw conditional PutItem on the same DynamoDB, both as closed loops measured the same way
 * after the same warm-up; and a query (GET /api/projects) with autocannon. Prints p50/p99; asserts
 * nothing (goal: command p99 ≤ 3× raw PutItem p99).
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
 * A closed loop: `CONNECTIONS` workers, each sending its next request when the last one answered,
 * for `seconds`, after a warm-up of the same shape that is not counted (JIT, sockets, caches).
 */
async function closedLoop(seconds: number, request: (worker: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let failures = 0;
  for (const [duration, counted] of [[WARMUP_SECONDS, false], [seconds, true]] as const) {
    const deadline = Date.now() + duration * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, worker) => {
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

async function rawPutLatency(stack: TestStack) {
  const { client } = stack.local.runtime.views;
  let n = 0;
  return closedLoop(SECONDS, async (worker) => {
    await client.send(new PutCommand({ TableName: process.env.EVENTS_TABLE!, Item: { streamId: `raw-${worker}`, version: (n += 1), events: '[]', bucket: 'raw#0', position: String(n) }, ConditionExpression: 'attribute_not_exists(streamId)' }));
    return true;
  });
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS, warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS } } as autocannon.Options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function benchApiLoad() {
  const stack = await TestStack.start();
  try {
    const client = await stack.signUpClient();
    const admin = await stack.admin();
    const projects: string[] = [];
    for (let i = 0; i < 20; i += 1) projects.push((await stack.api('POST', '/api/projects', { user: client, body: minimalProject({ title: `Load ${i}` }) })).body.project.id);
    await stack.settle();

    const raw = await rawPutLatency(stack);
    // Each worker changes its own project, so the figures are about the path, not one hot stream.
    let flip = 0;
    const command = await closedLoop(SECONDS, async (worker) => {
      const response = await fetch(`${stack.url}/api/projects/${projects[worker]}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin.idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ priority: (flip += 1) % 2 ? 'Urgent' : 'Low' }),
      });
      await response.arrayBuffer();
      return response.ok;
    });
    await stack.settle();
    const query = await cannon({ url: `${stack.url}/api/projects`, headers: { authorization: `Bearer ${client.idToken}` } });

    const row = (name: string, result: autocannon.Result) => ({
      operation: name,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      perSecond: Math.round(result.requests.average),
    });
    printTable(`API under load: ${CONNECTIONS} concurrent, ${SECONDS} s each, embedded stack`, [
      { operation: 'raw conditional PutItem (DynamoDB alone)', requests: raw.requests, non2xx: 0, errors: 0, p50_ms: Number(raw.p50.toFixed(1)), p99_ms: Number(raw.p99.toFixed(1)), perSecond: Math.round(raw.requests / SECONDS) },
      { operation: 'PATCH /api/projects/{id} (command)', requests: command.requests, non2xx: command.failures, errors: 0, p50_ms: Number(command.p50.toFixed(1)), p99_ms: Number(command.p99.toFixed(1)), perSecond: Math.round(command.requests / SECONDS) },
      row('GET /api/projects (query)', query),
    ]);
    console.log(`command p99 / raw PutItem p99: ${(command.p99 / raw.p99).toFixed(2)}x (goal ≤ 3x)`);
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
