import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { test as base, expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { GenerateChecklistResponse } from '../../../functions/features/checklists/contracts.js';
import type { SubmitProjectBody } from '../../../functions/features/projects/contracts.js';

const WEB_DIST = resolve(import.meta.dirname, '../../../web/dist/index.html');
const RUNTIME_PROCESS = resolve(import.meta.dirname, 'runtime-process.ts');

export interface SeedAccount {
  email: string;
  password: string;
}

/** The embedded runtime of one test file: the SPA, /config.json, /api/* and Cognito at `url`. */
export interface E2ERuntime {
  url: string;
  seeded: { admin: SeedAccount; designer: SeedAccount };
  /** Resolves once every published event has reached its consumers (projections are up to date). */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

type ChildMessage =
  | { type: 'ready'; url: string; seeded: E2ERuntime['seeded'] }
  | { type: 'failed'; message: string }
  | { type: 'settled'; id: number };

/** Starts `startLocal` in a child process (tests/e2e/support/runtime-process.ts). */
function startRuntimeProcess(): Promise<E2ERuntime> {
  const child: ChildProcess = fork(RUNTIME_PROCESS, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'ERROR' },
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let nextId = 0;
  const settling = new Map<number, () => void>();
  child.on('message', (message: ChildMessage) => {
    if (message.type === 'settled') {
      settling.get(message.id)?.();
      settling.delete(message.id);
    }
  });

  return new Promise<E2ERuntime>((resolveStart, rejectStart) => {
    child.once('exit', (code) => rejectStart(new Error(`The embedded runtime exited early (code ${code}).`)));
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'failed')
        rejectStart(new Error(`The embedded runtime failed to start:\n${message.message}`));
      if (message.type !== 'ready') return;
      resolveStart({
        url: message.url,
        seeded: message.seeded,
        settle: () =>
          new Promise<void>((done) => {
            const id = (nextId += 1);
            settling.set(id, done);
            child.send({ type: 'settle', id });
          }),
        async stop() {
          if (child.exitCode === null && child.connected) child.send({ type: 'stop' });
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(timer);
        },
      });
    });
  });
}

/** Keeps one embedded runtime per test file: started by the file's first test, stopped before the next file's. */
class RuntimePerFile {
  private file: string | undefined;
  private current: Promise<E2ERuntime> | undefined;

  async forFile(file: string): Promise<E2ERuntime> {
    if (this.file !== file) {
      await this.stop();
      this.file = file;
      this.current = startRuntimeProcess();
    }
    return this.current!;
  }

  async stop(): Promise<void> {
    const running = this.current;
    this.current = undefined;
    this.file = undefined;
    if (running) await (await running.catch(() => undefined))?.stop();
  }
}

export interface E2EFixtures {
  /** The embedded runtime serving the built SPA, the API and Cognito for this test file. */
  runtime: E2ERuntime;
}

