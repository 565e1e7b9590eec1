/**
 * `npm run bundle:report`: bundles every handler of infra/routes.ts (routes, consumers, triggers,
 * schedules, realtime routes) exactly as the stack does (infra/stack/bundling.ts), and prints each bundle's minified
 * size, its init time in a fresh Node process (import of the bundle), next to two floors bundled and
 * measured the same way in the same run: a hello-world handler, and a bundle of only the AWS SDK
 * clients (and commands, presigners) that handler uses, and the packages that weigh most in it (from
 * esbuild's metafile). Goal: every handler except those carrying Stripe adds at most 120 KB and 15 ms
 * over its SDK floor. A package bundled from two directories (npm nested a second copy) is listed
 * under the table: add it to DEDUPED_PACKAGES in bundling.ts.
 *
 * Init time over the floor is measured in pairs: a fresh process importing the handler's bundle and
 * one importing its floor's, back to back, the order alternating from pair to pair; the figure is the
 * median of the pairs' differences, printed with their interquartile range. A moment of load on a
 * shared machine then weighs on both sides of a pair instead of on one row (one-off medians of the
 * floor alone ranged 38–78 ms for the same clients in one run). The 1-minute load average is printed
 * before and after; measure on a quiet machine (--max-load waits for one).
 *
 * Options:
 *   --runs N          pairs per handler (default 11); the hello world gets N samples
 *   --max-load L      before each handler's pairs, wait (up to 2 minutes) until the 1-minute load
 *                     average is below L
 *   --why TEXT        for the handlers whose path contains TEXT: the repository's modules in the
 *                     bundle, largest first, each with the import chain that brought it in
 *   --sdk-external    what-if: also bundle with `@aws-sdk/*` external, CDK's default for Node ≥ 18,
 *                     where the function uses the SDK the Lambda runtime provides. That bundle is
 *                     measured with this repository's node_modules standing in for the runtime's
 *                     copy (same packages, the locked versions, loaded the way the runtime loads
 *                     them: Node's own resolution, CommonJS builds).
 *   --only TEXT       only handlers whose path contains TEXT
 *   --json            machine-readable output
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { consumers, handlerName, realtimeRoutes, routes, schedules, triggers } from '../infra/routes.js';
import { lambdaEsbuildApiOptions, LAMBDA_ESBUILD, lambdaDefine } from '../infra/stack/bundling.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOAL_KB = 300;
/** What a handler may add over the SDK clients it uses (handlers carrying Stripe excepted). */
const OVER_FLOOR_KB = 120;
const OVER_FLOOR_MS = 15;
/** SDK packages a floor is made of, with the export that stands for the client. */
const SDK_CLIENTS: Readonly<Record<string, string>> = {
  '@aws-sdk/client-dynamodb': 'DynamoDBClient',
  '@aws-sdk/lib-dynamodb': 'DynamoDBDocumentClient',
  '@aws-sdk/client-eventbridge': 'EventBridgeClient',
  '@aws-sdk/client-cognito-identity-provider': 'CognitoIdentityProviderClient',
  '@aws-sdk/client-s3': 'S3Client',
  '@aws-sdk/s3-presigned-post': 'createPresignedPost',
  '@aws-sdk/s3-request-presigner': 'getSignedUrl',
  '@aws-sdk/client-bedrock-runtime': 'BedrockRuntimeClient',
  '@aws-sdk/client-sesv2': 'SESv2Client',
  '@aws-sdk/client-apigatewaymanagementapi': 'ApiGatewayManagementApiClient',
  '@aws-sdk/client-secrets-manager': 'SecretsManagerClient',
};
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs')) || 11;
const MAX_LOAD = Number(option('--max-load')) || undefined;
const WHY = option('--why');
const ONLY = option('--only') ?? WHY;
const AS_JSON = args.includes('--json');
const SDK_EXTERNAL = args.includes('--sdk-external');
/** What CDK's NodejsFunction marks external for Node ≥ 18 runtimes unless `bundleAwsSDK` is set. */
const CDK_DEFAULT_EXTERNAL = ['@aws-sdk/*'];

/** The stack's esbuild options, for the esbuild API. */
function options(entry: string, outfile: string, overrides: Partial<BuildOptions> = {}): BuildOptions {
  return {
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile,
    ...lambdaEsbuildApiOptions(),
    metafile: true,
    logLevel: 'silent',
    ...overrides,
  };
}

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

/** Milliseconds from the start of the import of the bundle to the module being evaluated, in a fresh process. */
function initSample(file: string): number {
  const script =
    `const t=performance.now();await ` +
    `import(${JSON.stringify(pathToFileURL(file).href)});process.stdout.write(String(performance.now()-t));`;
  return Number(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: LAMBDA_ENV, encoding: 'utf8' }),
  );
}

