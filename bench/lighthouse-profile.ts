/**
 * What keeps a signed-in `/dashboard`'s main thread busy, task by task and function by function: the
 * companion of bench/lighthouse.ts, whose audits only name files. Loads /dashboard PROFILE_RUNS times
 * (default 3) in a Chromium signed in the way bench/lighthouse.ts signs in, with a devtools trace and
 * V8's sampling profiler on and no throttling (Lighthouse's simulated throttling also observes an
 * unthrottled load, then counts each task 4× as long), and prints for each load:
 * - the main thread's tasks that would be long on Lighthouse's phone (≥ 50 ms at ×4), with the
 *   first paint's time, the trace events that took most of each (self time: style, layout, module
 *   evaluation, resource look-ups …) and the source files and functions its profiler samples fall
 *   in, mapped through the build's hidden source maps (web/src/… or the package under node_modules);
 * - with PROFILE_STRETCHES=1, the stretches of work the samples show and self time per file and
 *   function over the whole load.
 * Given traces that bench/lighthouse.ts kept (LIGHTHOUSE_REPORTS=dir), prints the same task table
 * for them (trace events only: Lighthouse's traces have no samples). Figures, not a test.
 *
 *   npx tsx bench/lighthouse-profile.ts   (SKIP_WEB_BUILD=1 to use the current web/dist, PROFILE_RUNS=N)
 *   npx tsx bench/lighthouse-profile.ts dir/_dashboard-1-0.trace.json …
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { chromium, type CDPSession } from 'playwright-core';
import { REPO_ROOT, startLocal } from '../infra/local/runtime.js';
import { buildWeb, signUpAndIn } from './lighthouse.js';
import { printTable } from './support.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.PROFILE_RUNS ?? 3));
const SLOWDOWN = 4;
const TASK_GAP_US = 1_000;

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const consumers = new Map<string, SourceMapConsumer | null>();

async function consumerFor(url: string): Promise<SourceMapConsumer | null> {
  const path = new URL(url).pathname;
  if (!path.startsWith('/assets/') || !path.endsWith('.js')) return null;
  if (!consumers.has(path)) {
    try {
      consumers.set(
        path,
        new SourceMapConsumer(JSON.parse(await readFile(join(REPO_ROOT, 'web/dist', `${path}.map`), 'utf8'))),
      );
    } catch {
      consumers.set(path, null);
    }
  }
  return consumers.get(path) ?? null;
}

/** The original module (a package or a web/src file) and function of a frame. */
async function origin(frame: CallFrame): Promise<{ file: string; fn: string }> {
  if (!frame.url) return { file: frame.functionName || '(native)', fn: frame.functionName || '(native)' };
  const consumer = await consumerFor(frame.url);
  if (!consumer) return { file: new URL(frame.url).pathname, fn: frame.functionName || '(anonymous)' };
  const position = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = position.source ?? '?';
  const nm = source.lastIndexOf('node_modules/');
  const file = nm >= 0 ? source.slice(nm + 'node_modules/'.length) : source.replace(/^.*\/web\/src\//, 'web/src/');
  return {
    file,
    fn:
      `${position.name ?? frame.functionName ?? '?'} ` +
      `(${file.split('/').slice(-2).join('/')}:${position.line ?? '?'})`,
  };
}

const ms = (us: number) => Math.round(us / 100) / 10;

function top(map: Map<string, number>, limit: number): [string, number][] {
  return [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
}

const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);

interface Sample {
  ts: number;
  us: number;
  file: string;
  fn: string;
}

/** Each profiler sample with its time (the trace's clock), its weight and its original module and function. */
async function samplesOf(profile: Profile): Promise<Sample[]> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const origins = new Map<number, { file: string; fn: string }>();
  for (const node of profile.nodes) origins.set(node.id, await origin(node.callFrame));
  const samples: Sample[] = [];
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    time += profile.timeDeltas[i];
    const node = nodes.get(profile.samples[i])!;
    if (node.callFrame.functionName === '(idle)') continue;
    samples.push({ ts: time, us: profile.timeDeltas[i + 1] ?? 0, ...origins.get(node.id)! });
  }
  return samples;
}

