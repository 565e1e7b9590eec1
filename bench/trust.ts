/**
 * What the trust checks cost on the embedded stack (loopback, one at a time, interleaved rounds so
 * drift hits every variant alike): a create (POST /api/projects) without and with an
 * `Idempotency-Key` (one conditional PutItem before and one UpdateItem after the handler), the
 * retry of a keyed create (answered from the stored record), and a quota count (one conditional
 * UpdateItem) beside a raw GetItem on the same table. Each create is timed after the projections of
 * the previous one settled (they share the Node thread). Prints p50/p99; asserts nothing.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { consumeQuota } from '../functions/platform/quotas.js';
import { TestStack, minimalProject, type TestUser } from '../tests/support/stack.js';
import { printTable } from './support.js';

const ROUNDS = Number(process.env.BENCH_TRUST_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_TRUST_PER_ROUND ?? 40);

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const summary = (operation: string, samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    operation,
    samples: sorted.length,
    p50_ms: Number(percentile(sorted, 0.5).toFixed(2)),
    p99_ms: Number(percentile(sorted, 0.99).toFixed(2)),
  };
};

export async function benchTrust(): Promise<void> {
  const stack = await TestStack.start();
  try {
    const client: TestUser = await stack.signUpClient();
    const body = JSON.stringify(minimalProject());
    let counter = 0;
    const post = async (key?: string) => {
      const started = performance.now();
      const response = await fetch(`${stack.url}/api/projects`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${client.idToken}`,
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body,
      });
      await response.text();
      if (response.status !== 201) throw new Error(`POST /api/projects answered ${response.status}`);
      return performance.now() - started;
    };
    const runtime = stack.local.runtime;
    process.env.QUOTA_CHECKLISTS_PER_HOUR = '1000000';
    const quota = async () => {
      const started = performance.now();
      await consumeQuota(runtime, 'checklists', `bench-${counter % 50}`);
      return performance.now() - started;
    };
    const rawGet = async () => {
      const started = performance.now();
      await runtime.views.client.send(
        new GetCommand({ TableName: runtime.views.tableName, Key: { pk: '$generation', sk: 'pointer' } }),
      );
      return performance.now() - started;
    };

    const samples: Record<string, number[]> = { plain: [], keyed: [], replay: [], quota: [], raw: [] };
    // Warm-up, not counted.
    for (let i = 0; i < 10; i += 1) {
      await post();
      await post(`01JWARMUP${String(i).padStart(17, '0')}`);
      await quota();
      await rawGet();
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let i = 0; i < PER_ROUND; i += 1) {
        counter += 1;
        const key = `01JBENCH${String(counter).padStart(18, '0')}`;
        // Each create is timed with nothing else running: the projections of the one before have settled.
        samples.plain!.push(await post());
        await stack.settle();
        samples.keyed!.push(await post(key));
        await stack.settle();
        samples.replay!.push(await post(key));
        samples.quota!.push(await quota());
        samples.raw!.push(await rawGet());
      }
      await stack.settle();
    }
    printTable(`Trust checks on the embedded stack, one at a time (${ROUNDS} interleaved rounds of ${PER_ROUND})`, [
      summary('POST /api/projects, no Idempotency-Key', samples.plain!),
      summary('POST /api/projects, fresh Idempotency-Key', samples.keyed!),
      summary('POST /api/projects, retry of that key (stored answer)', samples.replay!),
      summary('consumeQuota (conditional UpdateItem)', samples.quota!),
      summary('raw GetItem, same table', samples.raw!),
    ]);
  } finally {
    delete process.env.QUOTA_CHECKLISTS_PER_HOUR;
    await stack.settle();
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await benchTrust();
}