const initTime = (file: string) => median(Array.from({ length: RUNS }, () => initSample(file)));

/** Linear interpolation between the closest ranks. */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (at - low);
}
const median = (values: number[]) => quantile(values, 0.5);

const load = () => loadavg()[0]!;
const loads: number[] = [];

/** Waits (at most 2 minutes) for the 1-minute load average to drop below --max-load. */
function quietMoment(): void {
  const until = Date.now() + 120_000;
  while (MAX_LOAD && load() >= MAX_LOAD && Date.now() < until) execFileSync('sleep', ['5']);
  loads.push(load());
}

interface PairedInit {
  handlerMs: number;
  floorMs: number;
  /** Median of the pairs' differences (handler − floor). */
  overMs: number;
  /** Interquartile range of those differences. */
  overQ1: number;
  overQ3: number;
}

/**
 * RUNS pairs of fresh processes, one importing the handler's bundle, one its floor's, back to back;
 * the handler goes first in even pairs and second in odd ones, so neither side always meets a warm or
 * a cold file cache.
 */
function pairedInit(handler: string, floor: string): PairedInit {
  quietMoment();
  const handlers: number[] = [];
  const floors: number[] = [];
  const differences: number[] = [];
  for (let pair = 0; pair < RUNS; pair += 1) {
    let handlerMs: number;
    let floorMs: number;
    if (pair % 2 === 0) {
      handlerMs = initSample(handler);
      floorMs = initSample(floor);
    } else {
      floorMs = initSample(floor);
      handlerMs = initSample(handler);
    }
    handlers.push(handlerMs);
    floors.push(floorMs);
    differences.push(handlerMs - floorMs);
  }
  return {
    handlerMs: median(handlers),
    floorMs: median(floors),
    overMs: median(differences),
    overQ1: quantile(differences, 0.25),
    overQ3: quantile(differences, 0.75),
  };
}

/** `node_modules/@scope/name/…` → `@scope/name`, with the directory it was bundled from. */
function packageOf(input: string): { name: string; dir: string } | undefined {
  const match = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(input);
  return match ? { name: match[2]!, dir: match[1]! } : undefined;
}

interface Composition {
  /** Package (or `app` for the repository's own code) → KB in the output, largest first. */
  top: { name: string; kb: number }[];
  /** Packages bundled from more than one directory. */
  duplicates: { name: string; dirs: string[] }[];
}

function composition(metafile: Metafile): Composition {
  const output = Object.values(metafile.outputs).find((out) => out.entryPoint)!;
  const bytes = new Map<string, number>();
  const dirs = new Map<string, Set<string>>();
  for (const [input, info] of Object.entries(output.inputs)) {
    const pkg = packageOf(input);
    const name = pkg?.name ?? 'app';
    bytes.set(name, (bytes.get(name) ?? 0) + info.bytesInOutput);
    if (pkg && info.bytesInOutput > 0) dirs.set(pkg.name, (dirs.get(pkg.name) ?? new Set()).add(pkg.dir));
  }
  return {
    top: [...bytes].sort((a, b) => b[1] - a[1]).map(([name, size]) => ({ name, kb: size / 1024 })),
    duplicates: [...dirs].filter(([, set]) => set.size > 1).map(([name, set]) => ({ name, dirs: [...set].sort() })),
  };
}

/**
 * The SDK floor's entry for a bundle: an ES module that imports and exports (so nothing is shaken
 * away) the clients, the commands and the presigners the bundle kept, found in esbuild's metafile
 * (`commands/PutItemCommand.js` → PutItemCommand). Clients are imported, not constructed: the
 * handlers build theirs on first use too. Empty when the bundle uses no SDK client.
 */
function sdkFloorSource(metafile: Metafile): string {
  const output = Object.values(metafile.outputs).find((out) => out.entryPoint)!;
  const names = new Map<string, Set<string>>();
  for (const [input, info] of Object.entries(output.inputs)) {
    const pkg = packageOf(input);
    if (!pkg || info.bytesInOutput === 0 || !SDK_CLIENTS[pkg.name]) continue;
    const set = names.get(pkg.name) ?? new Set([SDK_CLIENTS[pkg.name]!]);
    const command = /\/commands\/(\w+Command)\.js$/.exec(input)?.[1];
    if (command) set.add(command);
    names.set(pkg.name, set);
  }
  return (
    [...names]
      .sort(([a], [b]) => a.localeCompare(b))
      // Renamed on export: lib-dynamodb's QueryCommand wraps client-dynamodb's of the same name.
      .map(
        ([name, set]) =>
          `export { ${[...set]
            .sort()
            .map((item) => `${item} as ${name.replace(/\W/g, '_')}_${item}`)
            .join(', ')} } from ${JSON.stringify(name)};`,
      )
      .join('\n')
  );
}

