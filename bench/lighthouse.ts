/**
 * Lighthouse (mobile, the default form factor with simulated throttling) on the landing page `/`,
 * served by the embedded runtime after a fresh web build, in the system Chromium. Prints the
 * performance and accessibility scores (goal: 0.95 each), the metrics behind them and any failed
 * accessibility audit. Figures, not a test: it exits 0 either way.
 *
 *   npx tsx bench/lighthouse.ts            (LIGHTHOUSE_RUNS=3 for the median of three runs,
 *                                           SKIP_WEB_BUILD=1 to use the current web/dist)
 *
 * Lighthouse is run with `npx --yes lighthouse@13` unless it is installed in the project; it
 * downloads no browser (CHROME_PATH points at the system Chromium).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, startLocal } from '../infra/local/runtime.js';
import { printTable } from './support.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const GOAL = 0.95;

interface LighthouseReport {
  categories: Record<'performance' | 'accessibility', { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string; numericValue?: number; displayValue?: string }>;
  runWarnings?: string[];
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; stdout: string; stderr: string }> {
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

function lighthouseCommand(): [string, string[]] {
  const local = join(REPO_ROOT, 'node_modules/.bin/lighthouse');
  return existsSync(local) ? [local, []] : ['npx', ['--yes', 'lighthouse@13']];
}

async function lighthouse(url: string): Promise<LighthouseReport> {
  const [command, prefix] = lighthouseCommand();
  const result = await run(
    command,
    [
      ...prefix,
      url,
      '--only-categories=performance,accessibility',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
    ],
    { ...process.env, CHROME_PATH },
  );
  if (result.code !== 0) throw new Error(`lighthouse exited with ${result.code}: ${result.stderr.slice(-2000)}`);
  return JSON.parse(result.stdout) as LighthouseReport;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value)} ms`);

export async function benchLighthouse() {
  if (!process.env.SKIP_WEB_BUILD) {
    const build = await run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
    if (build.code !== 0) throw new Error(`web build failed: ${build.stderr}`);
  }
  const local = await startLocal({ port: 0, quiet: true });
  const reports: LighthouseReport[] = [];
  try {
    for (let i = 0; i < RUNS; i += 1) reports.push(await lighthouse(`${local.url}/`));
  } finally {
    await local.stop();
  }

  const rows = reports.map((report, index) => ({
    run: index + 1,
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    FCP: ms(report.audits['first-contentful-paint']?.numericValue),
    LCP: ms(report.audits['largest-contentful-paint']?.numericValue),
    TBT: ms(report.audits['total-blocking-time']?.numericValue),
    CLS: report.audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? '—',
    SI: ms(report.audits['speed-index']?.numericValue),
  }));
  printTable('Lighthouse on / (mobile, simulated throttling, system Chromium)', rows);

  const performance = median(reports.map((report) => report.categories.performance.score ?? 0));
  const accessibility = median(reports.map((report) => report.categories.accessibility.score ?? 0));
  console.log(`performance ${performance.toFixed(2)} · accessibility ${accessibility.toFixed(2)} (goal ≥ ${GOAL} each: ${performance >= GOAL && accessibility >= GOAL ? 'met' : 'NOT met'})`);

  const last = reports.at(-1)!;
  const failed = last.categories.accessibility.auditRefs
    .map((ref) => ({ id: ref.id, audit: last.audits[ref.id]! }))
    .filter(({ audit }) => audit.scoreDisplayMode === 'binary' && audit.score === 0);
  if (failed.length) printTable('Failed accessibility audits', failed.map(({ id, audit }) => ({ id, title: audit.title })));
  for (const warning of last.runWarnings ?? []) console.log(`lighthouse warning: ${warning}`);
  return { performance, accessibility };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await benchLighthouse();
}