async function analyse(profile: Profile, label: string) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const origins = new Map<number, { file: string; fn: string }>();
  for (const node of profile.nodes) origins.set(node.id, await origin(node.callFrame));
  const fileSelf = new Map<string, number>();
  const fnSelf = new Map<string, number>();
  // Stretches of work: consecutive non-idle samples.
  const tasks: { start: number; end: number; files: Map<string, number>; fns: Map<string, number> }[] = [];
  let time = profile.startTime;
  let current: (typeof tasks)[number] | undefined;
  for (let i = 0; i < profile.samples.length; i += 1) {
    time += profile.timeDeltas[i];
    const delta = profile.timeDeltas[i + 1] ?? 0;
    const node = nodes.get(profile.samples[i])!;
    const name = node.callFrame.functionName;
    if (name === '(idle)') {
      if (current && time - current.end > TASK_GAP_US) current = undefined;
      continue;
    }
    const { file, fn } = origins.get(node.id)!;
    add(fileSelf, file, delta);
    add(fnSelf, fn, delta);
    if (!current || time - current.end > TASK_GAP_US) {
      current = { start: time, end: time, files: new Map(), fns: new Map() };
      tasks.push(current);
    }
    current.end = time + delta;
    add(current.files, file, delta);
    add(current.fns, fn, delta);
  }
  const busy = [...fileSelf.values()].reduce((a, b) => a + b, 0);
  console.log(`\n=== ${label}: ${ms(busy)} ms of main-thread samples (×${SLOWDOWN}: ${ms(busy * SLOWDOWN)} ms)`);
  const long = tasks.filter((task) => (task.end - task.start) * SLOWDOWN >= 50_000);
  printTable(
    `${label}: stretches of work that Lighthouse would count as long tasks (≥ 50 ms at ×${SLOWDOWN}), ` +
      `blocking ${ms(long.reduce((sum, task) => sum + (task.end - task.start) * SLOWDOWN - 50_000, 0))} ms`,
    long.map((task) => ({
      at_ms: ms(task.start - profile.startTime),
      ms: ms(task.end - task.start),
      [`x${SLOWDOWN}_ms`]: ms((task.end - task.start) * SLOWDOWN),
      files: top(task.files, 4)
        .map(([file, us]) => `${file} ${ms(us)}`)
        .join(', '),
    })),
  );
  for (const task of long) {
    console.log(
      `  stretch at ${ms(task.start - profile.startTime)} ms: ${top(task.fns, 6)
        .map(([fn, us]) => `${fn} ${ms(us)}`)
        .join(' | ')}`,
    );
  }
  printTable(
    `${label}: self time by source file (ms, unthrottled)`,
    top(fileSelf, 20).map(([file, us]) => ({ file, ms: ms(us) })),
  );
  printTable(
    `${label}: self time by function (ms, unthrottled)`,
    top(fnSelf, 25).map(([fn, us]) => ({ fn, ms: ms(us) })),
  );
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; stackTrace?: { url: string }[] } };
}