/** --why: the repository's modules a bundle keeps, largest first, with the imports that brought each in. */
function why(handler: string, metafile: Metafile): void {
  const output = Object.values(metafile.outputs).find((out) => out.entryPoint)!;
  const entry = output.entryPoint!;
  const via = new Map<string, string>();
  const queue = [entry];
  while (queue.length) {
    const current = queue.shift()!;
    for (const imported of metafile.inputs[current]?.imports ?? []) {
      if (imported.path === entry || via.has(imported.path) || !metafile.inputs[imported.path]) continue;
      via.set(imported.path, current);
      queue.push(imported.path);
    }
  }
  const chain = (module: string) => {
    const steps: string[] = [];
    for (let at = via.get(module); at && at !== entry; at = via.get(at)) steps.unshift(at);
    return steps;
  };
  const own = Object.entries(output.inputs)
    .filter(([input, info]) => !packageOf(input) && info.bytesInOutput > 0)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
  const total = own.reduce((sum, [, info]) => sum + info.bytesInOutput, 0);
  console.log(`\n${handler}: ${(total / 1024).toFixed(1)} KB of the repository's code`);
  for (const [input, info] of own) {
    const importedVia = input === entry ? '' : `  ← ${[...chain(input)].reverse().join(' ← ') || entry}`;
    console.log(`${(info.bytesInOutput / 1024).toFixed(1).padStart(6)}  ${input}${importedVia}`);
  }
}

interface Measured {
  kb: number;
  gzipKb: number;
  initMs: number;
}

interface Row extends Measured {
  handler: string;
  kinds: string;
  top: Composition['top'];
  duplicates: Composition['duplicates'];
  /** The bundle of only the SDK clients this handler uses (hello world's figures when it uses none). */
  floor: Measured & { clients: string };
  stripe: boolean;
  /** Paired init over the floor (see `pairedInit`). */
  over?: Pick<PairedInit, 'overMs' | 'overQ1' | 'overQ3'>;
  /** --sdk-external: the same handler with `@aws-sdk/*` external. */
  sdkExternal?: Pick<Measured, 'kb' | 'initMs'>;
}

