/**
 * Renders every screen of the SPA at a desk size (1366 × 900) and a phone size (390 × 844) into
 * docs/screens/, for the README and for review: `npx tsx scripts/screens.ts` (build the SPA first:
 * `npx vite build --config web/vite.config.ts`). It starts the embedded runtime in memory, as the
 * browser tests do, and seeds a client with projects, an assigned designer, comments and activity so
 * that no screen is empty. `--before` renders only the dashboard, the admin board and the project
 * dialog into docs/screens/before/ (taken once, from the tree before the redesign).
 * `--only=name,name` renders only those screens.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startLocal } from '../infra/local/runtime.js';

const ROOT = resolve(import.meta.dirname, '..');
const BEFORE = process.argv.includes('--before');
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
const OUT = resolve(ROOT, BEFORE ? 'docs/screens/before' : 'docs/screens');
const SIZES = [
  { name: 'desk', viewport: { width: 1366, height: 900 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
const PASSWORD = 'CorrectHorse#2026';

type Role = 'visitor' | 'client' | 'admin' | 'designer';
interface Screen {
  name: string;
  title: string;
  role: Role;
  path: string;
  /** Brings the page to the state pictured (opens a dialog, picks a tab); the picture is then of the viewport. */
  act?: (page: Page) => Promise<void>;
  before?: boolean;
}

const DESCRIPTION =
  'A two-storey townhouse gets a new kitchen and an open living area. The wall between kitchen and dining room goes, ' +
  'the stair is turned to face the entrance, and the upstairs bathroom is enlarged into the old linen closet. We want ' +
  'light oak, white walls and black steel windows, and we would like two layout options for the kitchen island first.';

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const adminTab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name }).click();
  await page.waitForTimeout(600);
};

const SCREENS: Screen[] = [
  { name: 'landing', title: 'Landing page', role: 'visitor', path: '/' },
  { name: 'auth', title: 'Sign in', role: 'visitor', path: '/auth' },
  { name: 'forgot-password', title: 'Forgot password', role: 'visitor', path: '/auth/forgot-password' },
  { name: 'team-login', title: 'Team login', role: 'visitor', path: '/team-login' },
  { name: 'test-resend', title: 'Test e-mail (signed out)', role: 'visitor', path: '/test-resend' },
  { name: 'not-found', title: '404', role: 'visitor', path: '/no-such-page' },
  { name: 'dashboard', title: 'Client dashboard', role: 'client', path: '/dashboard', before: true },
  {
    name: 'project-dialog',
    title: 'Project dialog (client)',
    role: 'client',
    path: '/dashboard',
    before: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Townhouse Kitchen' }).first().click();
      await page.getByRole('dialog', { name: 'Townhouse Kitchen' }).waitFor();
    },
  },
  {
    name: 'project-dialog-activity',
    title: 'Project dialog, Activity (client)',
    role: 'client',
    path: '/dashboard',
    act: async (page) => {
      await page.getByRole('button', { name: 'Townhouse Kitchen' }).first().click();
      await page.getByRole('dialog', { name: 'Townhouse Kitchen' }).getByRole('tab', { name: 'Activity' }).click();
      await page.waitForTimeout(800);
    },
  },
  { name: 'submit', title: 'Submit a project', role: 'client', path: '/submit' },
  { name: 'board-client', title: 'Project board (client)', role: 'client', path: '/board' },
  { name: 'profile', title: 'Profile', role: 'client', path: '/profile' },
  { name: 'test-resend-client', title: 'Test e-mail (signed in)', role: 'client', path: '/test-resend' },
  { name: 'admin', title: 'Admin board, Projects', role: 'admin', path: '/admin', before: true },
  {
    name: 'admin-project-dialog',
    title: 'Project management dialog (admin)',
    role: 'admin',
    path: '/admin',
    before: true,
    act: async (page) => {
      await page.getByRole('article', { name: 'Townhouse Kitchen' }).getByRole('heading').click();
      await page.getByRole('dialog', { name: 'Townhouse Kitchen' }).waitFor();
    },
  },
  { name: 'admin-designer-review', title: 'Admin, Designer Review', role: 'admin', path: '/admin', act: adminTab('Designer Review') },
  { name: 'admin-moderation', title: 'Admin, Comment Moderation', role: 'admin', path: '/admin', act: adminTab('Comment Moderation') },
  { name: 'admin-activity', title: 'Admin, Global Activity', role: 'admin', path: '/admin', act: adminTab('Global Activity') },
  { name: 'admin-users', title: 'Admin, Users', role: 'admin', path: '/admin', act: adminTab('Users') },
  { name: 'admin-insights', title: 'Admin, Insights', role: 'admin', path: '/admin', act: adminTab('Insights') },
  { name: 'admin-audit', title: 'Audit log', role: 'admin', path: '/admin/audit' },
  { name: 'designer-management', title: 'Designer Management', role: 'admin', path: '/admin/designer-management' },
  { name: 'board-admin', title: 'Project board (admin)', role: 'admin', path: '/board', before: true },
  { name: 'designer', title: 'Designer dashboard', role: 'designer', path: '/designer' },
  {
    name: 'designer-project-dialog',
    title: 'Project dialog (designer)',
    role: 'designer',
    path: '/designer',
    act: async (page) => {
      await page.getByRole('button', { name: 'Townhouse Kitchen' }).first().click();
      await page.getByRole('dialog', { name: 'Townhouse Kitchen' }).waitFor();
    },
  },
];

