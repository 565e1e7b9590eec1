/**
 * `npm run bundle:report`: bundles every handler of infra/routes.ts (routes, consumers, triggers,
 * schedules, realtime routes) exactly as the stack does (infra/stack/bundling.ts), and prints each bundle's minified
 * size and its init time in a fresh Node process (import of the bundle, median of 3 runs), next to a
 * hello-world handler bundled the same way. Goal: every bundle ≤ 300 KB.
 *
 * The last column is a what-if: the size if the code imported zod as `import * as z from 'zod'`
 * (zod 4's tree-shakable form) instead of `import { z } from 'zod'`, which pulls in all of zod,
 * every locale included.
 *
 * Options: --runs N (init samples, default 3), --json (machine-readable output).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { consumers, handlerName, realtimeRoutes, routes, schedules, triggers } from '../infra/routes.js';
import { LAMBDA_ESBUILD } from '../infra/stack/bundling.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOAL_KB = 300;
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 3;
const AS_JSON = args.includes('--json');

/** The stack's esbuild options, for the esbuild API. */
function options(entry: string, outfile: string, plugins: Plugin[] = []): BuildOptions {
  return {
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile,
    bundle: LAMBDA_ESBUILD.bundle,
    platform: LAMBDA_ESBUILD.platform,
    format: LAMBDA_ESBUILD.format,
    target: LAMBDA_ESBUILD.target,
    minify: LAMBDA_ESBUILD.minify,
    sourcemap: LAMBDA_ESBUILD.sourcemap,
    sourcesContent: LAMBDA_ESBUILD.sourcesContent,
    charset: LAMBDA_ESBUILD.charset,
    mainFields: [...LAMBDA_ESBUILD.mainFields],
    banner: { js: LAMBDA_ESBUILD.banner },
    external: [...LAMBDA_ESBUILD.external],
    alias: { ...LAMBDA_ESBUILD.alias },
    logLevel: 'silent',
    plugins,
  };
}

/** What-if: zod imported as a namespace (the code is unchanged on disk). */
const zodNamespace: Plugin = {
  name: 'zod-namespace-what-if',
  setup(b) {
    b.onLoad({ filter: /\/(functions|events|infra)\/.*\.ts$/ }, (file) => ({
      contents: readFileSync(file.path, 'utf8').replace(/import\s*\{\s*z\s*\}\s*from\s*'zod';/g, "import * as z from 'zod';"),
      loader: 'ts',
    }));
  },
};

/** A Lambda-like environment, so module initialisation runs as it would in a cold start. */
const LAMBDA_ENV: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  NODE_OPTIONS: '--enable-source-maps',
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'example',
  AWS_SESSION_TOKEN: 'example',
  AWS_LAMBDA_FUNCTION_NAME: 'bundle-report',
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
  STAGE: 'report',
};

/** Milliseconds from process start of the measurement to the module being evaluated. */
function initTime(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});process.stdout.write(String(performance.now()-t));`;
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: LAMBDA_ENV, encoding: 'utf8' });
    samples.push(Number(out));
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

interface Row {
  handler: string;
  kinds: string;
  kb: number;
  gzipKb: number;
  initMs: number;
  zodNamespaceKb: number;
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'bundle-report-'));
  try {
    const kinds = new Map<string, Set<string>>();
    const add = (handler: string, kind: string) => kinds.set(handler, (kinds.get(handler) ?? new Set()).add(kind));
    routes.forEach((row) => add(row.handler, 'route'));
    consumers.forEach((row) => add(row.handler, 'consumer'));
    triggers.forEach((row) => add(row.handler, 'trigger'));
    schedules.forEach((row) => add(row.handler, 'schedule'));
    realtimeRoutes.forEach((row) => add(row.handler, 'realtime'));

    const hello = path.join(work, 'hello.ts');
    writeFileSync(hello, "export const handler = async () => ({ statusCode: 200, body: 'hello' });\n");

    const bundle = async (entry: string, name: string, plugins: Plugin[] = []) => {
      const outfile = path.join(work, name, 'index.mjs');
      mkdirSync(path.dirname(outfile), { recursive: true });
      await build(options(entry, outfile, plugins));
      return outfile;
    };
    const kb = (file: string) => statSync(file).size / 1024;

    const helloFile = await bundle(hello, 'hello-world');
    const helloRow: Row = {
      handler: '(hello world)',
      kinds: '',
      kb: kb(helloFile),
      gzipKb: gzipSync(readFileSync(helloFile)).length / 1024,
      initMs: initTime(helloFile),
      zodNamespaceKb: kb(helloFile),
    };

    const rows: Row[] = [];
    for (const [handler, kindSet] of kinds) {
      const name = handlerName(handler);
      const file = await bundle(handler, name);
      const whatIf = await bundle(handler, `${name}-zod-ns`, [zodNamespace]);
      rows.push({
        handler,
        kinds: [...kindSet].join('+'),
        kb: kb(file),
        gzipKb: gzipSync(readFileSync(file)).length / 1024,
        initMs: initTime(file),
        zodNamespaceKb: kb(whatIf),
      });
    }

    if (AS_JSON) {
      process.stdout.write(`${JSON.stringify({ goalKb: GOAL_KB, runs: RUNS, hello: helloRow, handlers: rows }, null, 2)}\n`);
      return;
    }
    const header = ['handler', 'kind', 'min KB', 'gzip KB', `init ms (median of ${RUNS})`, 'vs hello', `≤ ${GOAL_KB} KB`, 'KB if `import * as z`'];
    const line = (row: Row) => [
      row.handler,
      row.kinds,
      row.kb.toFixed(1),
      row.gzipKb.toFixed(1),
      row.initMs.toFixed(1),
      row === helloRow ? '' : `${row.initMs >= helloRow.initMs ? '+' : '−'}${Math.abs(row.initMs - helloRow.initMs).toFixed(1)}`,
      row === helloRow ? '' : row.kb <= GOAL_KB ? 'yes' : 'NO',
      row === helloRow ? '' : row.zodNamespaceKb.toFixed(1),
    ];
    const table = [header, ...[helloRow, ...rows].map(line)];
    const widths = header.map((_, i) => Math.max(...table.map((cells) => cells[i]!.length)));
    const render = (cells: string[]) => `| ${cells.map((cell, i) => (i >= 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
    console.log(render(header));
    console.log(`|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
    for (const cells of table.slice(1)) console.log(render(cells));
    const over = rows.filter((row) => row.kb > GOAL_KB);
    console.log(
      `\n${rows.length} handlers, node ${process.versions.node}, esbuild options from infra/stack/bundling.ts. ` +
        (over.length ? `${over.length} over ${GOAL_KB} KB.` : `All within ${GOAL_KB} KB.`),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
