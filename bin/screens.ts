/**
 * Renders every screen of the SPA at a desk size (1366 × 900) and a phone size (390 × 844) into
 * docs/screens/, for the README and for review: `npx tsx bin/screens.ts` (build the SPA first:
 * `npx vite build --config web/vite.config.ts`). It starts the embedded runtime in memory, as the
 * browser tests do, and seeds a client with projects, an assigned designer, comments and activity so
 * that no screen is empty. `--before` renders only the dashboard, the admin board and the project
 * dialog into docs/screens/before/ (taken once, from the tree before the redesign).
 * `--only=name,name` renders only those screens (SCREENS_WEB_DIR=dir serves another build); `--out=dir` writes
 * elsewhere; `--png` writes PNG.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { startLocal } from '../infra/local/runtime.js';
import { seedPermitProject, seedStudio } from '../tests/e2e/support/seed-studio.js';

const ROOT = resolve(import.meta.dirname, '..');
const BEFORE = process.argv.includes('--before');
const ONLY = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const OUT_ARG = process.argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length);
const OUT = OUT_ARG ? resolve(OUT_ARG) : resolve(ROOT, BEFORE ? 'docs/screens/before' : 'docs/screens');
/** PNG instead of JPEG (for a quick look with tools that read PNG only). */
const PNG = process.argv.includes('--png');
const SIZES = [
  { name: 'desk', viewport: { width: 1366, height: 900 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

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

/** Opens a project's dialog from the dashboard and picks one of its tabs. */
const projectTab = (title: string, tab: string) => async (page: Page) => {
  await page.getByRole('button', { name: title }).first().click();
  await page.getByRole('dialog', { name: title }).getByRole('tab', { name: tab }).click();
  await page.waitForTimeout(600);
};

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
  {
    name: 'city-review',
    title: 'City Review tab (client, a permit in plan check)',
    role: 'client',
    path: '/dashboard',
    act: projectTab('Maple Court ADU', 'City Review'),
  },
  {
    name: 'city-review-designer',
    title: 'City Review tab (designer)',
    role: 'designer',
    path: '/designer',
    act: projectTab('Maple Court ADU', 'City Review'),
  },
  { name: 'submit', title: 'Submit a project', role: 'client', path: '/submit' },
  { name: 'board-client', title: 'Project board (client)', role: 'client', path: '/board' },
  { name: 'profile', title: 'Profile', role: 'client', path: '/profile' },
  {
    name: 'delete-account',
    title: 'Delete My Account dialog',
    role: 'client',
    path: '/profile',
    act: async (page) => {
      await page.getByRole('button', { name: 'Delete My Account' }).click();
      await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    },
  },
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
  {
    name: 'admin-designer-review',
    title: 'Admin, Designer Review',
    role: 'admin',
    path: '/admin',
    act: adminTab('Designer Review'),
  },
  {
    name: 'admin-moderation',
    title: 'Admin, Comment Moderation',
    role: 'admin',
    path: '/admin',
    act: adminTab('Comment Moderation'),
  },
  {
    name: 'admin-activity',
    title: 'Admin, Global Activity',
    role: 'admin',
    path: '/admin',
    act: adminTab('Global Activity'),
  },
  { name: 'admin-users', title: 'Admin, Users', role: 'admin', path: '/admin', act: adminTab('Users') },
  {
    name: 'admin-erase-user',
    title: 'Erase User dialog (admin)',
    role: 'admin',
    path: '/admin?tab=users',
    act: async (page) => {
      await page.getByRole('button', { name: 'Erase User' }).first().click();
      await page.getByRole('dialog', { name: 'Erase this user?' }).waitFor();
    },
  },
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

async function main() {
  // SCREENS_WEB_DIR serves another build (say, one made beside a test run that uses web/dist).
  const local = await startLocal({
    port: 0,
    dataDir: undefined,
    quiet: true,
    ...(process.env.SCREENS_WEB_DIR ? { webDir: process.env.SCREENS_WEB_DIR } : {}),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const written: { screen: Screen; size: string; file: string }[] = [];
  try {
    const { states } = await seedStudio(browser, local.url, local.seeded);
    await seedPermitProject(browser, local.url, states, local.seeded.designer.email);
    await local.settle();
    await mkdir(OUT, { recursive: true });
    const screens = SCREENS.filter(
      (screen) => (BEFORE ? screen.before : true) && (!ONLY || ONLY.includes(screen.name)),
    );
    for (const size of SIZES) {
      const contexts = new Map<Role, BrowserContext>();
      for (const screen of screens) {
        let context = contexts.get(screen.role);
        if (!context) {
          context = await browser.newContext({
            viewport: size.viewport,
            isMobile: size.isMobile,
            hasTouch: size.isMobile,
            deviceScaleFactor: 1,
            storageState: states[screen.role],
            reducedMotion: 'reduce',
          });
          contexts.set(screen.role, context);
        }
        const page = await context.newPage();
        try {
          await page.goto(`${local.url}${screen.path}`, { waitUntil: 'networkidle' });
          await page.waitForTimeout(700);
          if (screen.act) await screen.act(page);
          await page.waitForTimeout(400);
          const file = `${screen.name}-${size.name}.${PNG ? 'png' : 'jpg'}`;
          await writeFile(
            resolve(OUT, file),
            await page.screenshot(
              PNG ? { type: 'png', fullPage: !screen.act } : { type: 'jpeg', quality: 80, fullPage: !screen.act },
            ),
          );
          written.push({ screen, size: size.name, file });
          console.log(`${file}`);
        } catch (error) {
          console.error(
            `${screen.name} (${size.name}) failed: ${error instanceof Error ? error.message : String(error)}`,
          );
          process.exitCode = 1;
        } finally {
          await page.close();
        }
      }
      await Promise.all([...contexts.values()].map((context) => context.close()));
    }
    if (!BEFORE && !ONLY && !OUT_ARG) {
      const rows = SCREENS.map((screen) => {
        const cell = (size: string) =>
          written.some((row) => row.screen === screen && row.size === size)
            ? `[${size}](${screen.name}-${size}.jpg)`
            : '—';
        return `| ${screen.title} | \`${screen.path}\` | ${screen.role} | ${cell('desk')} | ${cell('phone')} |`;
      });
      await writeFile(
        resolve(OUT, 'README.md'),
        [
          '# Screens',
          '',
          'Every screen of the SPA at a desk size (1366 × 900) and a phone size (390 × 844), rendered by',
          '`npx tsx bin/screens.ts` (build the SPA first) against the embedded runtime with seeded data.',
          'Pages are pictured whole; a dialog or tab is pictured as the viewport shows it.',
          '`before/` holds the dashboard, the admin board and the project dialog as they looked before issue 36.',
          '',
          '| Screen | Path | Signed in as | Desk | Phone |',
          '| --- | --- | --- | --- | --- |',
          ...rows,
          '',
          '## Before and after (issue 36)',
          '',
          '| Screen | Before, desk | After, desk | Before, phone | After, phone |',
          '| --- | --- | --- | --- | --- |',
          ...SCREENS.filter((screen) => screen.before).map(
            (screen) =>
              `| ${screen.title} | [before](before/${screen.name}-desk.jpg) | [after](${screen.name}-desk.jpg) | ` +
              `[before](before/${screen.name}-phone.jpg) | [after](${screen.name}-phone.jpg) |`,
          ),
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
