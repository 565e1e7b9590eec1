/**
 * Lighthouse accessibility on a signed-in screen: the admin's Insights tab, with a few delivered
 * projects so its charts and tables have something to show. Lighthouse's own browser launch starts
 * from empty storage, so this one signs in with Playwright in a persistent Chromium profile that
 * exposes its DevTools port, and Lighthouse drives that same browser (`--port`) without clearing
 * its storage (`--disable-storage-reset`): the Amplify session is the one a user would have.
 * Prints the score (goal: 1.00) and any failed audit. Figures, not a test.
 *
 *   npx tsx bench/lighthouse-insights.ts       (SKIP_WEB_BUILD=1 to use the current web/dist)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { REPO_ROOT, startLocal } from '../infra/local/runtime.js';
import { printTable } from './support.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = 9_000 + Math.floor(Math.random() * 900);

function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, CHROME_PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

async function seedDeliveries(url: string, token: string, clientToken: string, designerSub: string): Promise<void> {
  const call = async (auth: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const description = 'We are converting a 1960s ranch house into an open-plan family home. '.repeat(6);
  for (const [i, title] of ['Kitchen Refresh', 'Backyard Studio', '=Garage Loft', 'Primary Suite'].entries()) {
    const { project } = await call(clientToken, 'POST', '/api/projects', {
      title,
      project_category: 'Design',
      project_type: 'Concept Design',
      property_type: 'single_family',
      deliverables: ['Layout Plan'],
      description,
      design_priority: [],
      area_sqft: 1200,
      existing_plans: false,
      permit_needs: null,
      room_selection: [],
      room_notes: null,
      inspiration_links: [],
      checklist: [{ task_name: 'Measure up', estimated_hours: 2 }],
    });
    if (i === 3) {
      await call(token, 'PATCH', `/api/projects/${project.id}`, {
        due_date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
      });
      continue;
    }
    await call(token, 'PATCH', `/api/projects/${project.id}`, {
      designer: { designer_id: designerSub },
      due_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    });
    for (const status of ['in_progress', ...(i === 1 ? ['needs_revision', 'in_progress'] : []), 'delivered'])
      await call(token, 'PATCH', `/api/projects/${project.id}`, { status });
  }
}

export async function benchLighthouseInsights() {
  if (!process.env.SKIP_WEB_BUILD) {
    const build = await run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
    if (build.code !== 0) throw new Error(`web build failed: ${build.stderr}`);
  }
  const local = await startLocal({ port: 0, quiet: true });
  const profile = await mkdtemp(join(tmpdir(), 'lh-insights-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    headless: true,
    args: [`--remote-debugging-port=${PORT}`, '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${local.url}/auth`);
    await page.getByLabel('Email').fill(local.seeded.admin.email);
    await page.getByLabel('Password').fill(local.seeded.admin.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Welcome back!', { exact: true }).waitFor();
    const token = await page.evaluate(
      () => Object.entries(localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? '',
    );
    const designerSub = (
      await (await fetch(`${local.url}/api/designers`, { headers: { authorization: `Bearer ${token}` } })).json()
    ).designers.find((d: { user_id: string | null }) => d.user_id)?.user_id;
    // A client of its own signs up through the API, as the wizard would submit for them.
    const clientEmail = `lh.${Date.now()}@example.test`;
    const cognito = await import('@aws-sdk/client-cognito-identity-provider');
    const config = (await (await fetch(`${local.url}/config.json`)).json()) as {
      region: string;
      userPoolClientId: string;
      userPoolEndpoint: string;
    };
    const idp = new cognito.CognitoIdentityProviderClient({
      endpoint: config.userPoolEndpoint,
      region: config.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await idp.send(
      new cognito.SignUpCommand({
        ClientId: config.userPoolClientId,
        Username: clientEmail,
        Password: 'CorrectHorse#2026',
        UserAttributes: [
          { Name: 'email', Value: clientEmail },
          { Name: 'name', Value: 'Lia House' },
        ],
      }),
    );
    await local.settle();
    const signedIn = await idp.send(
      new cognito.InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.userPoolClientId,
        AuthParameters: { USERNAME: clientEmail, PASSWORD: 'CorrectHorse#2026' },
      }),
    );
    await seedDeliveries(local.url, token, signedIn.AuthenticationResult!.IdToken!, designerSub);
    await local.settle();

    const result = await run(join(REPO_ROOT, 'node_modules/.bin/lighthouse'), [
      `${local.url}/admin?tab=insights`,
      `--port=${PORT}`,
      '--disable-storage-reset',
      '--only-categories=accessibility',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
    ]);
    if (result.code !== 0) throw new Error(`lighthouse exited with ${result.code}: ${result.stderr.slice(-2000)}`);
    const report = JSON.parse(result.stdout) as {
      finalDisplayedUrl: string;
      categories: { accessibility: { score: number; auditRefs: { id: string }[] } };
      audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string }>;
    };
    const score = report.categories.accessibility.score;
    const audited = report.categories.accessibility.auditRefs.map((ref) => ({
      id: ref.id,
      audit: report.audits[ref.id]!,
    }));
    const failed = audited.filter(({ audit }) => audit.scoreDisplayMode === 'binary' && audit.score === 0);
    const passed = audited.filter(({ audit }) => audit.scoreDisplayMode === 'binary' && audit.score === 1).length;
    console.log(
      `Lighthouse accessibility on ${report.finalDisplayedUrl.replace(local.url, '')} (signed in as ` +
        `admin): ${score.toFixed(2)} (goal 1.00: ${score === 1 ? 'met' : 'NOT met'}; ${passed} audits passed)`,
    );
    // Which audits found nothing to check says whether the tab's content (tables, charts) was there.
    console.log(
      `not applicable: ${audited
        .filter(({ audit }) => audit.scoreDisplayMode === 'notApplicable')
        .map(({ id }) => id)
        .join(', ')}`,
    );
    if (failed.length)
      printTable(
        'Failed accessibility audits',
        failed.map(({ id, audit }) => ({ id, title: audit.title })),
      );
    return score;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await local.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await benchLighthouseInsights();
}
