/**
 * The SPA's figures in one run: entry chunk and total JS (raw and gzip), Lighthouse (mobile) on /,
 * /auth and a signed-in /dashboard, and an axe scan of every screen. Prints; asserts nothing
 * (goals: entry ≤ 130 KB gzip; Lighthouse ≥ 0.95 performance and accessibility; 0 serious axe).
 *
 * Lighthouse attaches to a Chromium that Playwright signed in (remote debugging port), with storage
 * reset off, so /dashboard is measured as a signed-in client sees it.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { REPO_ROOT, startLocal } from '../infra/local/runtime.js';
import { printTable } from './support.js';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DEBUG_PORT = 9333;

function run(
  command: string,
  args: string[],
  env = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, cwd: REPO_ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

async function sizes() {
  const dir = join(REPO_ROOT, 'web/dist/assets');
  const files = await readdir(dir);
  const js = await Promise.all(
    files.filter((f) => f.endsWith('.js')).map(async (f) => ({ f, body: await readFile(join(dir, f)) })),
  );
  const kb = (n: number) => Number((n / 1024).toFixed(1));
  const entry = js.find(({ f }) => f.startsWith('index-'))!;
  return {
    entryKbGzip: kb(gzipSync(entry.body).length),
    entryKb: kb(entry.body.length),
    totalJsKb: kb(js.reduce((sum, { body }) => sum + body.length, 0)),
    totalJsKbGzip: kb(js.reduce((sum, { body }) => sum + gzipSync(body).length, 0)),
    chunks: js.length,
  };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/(dashboard|designer|admin)/);
}

async function lighthouse(url: string) {
  const result = await run(join(REPO_ROOT, 'node_modules/.bin/lighthouse'), [
    url,
    `--port=${DEBUG_PORT}`,
    '--disable-storage-reset',
    '--only-categories=performance,accessibility',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
  ]);
  if (result.code !== 0) throw new Error(`lighthouse failed on ${url}: ${result.stderr.slice(-500)}`);
  const report = JSON.parse(result.stdout) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue?: number }>;
    finalDisplayedUrl?: string;
  };
  return {
    performance: report.categories.performance!.score,
    accessibility: report.categories.accessibility!.score,
    LCP_ms: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
    TBT_ms: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
    landedOn: new URL(report.finalDisplayedUrl ?? url).pathname,
  };
}

async function axe(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const count = (impact: string) => violations.filter((v) => v.impact === impact).length;
  return {
    screen: path,
    critical: count('critical'),
    serious: count('serious'),
    moderate: count('moderate'),
    minor: count('minor'),
  };
}

export async function benchSpa() {
  if (!process.env.SKIP_WEB_BUILD) {
    const build = await run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
    if (build.code !== 0) throw new Error(`web build failed: ${build.stderr}`);
  }
  const size = await sizes();
  printTable('SPA bundle (web/dist)', [{ ...size, goal: 'entry ≤ 130 KB gzip' }]);

  const local = await startLocal({ port: 0, quiet: true });
  const profile = await mkdtemp(join(tmpdir(), 'spa-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    baseURL: local.url,
    args: [
      `--remote-debugging-port=${DEBUG_PORT}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const scores = [
      { page: '/', ...(await lighthouse(`${local.url}/`)) },
      { page: '/auth', ...(await lighthouse(`${local.url}/auth`)) },
    ];
    const email = `bench.${Date.now()}@example.test`;
    await page.goto('/auth');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel('Full Name').fill('Bench Client');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('CorrectHorse#2026');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText('Account created successfully. Please sign in.').waitFor();
    await signIn(page, email, 'CorrectHorse#2026');
    scores.push({ page: '/dashboard (signed in)', ...(await lighthouse(`${local.url}/dashboard`)) });
    printTable(
      'Lighthouse (mobile, simulated throttling, system Chromium)',
      scores.map((s) => ({ ...s, goal: '≥ 0.95 each' })),
    );

    const results = [];
    for (const path of ['/dashboard', '/submit', '/board', '/profile']) results.push(await axe(page, path));
    await page.evaluate(() => localStorage.clear());
    for (const path of [
      '/',
      '/auth',
      '/auth/forgot-password',
      '/team-login',
      '/test-resend',
      '/accept-invite',
      '/invite-signup',
      '/missing',
    ])
      results.push(await axe(page, path));
    await signIn(page, local.seeded.admin.email, local.seeded.admin.password);
    for (const path of ['/admin', '/admin/designer-management', '/admin/audit']) results.push(await axe(page, path));
    await page.evaluate(() => localStorage.clear());
    await signIn(page, local.seeded.designer.email, local.seeded.designer.password);
    results.push(await axe(page, '/designer'));
    printTable('axe (WCAG 2.1 A/AA) per screen', results);
    console.log(
      `axe: ${results.reduce((n, r) => n + r.serious + r.critical, 0)} serious or critical findings ` +
        `over ${results.length} screens (goal 0)`,
    );
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await local.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await benchSpa();
}