async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((to) => !to.pathname.startsWith('/auth'));
}

async function signUp(page: Page, url: string, account: { fullName: string; email: string }): Promise<void> {
  await page.goto(`${url}/auth`);
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Full Name').fill(account.fullName);
  await page.getByLabel('Company').fill('Studio North');
  await page.getByLabel('Cell Phone Number').fill('+1 555 010 2030');
  await page.getByLabel('User Type').selectOption('homeowner');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByText('Account created successfully. Please sign in.').waitFor();
}

/** Calls the API with the page's ID token (as the SPA does). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      let token: string | null = null;
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        if (key?.endsWith('.idToken')) token = localStorage.getItem(key);
      }
      const response = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    { method, path, body },
  );
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

const project = (title: string, property_type: string, project_type: string, deliverables: string[]) => ({
  title,
  project_category: 'Design',
  project_type,
  property_type,
  deliverables,
  description: DESCRIPTION,
  design_priority: ['Layout Optimization', 'Visualization'],
  area_sqft: 1640,
  existing_plans: true,
  room_selection: ['Kitchen', 'Living Room'],
  project_address: '12 Elm Street, Springfield',
  checklist: [
    { task_name: 'Review existing plans and site survey', estimated_hours: 1.5 },
    { task_name: 'Kitchen layout options with island variants', estimated_hours: 4 },
    { task_name: 'Living area furniture plan', estimated_hours: 3 },
    { task_name: 'Concept render', estimated_hours: 5.25 },
  ],
  grok_generated: true,
});

/** A client with four projects in three statuses, one assigned with an overdue date, comments (one rejected). */
async function seed(browser: Browser, url: string, seeded: { admin: { email: string; password: string }; designer: { email: string; password: string } }) {
  const client = { fullName: 'Quinn Client', email: `quinn.${Date.now().toString(36)}@example.test` };
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signUp(clientPage, url, client);
  await signIn(clientPage, url, client.email, PASSWORD);
  type Created = { project: { id: string } };
  const ids: Record<string, string> = {};
  for (const [title, property, type, deliverables] of [
    ['Townhouse Kitchen', 'single_family', 'Concept Design', ['Layout Plan', 'Concept Render', 'Style Board']],
    ['Loft Conversion', 'condo', 'Remodel / Space Optimization', ['Proposed Layout Options']],
    ['Backyard Studio', 'single_family', 'Concept Design', ['Layout Plan']],
    ['Lakeside Cabin', 'vacation_rental', 'Concept Design', ['Layout Plan', 'Concept Render']],
  ] as const) {
    ids[title] = (await api<Created>(clientPage, 'POST', '/api/projects', project(title, property, type, [...deliverables]))).project.id;
  }

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, url, seeded.admin.email, seeded.admin.password);
  const designer = { designer_email: seeded.designer.email };
  await api(adminPage, 'PATCH', `/api/projects/${ids['Townhouse Kitchen']}`, { designer, due_date: isoDay(-1), priority: 'Urgent', status: 'in_progress' });
  await api(adminPage, 'PATCH', `/api/projects/${ids['Loft Conversion']}`, { designer, due_date: isoDay(3), status: 'needs_revision' });
  await api(adminPage, 'PATCH', `/api/projects/${ids['Backyard Studio']}`, { designer, status: 'delivered', priority: 'Low' });
  await api(adminPage, 'PATCH', `/api/projects/${ids['Townhouse Kitchen']}/tasks/${ids['Townhouse Kitchen']}-t1`, { completed: true });
  await api(adminPage, 'POST', '/api/designers', { email: `riley.${Date.now().toString(36)}@example.test` }).catch(() => undefined);

  const designerContext = await browser.newContext();
  const designerPage = await designerContext.newPage();
  await signIn(designerPage, url, seeded.designer.email, seeded.designer.password);
  type Posted = { comment: { id: string } };
  const comment = (content: string) => api<Posted>(designerPage, 'POST', `/api/projects/${ids['Townhouse Kitchen']}/comments`, { content });
  const approved = await comment('Two island options are on the way: a 2.4 m one with four stools, and a peninsula.');
  const rejected = await comment('Call me on my cell any time.');
  await comment('The concept render follows once you pick an island.');
  await api(adminPage, 'POST', `/api/comments/${approved.comment.id}/approve`, { project_id: ids['Townhouse Kitchen'] });
  await api(adminPage, 'POST', `/api/comments/${rejected.comment.id}/reject`, { project_id: ids['Townhouse Kitchen'] });

  const states = {
    visitor: undefined,
    client: await clientContext.storageState(),
    admin: await adminContext.storageState(),
    designer: await designerContext.storageState(),
  };
  await Promise.all([clientContext.close(), adminContext.close(), designerContext.close()]);
  return states;
}