/** Reads a trace returned as a stream (Tracing.end with transferMode ReturnAsStream). */
async function readStream(cdp: CDPSession, handle: string): Promise<string> {
  let text = '';
  for (;;) {
    const chunk = (await cdp.send('IO.read', { handle })) as { data: string; eof: boolean; base64Encoded?: boolean };
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return text;
}

/**
 * The renderer main thread's tasks from a devtools.timeline trace, each with the time of the
 * trace events inside it by kind (script evaluation and function calls named by their file,
 * style recalculation, layout, style sheet parsing …), self time only, as Lighthouse groups them.
 */
function analyseTrace(events: TraceEvent[], label: string, origin: string, samples: Sample[]) {
  const main = events.find(
    (event) =>
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      events.some((e) => e.pid === event.pid && e.name === 'ParseHTML'),
  );
  if (!main) return console.log(`${label}: no renderer main thread in the trace`);
  const own = events
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks = own.filter((event) => event.name === 'RunTask');
  const start = Math.min(...own.map((event) => event.ts));
  const rows: Record<string, unknown>[] = [];
  const details: string[] = [];
  let blocking = 0;
  for (const task of tasks) {
    if (task.dur! * SLOWDOWN < 50_000) continue;
    blocking += task.dur! * SLOWDOWN - 50_000;
    const inside = own.filter(
      (event) => event !== task && event.ts >= task.ts && event.ts + event.dur! <= task.ts + task.dur!,
    );
    const self = new Map<string, number>();
    // Self time: an event's duration less its direct children's (events are sorted, parents first).
    const stack: { event: TraceEvent; key: string; children: number }[] = [];
    const close = (until: number) => {
      while (stack.length && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= until) {
        const done = stack.pop()!;
        add(self, done.key, done.event.dur! - done.children);
      }
    };
    for (const event of inside) {
      close(event.ts);
      const url = event.args?.data?.url ?? event.args?.data?.stackTrace?.[0]?.url;
      const key = url ? `${event.name} ${url.replace(origin, '')}` : event.name;
      if (stack.length) stack.at(-1)!.children += event.dur!;
      stack.push({ event, key, children: 0 });
    }
    close(Number.POSITIVE_INFINITY);
    const files = new Map<string, number>();
    const fns = new Map<string, number>();
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > task.ts + task.dur!) continue;
      add(files, sample.file, sample.us);
      add(fns, sample.fn, sample.us);
    }
    rows.push({
      at_ms: ms(task.ts - start),
      ms: ms(task.dur!),
      [`x${SLOWDOWN}_ms`]: ms(task.dur! * SLOWDOWN),
      events: top(self, 4)
        .filter(([, us]) => us >= 500)
        .map(([key, us]) => `${key} ${ms(us)}`)
        .join(', '),
      script: top(files, 4)
        .filter(([, us]) => us >= 500)
        .map(([key, us]) => `${key} ${ms(us)}`)
        .join(', '),
    });
    details.push(
      `  task at ${ms(task.ts - start)} ms: ${top(fns, 8)
        .map(([fn, us]) => `${fn} ${ms(us)}`)
        .join(' | ')}`,
    );
  }
  const paints = events.filter(
    (event) =>
      event.pid === main.pid &&
      (event.name === 'firstContentfulPaint' || event.name === 'largestContentfulPaint::Candidate'),
  );
  const marks = paints
    .map((event) => `${event.name === 'firstContentfulPaint' ? 'FCP' : 'LCP candidate'} at ${ms(event.ts - start)} ms`)
    .join(', ');
  printTable(
    `${label}: main-thread tasks ≥ 50 ms at ×${SLOWDOWN} (blocking ${ms(blocking)} ms, before or after the first ` +
      `paint; ${marks || 'no paint marks'})`,
    rows,
  );
  console.log(details.join('\n'));
}

async function main() {
  if (!process.env.SKIP_WEB_BUILD) await buildWeb();
  const local = await startLocal({ port: 0, quiet: true });
  const profileDir = await mkdtemp(join(tmpdir(), 'lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROME_PATH,
    baseURL: local.url,
    viewport: { width: 412, height: 823 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    await signUpAndIn(context.pages()[0] ?? (await context.newPage()));
    for (let i = 1; i <= RUNS; i += 1) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await cdp.send('Tracing.start', {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'blink',
          'loading',
          'toplevel',
          'disabled-by-default-lighthouse',
        ].join(','),
        transferMode: 'ReturnAsStream',
      });
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: /^Welcome back/ }).waitFor();
      await page
        .getByText(/Start Your First Project|Recent Projects/)
        .first()
        .waitFor();
      await page.waitForTimeout(1_500);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const traced = new Promise<string>((resolve) =>
        cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream!)),
      );
      await cdp.send('Tracing.end');
      const trace = JSON.parse(await readStream(cdp, await traced)) as { traceEvents: TraceEvent[] };
      analyseTrace(trace.traceEvents, `/dashboard run ${i}`, local.url, await samplesOf(profile));
      if (process.env.PROFILE_STRETCHES) await analyse(profile, `/dashboard run ${i}`);
      await page.close();
    }
  } finally {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
    await local.stop();
  }
}

/** The same task table for traces Lighthouse kept (bench/lighthouse.ts with LIGHTHOUSE_REPORTS=dir). */
async function analyseSaved(paths: string[]) {
  for (const path of paths) {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
    const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    const document = events.find(
      (event) =>
        event.name === 'navigationStart' &&
        (event.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL,
    );
    const origin = new URL(
      (document?.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL ?? 'http://x/',
    ).origin;
    analyseTrace(events, path, origin, []);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  if (process.argv.length > 2) await analyseSaved(process.argv.slice(2));
  else await main();
}