async function main() {
  const loadBefore = load();
  const work = mkdtempSync(path.join(tmpdir(), 'bundle-report-'));
  try {
    const kinds = new Map<string, Set<string>>();
    const add = (handler: string, kind: string) => kinds.set(handler, (kinds.get(handler) ?? new Set()).add(kind));
    for (const row of routes) add(row.handler, 'route');
    for (const row of consumers) add(row.handler, 'consumer');
    for (const row of triggers) add(row.handler, 'trigger');
    for (const row of schedules) add(row.handler, 'schedule');
    for (const row of realtimeRoutes) add(row.handler, 'realtime');
    if (ONLY) for (const handler of kinds.keys()) if (!handler.includes(ONLY)) kinds.delete(handler);

    const hello = path.join(work, 'hello.ts');
    writeFileSync(hello, "export const handler = async () => ({ statusCode: 200, body: 'hello' });\n");
    // The SDK floors' entries (written here) resolve the SDK from this repository's node_modules; the
    // externalised bundles find it the way a function finds the runtime's copy: Node's own
    // resolution, from a node_modules above the bundle.
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');

    const bundle = async (entry: string, name: string, overrides: Partial<BuildOptions> = {}) => {
      const outfile = path.join(work, name, 'index.mjs');
      mkdirSync(path.dirname(outfile), { recursive: true });
      const result = await build(options(entry, outfile, overrides));
      return { file: outfile, metafile: result.metafile! };
    };
    const kb = (file: string) => statSync(file).size / 1024;
    const measure = (file: string, initMs = Number.NaN): Measured => ({
      kb: kb(file),
      gzipKb: gzipSync(readFileSync(file)).length / 1024,
      initMs,
    });

    const helloFile = (await bundle(hello, 'hello-world')).file;
    const helloMeasured = measure(helloFile, initTime(helloFile));
    const helloRow: Row = {
      handler: '(hello world)',
      kinds: '',
      ...helloMeasured,
      top: [],
      duplicates: [],
      floor: { ...helloMeasured, clients: '' },
      stripe: false,
    };
    const floors = new Map<string, { file: string; clients: string }>();
    /** The SDK floor's bundle for a handler's metafile (hello world's when it uses no SDK client). */
    const floorOf = async (metafile: Metafile): Promise<{ file: string; clients: string }> => {
      const source = sdkFloorSource(metafile);
      if (!source) return { file: helloFile, clients: '' };
      const known = floors.get(source);
      if (known) return known;
      const entry = path.join(work, `floor-${floors.size}.mjs`);
      writeFileSync(entry, `${source}\n`);
      const clients = [...source.matchAll(/from "(@aws-sdk\/[^"]+)"/g)]
        .map((match) => match[1]!.replace('@aws-sdk/', ''))
        .join(' + ');
      const floor = { file: (await bundle(entry, `floor-${floors.size}`)).file, clients };
      floors.set(source, floor);
      return floor;
    };

    const rows: Row[] = [];
    for (const [handler, kindSet] of kinds) {
      const name = handlerName(handler);
      const { file, metafile } = await bundle(handler, name, { define: lambdaDefine(handler) });
      const parts = composition(metafile);
      const floor = await floorOf(metafile);
      if (WHY) why(handler, metafile);
      // The handler and its floor in pairs: their difference is what the handler adds.
      const { handlerMs, floorMs, overMs, overQ1, overQ3 } = pairedInit(file, floor.file);
      const row: Row = {
        handler,
        kinds: [...kindSet].join('+'),
        ...measure(file, handlerMs),
        ...parts,
        floor: { ...measure(floor.file, floorMs), clients: floor.clients },
        stripe: parts.top.some((part) => part.name === 'stripe'),
        over: { overMs, overQ1, overQ3 },
      };
      if (SDK_EXTERNAL) {
        const external = await bundle(handler, `sdk-external/${name}`, {
          define: lambdaDefine(handler),
          external: [...LAMBDA_ESBUILD.external, ...CDK_DEFAULT_EXTERNAL],
          // An alias turns the package into a path, which `@aws-sdk/*` no longer matches; with the
          // SDK external the runtime's copy brings its own credential chain and client-s3.
          alias: Object.fromEntries(
            Object.entries(LAMBDA_ESBUILD.alias).filter(([name]) => !name.startsWith('@aws-sdk/')),
          ),
        });
        row.sdkExternal = { kb: kb(external.file), initMs: initTime(external.file) };
      }
      rows.push(row);
    }

    const overKb = (row: Row) => row.kb - row.floor.kb;
    const overMs = (row: Row) => row.over?.overMs ?? row.initMs - row.floor.initMs;
    const meetsFloorGoal = (row: Row) => overKb(row) <= OVER_FLOOR_KB && overMs(row) <= OVER_FLOOR_MS;
    const sized = rows.filter((row) => row.kb > 5);
    const range = (values: number[]) =>
      values.length
        ? `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} (median ${median(values).toFixed(1)})`
        : 'n/a';
    const summary = {
      handlers: rows.length,
      overGoal: rows.filter((row) => row.kb > GOAL_KB).length,
      /** Handlers (Stripe's excepted) adding more than 120 KB or 15 ms over their SDK floor. */
      overFloorGoal: rows.filter((row) => !row.stripe && !meetsFloorGoal(row)).map((row) => row.handler),
      overFloorKb: range(rows.map(overKb)),
      overFloorMs: range(rows.map(overMs)),
      /** Bundles over 5 KB: the handlers that touch AWS or a library. */
      kb: range(sized.map((row) => row.kb)),
      initMs: range(sized.map((row) => row.initMs)),
      ...(SDK_EXTERNAL
        ? {
            sdkExternalOverGoal: rows.filter((row) => row.sdkExternal!.kb > GOAL_KB).length,
            sdkExternalKb: range(sized.map((row) => row.sdkExternal!.kb)),
            sdkExternalInitMs: range(sized.map((row) => row.sdkExternal!.initMs)),
          }
        : {}),
    };
    const duplicates = new Map<string, Set<string>>();
    for (const row of rows)
      for (const dup of row.duplicates)
        duplicates.set(dup.name, (duplicates.get(dup.name) ?? new Set()).add(row.handler));

    if (AS_JSON) {
      const json = {
        goalKb: GOAL_KB,
        runs: RUNS,
        node: process.versions.node,
        load: { before: loadBefore, after: load(), atPairs: loads },
        summary,
        hello: helloRow,
        handlers: rows,
      };
      process.stdout.write(
        `${JSON.stringify(json, (_key, value) => (typeof value === 'number' ? Number(value.toFixed(1)) : value), 2)}\n`,
      );
      return;
    }
    const header = [
      'handler',
      'kind',
      'min KB',
      'gzip KB',
      `init ms (median of ${RUNS})`,
      'vs hello',
      'SDK floor: clients',
      'floor KB',
      'floor ms',
      '+KB over floor',
      `+ms over floor (median of ${RUNS} pairs)`,
      'spread (IQR of pairs)',
      `≤ +${OVER_FLOOR_KB} KB, +${OVER_FLOOR_MS} ms`,
      ...(SDK_EXTERNAL ? ['KB, SDK external', 'init ms, SDK external'] : []),
      'largest parts (KB)',
    ];
    const numeric = new Set(
      header
        .map((_, i) => i)
        .filter(
          (i) =>
            i >= 2 && i < header.length - 1 && header[i] !== 'SDK floor: clients' && !header[i]!.startsWith('spread'),
        ),
    );
    const line = (row: Row) => [
      row.handler,
      row.kinds,
      row.kb.toFixed(1),
      row.gzipKb.toFixed(1),
      row.initMs.toFixed(1),
      row === helloRow
        ? ''
        : `${row.initMs >= helloRow.initMs ? '+' : '−'}${Math.abs(row.initMs - helloRow.initMs).toFixed(1)}`,
      row === helloRow ? '' : row.floor.clients || '(none: hello world)',
      row === helloRow ? '' : row.floor.kb.toFixed(1),
      row === helloRow ? '' : row.floor.initMs.toFixed(1),
      row === helloRow ? '' : overKb(row).toFixed(1),
      row === helloRow ? '' : overMs(row).toFixed(1),
      row.over ? `${row.over.overQ1.toFixed(1)} … ${row.over.overQ3.toFixed(1)}` : '',
      row === helloRow ? '' : row.stripe ? 'n/a (Stripe)' : meetsFloorGoal(row) ? 'yes' : 'NO',
      ...(SDK_EXTERNAL
        ? row.sdkExternal
          ? [row.sdkExternal.kb.toFixed(1), row.sdkExternal.initMs.toFixed(1)]
          : ['', '']
        : []),
      row.kb > 5
        ? row.top
            .slice(0, 4)
            .map((part) => `${part.name} ${part.kb.toFixed(0)}`)
            .join(', ')
        : '',
    ];
    const table = [header, ...[helloRow, ...rows].map(line)];
    const widths = header.map((_, i) => Math.max(...table.map((cells) => cells[i]!.length)));
    const pad = (cell: string, i: number) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!));
    const render = (cells: string[]) => `| ${cells.map(pad).join(' | ')} |`;
    console.log(render(header));
    console.log(`|${widths.map((w, i) => (numeric.has(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
    for (const cells of table.slice(1)) console.log(render(cells));
    console.log(
      `\n${rows.length} handlers, node ${process.versions.node}, esbuild options from ` +
        `infra/stack/bundling.ts, ${RUNS} pairs per handler. ` +
        (`1-minute load average ${loadBefore.toFixed(2)} before, ${load().toFixed(2)} after (${range(loads)} at the ` +
          `start of each handler's pairs). `) +
        (summary.overGoal ? `${summary.overGoal} over ${GOAL_KB} KB.` : `All within ${GOAL_KB} KB.`) +
        `\nBundles over 5 KB: ${summary.kb} KB; init ${summary.initMs} ms.` +
        `\nOver the SDK floor: ${summary.overFloorKb} KB, ${summary.overFloorMs} ms. ` +
        (summary.overFloorGoal.length
          ? `Goal (≤ +${OVER_FLOOR_KB} KB and ≤ +${OVER_FLOOR_MS} ms, Stripe's handlers excepted) NOT met ` +
            `by ${summary.overFloorGoal.length}: ${summary.overFloorGoal.join(', ')}.`
          : `Goal (≤ +${OVER_FLOOR_KB} KB and ≤ +${OVER_FLOOR_MS} ms, Stripe's handlers excepted) met by every ` +
            `handler.`),
    );
    if (SDK_EXTERNAL) {
      console.log(
        `With ${CDK_DEFAULT_EXTERNAL.join(', ')} external (the runtime's SDK, played here by node_modules): ` +
          (`${summary.sdkExternalKb} KB, ${summary.sdkExternalOverGoal} over ${GOAL_KB} KB; ` +
            `init ${summary.sdkExternalInitMs} ms.`),
      );
    }
    for (const [name, handlers] of duplicates) {
      console.log(
        `Bundled twice: ${name} (${handlers.size} handlers, e.g. ${[...handlers][0]}). Add it to DEDUPED_PACKAGES in ` +
          `infra/stack/bundling.ts.`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