async function main() {
  const local = await startLocal({ port: 0, dataDir: undefined, quiet: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const written: { screen: Screen; size: string; file: string }[] = [];
  try {
    const states = await seed(browser, local.url, local.seeded);
    await local.settle();
    await mkdir(OUT, { recursive: true });
    const screens = SCREENS.filter((screen) => (BEFORE ? screen.before : true) && (!ONLY || ONLY.includes(screen.name)));
    for (const size of SIZES) {
      const contexts = new Map<Role, BrowserContext>();
      for (const screen of screens) {
        let context = contexts.get(screen.role);
        if (!context) {
          context = await browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.isMobile, deviceScaleFactor: 1, storageState: states[screen.role], reducedMotion: 'reduce' });
          contexts.set(screen.role, context);
        }
        const page = await context.newPage();
        try {
          await page.goto(`${local.url}${screen.path}`, { waitUntil: 'networkidle' });
          await page.waitForTimeout(700);
          if (screen.act) await screen.act(page);
          await page.waitForTimeout(400);
          const file = `${screen.name}-${size.name}.jpg`;
          await writeFile(resolve(OUT, file), await page.screenshot({ type: 'jpeg', quality: 80, fullPage: !screen.act }));
          written.push({ screen, size: size.name, file });
          console.log(`${file}`);
        } catch (error) {
          console.error(`${screen.name} (${size.name}) failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exitCode = 1;
        } finally {
          await page.close();
        }
      }
      await Promise.all([...contexts.values()].map((context) => context.close()));
    }
    if (!BEFORE && !ONLY) {
      const rows = SCREENS.map((screen) => {
        const cell = (size: string) => (written.some((row) => row.screen === screen && row.size === size) ? `[${size}](${screen.name}-${size}.jpg)` : '—');
        return `| ${screen.title} | \`${screen.path}\` | ${screen.role} | ${cell('desk')} | ${cell('phone')} |`;
      });
      await writeFile(
        resolve(OUT, 'README.md'),
        [
          '# Screens',
          '',
          'Every screen of the SPA at a desk size (1366 × 900) and a phone size (390 × 844), rendered by',
          '`npx tsx scripts/screens.ts` (build the SPA first) against the embedded runtime with seeded data.',
          'Pages are pictured whole; a dialog or tab is pictured as the viewport shows it.',
          '`before/` holds the dashboard, the admin board and the project dialog as they looked before issue 36.',
          '',
          '| Screen | Path | Signed in as | Desk | Phone |',
          '| --- | --- | --- | --- | --- |',
          ...rows,
          '',
        ].join('\n'),
      );
    }
  } finally {
    await browser.close();
    await local.stop();
  }
}

await main();
