/**
 * What the Powertools Tracer would cost every handler, and what it costs as built: each handler is
 * bundled with the stack's esbuild options (infra/stack/bundling.ts) three ways and timed in fresh
 * Node processes with a Lambda-like environment, the variants interleaved so the machine's load
 * falls on all of them alike:
 *   as built       the Tracer external, loaded only when tracing is on (functions/platform/observability/tracing.ts)
 *   tracer bundled what importing the Tracer into every handler would cost (tracing off)
 *   tracing on     the build as deployed with `-c tracing=true`: the Tracer loaded at init from the
 *                  Powertools layer (here, this repository's node_modules stands in for the layer)
 * Run: npx tsx bench/observability-cost.ts [--runs N] [handler paths…]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD } from '../infra/stack/bundling.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 7;
const handlers = args.filter((arg, i) => !arg.startsWith('--') && i !== runsAt + 1);
const HANDLERS = handlers.length
  ? handlers
  : [
      'functions/features/projects/http/update.ts',
      'functions/app/projections-consumer.ts',
      'functions/features/users/triggers/pre-sign-up.ts',
    ];

const LAMBDA_ENV: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'example',
  AWS_LAMBDA_FUNCTION_NAME: 'observability-cost',
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
  LOG_LEVEL: 'SILENT',
  EVENTS_TABLE: 'events',
  VIEWS_TABLE: 'views',
  EVENT_BUS_NAME: 'bus',
  STAGE: 'bench',
};

async function bundle(
  entry: string,
  outfile: string,
  external: string[] = [...LAMBDA_ESBUILD.external],
): Promise<number> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_ESBUILD.target,
    minify: true,
    mainFields: [...LAMBDA_ESBUILD.mainFields],
    banner: { js: LAMBDA_ESBUILD.banner },
    external,
    alias: { ...LAMBDA_ESBUILD.alias },
    logLevel: 'silent',
  });
  return statSync(outfile).size / 1024;
}

/** Init time of a fresh process importing `file`, and whether it loaded the X-Ray SDK. */
function init(file: string, env: NodeJS.ProcessEnv): { ms: number; xray: boolean } {
  const script =
    `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});` +
    `const ms=performance.now()-t;const{createRequire}=await import('node:module');` +
    `const xray=Object.keys(createRequire(import.meta.url).cache).some((k)=>k.includes('aws-xray-sdk-core'));` +
    'process.stdout.write(JSON.stringify({ms,xray}));';
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' }),
  ) as { ms: number; xray: boolean };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const work = mkdtempSync(path.join(tmpdir(), 'observability-cost-'));
// The layer's node_modules, as Node finds it from the bundle (NODE_PATH does the same in Lambda).
symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');
try {
  const rows = [];
  for (const handler of HANDLERS) {
    const name = handler.replace(/[/.]/g, '_');
    const asBuilt = path.join(work, name, 'built.mjs');
    const eager = path.join(work, name, 'eager.mjs');
    mkdirSync(path.dirname(asBuilt), { recursive: true });
    const eagerEntry = path.join(work, name, 'eager-entry.ts');
    writeFileSync(
      eagerEntry,
      `import { Tracer } from '@aws-lambda-powertools/tracer';\nexport const tracer = new Tracer({ serviceName: ` +
        `'design-club' });\nexport { handler } from ${JSON.stringify(path.join(ROOT, handler))};\n`,
    );
    const kb = {
      built: await bundle(handler, asBuilt),
      eager: await bundle(
        eagerEntry,
        eager,
        LAMBDA_ESBUILD.external.filter((name) => name !== '@aws-lambda-powertools/tracer'),
      ),
    };
    const samples = { built: [] as number[], eager: [] as number[], on: [] as number[] };
    let xrayWhenOn = false;
    for (let i = 0; i < RUNS; i += 1) {
      samples.built.push(init(asBuilt, LAMBDA_ENV).ms);
      samples.eager.push(init(eager, LAMBDA_ENV).ms);
      const on = init(asBuilt, { ...LAMBDA_ENV, POWERTOOLS_TRACE_ENABLED: 'true' });
      samples.on.push(on.ms);
      xrayWhenOn = on.xray;
    }
    rows.push({
      handler,
      'as built KB': kb.built.toFixed(1),
      'tracer bundled KB': kb.eager.toFixed(1),
      'Δ KB': (kb.eager - kb.built).toFixed(1),
      'init as built ms': median(samples.built).toFixed(1),
      'init tracer bundled ms': median(samples.eager).toFixed(1),
      'init tracing on (layer) ms': median(samples.on).toFixed(1),
      // 'no' where the handler keeps no AWS client: nothing there asks for the Tracer.
      'X-Ray loaded when on': xrayWhenOn ? 'yes' : 'no',
    });
  }
  console.log(`\nPowertools Tracer cost per handler (node ${process.version}, median of ${RUNS} interleaved runs)`);
  console.table(rows);
} finally {
  rmSync(work, { recursive: true, force: true });
}
