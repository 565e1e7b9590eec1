/**
 * Lighthouse (mobile, the default form factor with simulated throttling) on `/`, `/auth` and a
 * signed-in `/dashboard`, served by the embedded runtime after a fresh web build, in the system
 * Chromium. Each page is measured LIGHTHOUSE_RUNS times (default 3), the pages interleaved within a
 * run; prints every run's performance and accessibility scores with the metrics behind them, the
 * lowest score per page (goal: ≥ 0.95 performance and 1.00 accessibility in every run), and what
 * kept /dashboard's main thread busy (Lighthouse's bootup-time and mainthread-work-breakdown audits).
 * Figures, not a test: it exits 0 either way.
 *
 *   npx tsx bench/lighthouse.ts     (LIGHTHOUSE_RUNS=N, SKIP_WEB_BUILD=1 to use the current web/dist,
 *                                    LIGHTHOUSE_REPORTS=dir to keep the JSON reports,
 *                                    LIGHTHOUSE_PAGES=dashboard or =public for only those pages,
 *                                    LIGHTHOUSE_WEB_DIR=dir to serve another build, e.g. an older one)
 *
 * Lighthouse attaches to a Chromium that Playwright signed in (a free remote-debugging port), with
 * storage reset off, so /dashboard is measured as a signed-in client sees it; `/` and `/auth` are
 * measured signed out, before the sign-in, in the same browser.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT, startLocal } from '../infra/local/runtime.js';
import { printTable } from './support.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const GOAL = 0.95;
const PAGES = process.env.LIGHTHOUSE_PAGES ?? 'all';
const WEB_DIR = process.env.LIGHTHOUSE_WEB_DIR;

interface LighthouseReport {
  categories: Record<'performance' | 'accessibility', { score: number | null }>;
  audits: Record<
    string,
    { title: string; score: number | null; numericValue?: number; details?: { items?: Record<string, unknown>[] } }
  >;
  finalDisplayedUrl?: string;
  runWarnings?: string[];
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** A port nobody listens on now (other benches and tests run beside this one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** One Lighthouse run; with `keepAs` (a path without extension) the report and its trace are kept there. */
async function lighthouse(url: string, port: number, keepAs?: string): Promise<LighthouseReport> {
  const result = await run(join(REPO_ROOT, 'node_modules/.bin/lighthouse'), [
    url,
    `--port=${port}`,
    '--disable-storage-reset',
    '--only-categories=performance,accessibility',
    '--output=json',
    ...(keepAs ? [`--output-path=${keepAs}.json`, '--save-assets'] : ['--output-path=stdout']),
    '--quiet',
  ]);
  if (result.code !== 0)
    throw new Error(`lighthouse exited with ${result.code} on ${url}: ${result.stderr.slice(-2000)}`);
  return JSON.parse(keepAs ? await readFile(`${keepAs}.json`, 'utf8') : result.stdout) as LighthouseReport;
}

export async function signUpAndIn(page: Page) {
  const email = `lighthouse.${Date.now()}@example.test`;
  const password = 'CorrectHorse#2026';
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Full Name').fill('Lighthouse Client');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByText('Account created successfully. Please sign in.').waitFor();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/dashboard/);
}

const ms = (value: number | undefined) => (value === undefined ? '—' : Math.round(value));

function row(page: string, run: number, report: LighthouseReport) {
  const audit = (id: string) => report.audits[id]?.numericValue;
  return {
    page,
    run,
    landedOn: new URL(report.finalDisplayedUrl ?? 'http://x/').pathname,
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    FCP_ms: ms(audit('first-contentful-paint')),
    LCP_ms: ms(audit('largest-contentful-paint')),
    TBT_ms: ms(audit('total-blocking-time')),
    CLS: audit('cumulative-layout-shift')?.toFixed(3) ?? '—',
    SI_ms: ms(audit('speed-index')),
    mainThread_ms: ms(audit('mainthread-work-breakdown')),
  };
}

/** The longest items of a table audit (Lighthouse's own breakdown of main-thread time). */
function topItems(report: LighthouseReport, id: string, limit = 8) {
  return (report.audits[id]?.details?.items ?? []).slice(0, limit);
}

export async function buildWeb() {
  const build = await run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
  if (build.code !== 0) throw new Error(`web build failed: ${build.stderr}`);
}

export async function benchLighthouse() {
  if (!process.env.SKIP_WEB_BUILD && !WEB_DIR) await buildWeb();
  if (REPORTS) await mkdir(REPORTS, { recursive: true });
  const local = await startLocal({ port: 0, quiet: true, ...(WEB_DIR ? { webDir: WEB_DIR } : {}) });
  const profile = await mkdtemp(join(tmpdir(), 'lighthouse-bench-'));
  const port = await freePort();
  let context: BrowserContext | undefined;
  const rows: ReturnType<typeof row>[] = [];
  let lastDashboard: LighthouseReport | undefined;
  const measure = async (page: string, path: string, index: number) => {
    const report = await lighthouse(
      `${local.url}${path}`,
      port,
      REPORTS ? join(REPORTS, `${path.replace(/\W+/g, '_') || 'root'}-${index}`) : undefined,
    );
    rows.push(row(page, index, report));
    return report;
  };
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROME_PATH,
      baseURL: local.url,
      args: [
        `--remote-debugging-port=${port}`,
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    for (let i = 1; i <= RUNS && PAGES !== 'dashboard'; i += 1) {
      await measure('/', '/', i);
      await measure('/auth', '/auth', i);
    }
    if (PAGES !== 'public') {
      await signUpAndIn(context.pages()[0] ?? (await context.newPage()));
      for (let i = 1; i <= RUNS; i += 1) lastDashboard = await measure('/dashboard (signed in)', '/dashboard', i);
    }
  } finally {
    await context?.close();
    await rm(profile, { recursive: true, force: true });
    await local.stop();
  }

  printTable(`Lighthouse (mobile, simulated throttling, system Chromium), ${RUNS} runs per page`, rows);
  const pages = [...new Set(rows.map((r) => r.page))];
  const summary = pages.map((page) => {
    const of = rows.filter((r) => r.page === page);
    const lowest = Math.min(...of.map((r) => r.performance ?? 0));
    const lowestA11y = Math.min(...of.map((r) => r.accessibility ?? 0));
    return {
      page,
      performance: of.map((r) => r.performance).join(' / '),
      lowest,
      accessibility: of.map((r) => r.accessibility).join(' / '),
      goal: lowest >= GOAL && lowestA11y >= 1 ? 'met in every run' : 'NOT met in every run',
    };
  });
  printTable(`Per page (goal: performance ≥ ${GOAL} and accessibility 1.00 in every run)`, summary);
  if (lastDashboard) {
    printTable(
      '/dashboard: main-thread work by category (last run, ms)',
      topItems(lastDashboard, 'mainthread-work-breakdown').map((item) => ({
        group: item.groupLabel,
        ms: ms(item.duration as number),
      })),
    );
    printTable(
      '/dashboard: script by file (last run, ms)',
      topItems(lastDashboard, 'bootup-time').map((item) => ({
        url: String(item.url).replace(local.url, ''),
        total: ms(item.total as number),
        scripting: ms(item.scripting as number),
        parse: ms(item.scriptParseCompile as number),
      })),
    );
    for (const warning of lastDashboard.runWarnings ?? []) console.log(`lighthouse warning: ${warning}`);
  }
  return summary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await benchLighthouse();
}
