/**
 * `npx tsx bench/handler-init.ts [--runs N] [--only TEXT]`: every Lambda handler of infra/routes.ts
 * bundled as the stack bundles it (infra/stack/bundling.ts: minified, the same externals, aliases and
 * per-handler `define`s), then imported in a fresh Node process N times (default 7) with a Lambda-like
 * environment: prints each bundle's size and the median milliseconds from the start of the import to
 * the module being evaluated (what a cold start pays before the first event).
 *
 * A figure, not a test: timings depend on the machine and its load (the size budget per handler is
 * asserted in tests/infra/bundling.test.ts). For init over the SDK floor, paired, see
 * `npm run bundle:report`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { consumers, realtimeRoutes, routes, schedules, triggers } from '../infra/routes.js';
import { lambdaDefine, lambdaEsbuildApiOptions } from '../infra/stack/bundling.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs')) || 7;
const ONLY = option('--only');

/** What Lambda sets and what module initialisation reads (the clients' region, the tables' names). */
const LAMBDA_ENV: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'example',
  AWS_SESSION_TOKEN: 'example',
  AWS_LAMBDA_FUNCTION_NAME: 'handler-init',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '1024',
  POWERTOOLS_SERVICE_NAME: 'design-club',
  LOG_LEVEL: 'SILENT',
  EVENTS_TABLE: 'events',
  VIEWS_TABLE: 'views',
  EVENT_BUS_NAME: 'bus',
  USER_POOL_ID: 'us-east-1_example',
  UPLOADS_BUCKET: 'uploads',
  UPLOADS_INCOMING_PREFIX: 'incoming/',
  SITE_URL: 'https://example.cloudfront.net',
  STAGE: 'bench',
};

export const HANDLERS = [...new Set([...routes, ...consumers, ...triggers, ...schedules, ...realtimeRoutes].map((row) => row.handler))].sort();

/** One handler bundled as the stack bundles it, written to `dir`: the bundle's path and size in KB. */
export async function bundleHandler(handler: string, dir: string): Promise<{ file: string; kb: number }> {
  const file = path.join(dir, `${handler.replace(/\.ts$/, '').replaceAll('/', '__')}.mjs`);
  await build({ absWorkingDir: ROOT, entryPoints: [handler], outfile: file, logLevel: 'silent', ...lambdaEsbuildApiOptions(), sourcemap: false, define: lambdaDefine(handler) });
  return { file, kb: statSync(file).size / 1024 };
}

/** Milliseconds from the start of the import of the bundle to the module being evaluated, in a fresh process. */
function initSample(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});process.stdout.write(String(performance.now()-t));`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: LAMBDA_ENV, encoding: 'utf8' }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'handler-init-'));
  try {
    console.log(`handler init: ${RUNS} fresh processes per handler, Node ${process.version}, load ${loadavg()[0]!.toFixed(2)}`);
    console.log(`${'handler'.padEnd(62)} ${'KB'.padStart(7)} ${'init ms'.padStart(8)}`);
    const medians: number[] = [];
    for (const handler of HANDLERS.filter((name) => !ONLY || name.includes(ONLY))) {
      const { file, kb } = await bundleHandler(handler, dir);
      const ms = median(Array.from({ length: RUNS }, () => initSample(file)));
      medians.push(ms);
      console.log(`${handler.padEnd(62)} ${kb.toFixed(1).padStart(7)} ${ms.toFixed(1).padStart(8)}`);
    }
    console.log(`median of the handlers' medians: ${median(medians).toFixed(1)} ms; load after ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