export const test = base.extend<E2EFixtures, { runtimes: RuntimePerFile }>({
  runtimes: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern: none.
    async ({}, use) => {
      if (!existsSync(WEB_DIST)) {
        throw new Error('web/dist is missing: build the SPA first (npx vite build --config web/vite.config.ts).');
      }
      const runtimes = new RuntimePerFile();
      await use(runtimes);
      await runtimes.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  runtime: [
    async ({ runtimes }, use, testInfo) => {
      await use(await runtimes.forFile(testInfo.file));
    },
    { timeout: 90_000 },
  ],
  baseURL: async ({ runtime }, use) => {
    await use(runtime.url);
  },
});

export { expect };

let counter = 0;
/** A fresh address per call, unique across runs. */
export function uniqueEmail(prefix = 'client'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.test`;
}

export const PASSWORD = 'CorrectHorse#2026';

/** The ID token Amplify keeps for the signed-in user (key `CognitoIdentityServiceProvider.<client>.<user>.idToken`). */
export async function idTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i);
        if (key?.endsWith('.idToken')) return storage.getItem(key);
      }
    }
    return null;
  });
  if (!token) throw new Error('No ID token in the browser storage: is the user signed in?');
  return token;
}

/** Calls the API from the page with the signed-in user's ID token. */
export async function apiFromPage<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const token = await idTokenOf(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    { method, path, body, token },
  );
}

/**
 * A submission as the wizard makes it: its brief's checklist step asked first (POST /api/checklists),
 * and its generator and receipt sent with it, so the project's checklist is proven ('edited': the
 * submission's own tasks) and shows the 'AI-generated checklist' flag, as a wizard submission does.
 */
export async function withChecklistReceipt<B extends SubmitProjectBody>(page: Page, body: B): Promise<B> {
  const answer = await apiFromPage<GenerateChecklistResponse>(page, 'POST', '/api/checklists', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ...body, checklist_generator: answer.body.source, estimate_receipt: answer.body.estimate_receipt };
}

export interface ClientAccount {
  fullName: string;
  email: string;
  password: string;
}

/** Signs a new client up through /auth and waits for the success toast (the form is then in sign-in mode). */
export async function signUpInBrowser(page: Page, account: ClientAccount): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Full Name').fill(account.fullName);
  await page.getByLabel('Company').fill('Studio North');
  await page.getByLabel('Cell Phone Number').fill('+1 555 010 2030');
  await page.getByLabel('User Type').selectOption('interior_designer');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Success!', { exact: true })).toBeVisible();
  await expect(page.getByText('Account created successfully. Please sign in.')).toBeVisible();
}

/**
 * Ticks or clears a checkbox as a person does, by clicking its label. Amplify UI draws the box over a
 * visually hidden <input>, which Playwright's check() waits on as "not visible" until it times out
 * (microsoft/playwright#35885); the locator is still the input, found by its role and label.
 */
export async function setCheckbox(checkbox: Locator, checked = true): Promise<void> {
  if ((await checkbox.isChecked()) !== checked) await checkbox.locator('xpath=ancestor::label[1]').click();
  await expect(checkbox).toBeChecked({ checked });
}

/** Signs in through /auth (which must be showing the sign-in form). */
export async function signInInBrowser(
  page: Page,
  credentials: { email: string; password: string },
  options: { staySignedIn?: boolean } = {},
): Promise<void> {
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  const stay = page.getByLabel('Stay signed in on this device');
  if (options.staySignedIn === false) await setCheckbox(stay, false);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
}

/** A page in a browser context of its own (another person), signed in as `account` through /auth. */
export async function signedInPage(
  browser: Browser,
  runtime: E2ERuntime,
  account: { email: string; password: string },
): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: runtime.url })).newPage();
  await page.goto('/auth');
  await signInInBrowser(page, account);
  return page;
}

/** The account id (`sub`) of the user signed in on `page`, from the ID token Amplify keeps. */
export async function subOf(page: Page): Promise<string> {
  return JSON.parse(Buffer.from((await idTokenOf(page)).split('.')[1]!, 'base64url').toString()).sub as string;
}

/** The parts of a Design brief a browser test varies; the rest is a one-room remodel. */
export interface DesignBrief {
  title: string;
  description: string;
  property_type: string;
  area_sqft: number;
  room: string;
  task: string;
}

/**
 * A new client signed up and signed in on `page`, with one Design project submitted through the API
 * and projected: the start of every test of what others see of a client's project. Answers its id.
 */
export async function clientWithProject(
  page: Page,
  runtime: E2ERuntime,
  client: ClientAccount,
  brief: DesignBrief,
): Promise<string> {
  await signUpInBrowser(page, client);
  await signInInBrowser(page, client);
  const created = await apiFromPage<{ project: { id: string } }>(page, 'POST', '/api/projects', {
    title: brief.title,
    project_category: 'Design',
    project_type: 'Remodel / Space Optimization',
    property_type: brief.property_type,
    deliverables: ['Existing Conditions Plan'],
    description: brief.description,
    design_priority: [],
    area_sqft: brief.area_sqft,
    existing_plans: false,
    permit_needs: null,
    room_selection: [brief.room],
    room_notes: null,
    inspiration_links: [],
    checklist: [{ task_name: brief.task, estimated_hours: 2 }],
    grok_generated: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await runtime.settle();
  return created.body.project.id;
}

/** The newest Cognito code mailed to `email`, read from the local outbox as the user reads their inbox. */
export async function latestCodeFor(runtime: E2ERuntime, email: string): Promise<string> {
  const outbox = (await (await fetch(`${runtime.url}/outbox.json?to=${encodeURIComponent(email)}`)).json()) as {
    messages: { text: string; tag?: string; sentAt?: string }[];
  };
  const mails = outbox.messages
    .filter((message) => message.tag === 'cognito')
    .sort((a, b) => ((a.sentAt ?? '') < (b.sentAt ?? '') ? 1 : -1));
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`No verification code mailed to ${email}`);
  return code;
}

/**
 * Answers the 'Verify Your Email' dialog an action opens when the address is not proven yet: types
 * the code Cognito mailed. The first proof ends every session of the account, this one included, and
 * the dialog signs this one in again with the proof's one-time answer: no 'Sign In Again', no
 * password. The action is then retried by the page.
 */
export async function proveEmailInDialog(page: Page, runtime: E2ERuntime, account: { email: string }): Promise<void> {
  const verify = page.getByRole('dialog', { name: 'Verify Your Email' });
  await expect(verify).toBeVisible();
  await expect(async () => {
    await latestCodeFor(runtime, account.email);
  }).toPass();
  await verify.getByLabel('Verification Code').fill(await latestCodeFor(runtime, account.email));
  await verify.getByRole('button', { name: 'Verify Email' }).click();
  await expect(verify).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Sign In Again' })).toHaveCount(0);
}

/** Team Management: names a team as the user does; the first time, the address is proven in the dialog. */
export async function createTeamInBrowser(
  page: Page,
  runtime: E2ERuntime,
  owner: { email: string },
  name: string,
): Promise<void> {
  await page.goto('/profile?tab=team');
  await page.getByLabel('Team Name').fill(name);
  await page.getByRole('button', { name: 'Create Team' }).click();
  await proveEmailInDialog(page, runtime, owner);
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

/** Signs out as a person does: the avatar menu of the app header, then Sign Out. */
export async function signOutInBrowser(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Profile settings/ }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
}
