import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ALL_PROPERTY_TYPES, PROJECT_STATUSES, SYSTEM_ROLES, USER_TYPES } from '../../shared/vocabulary.js';
import { expect, test } from './support/fixtures.js';
import { seedStudio } from './support/seed-studio.js';

/**
 * Issue 36, on every screen with seeded work in it (support/seed-studio.ts), at a phone's 390 × 844:
 * nothing is wider than the screen and no tab is cut off (or its list scrolls and says so); no
 * stored value (`in_progress`, `single_family`, `fix_flipper`) or ISO date (2026-11-26) is shown
 * instead of the studio's words; every signed-in screen has the app shell (logo, bell, avatar menu).
 * And the browser refuses nothing the screen loads under the site's content security policy (the
 * cloud's policy, infra/site-headers.ts: a font or a call it refuses here it would refuse there).
 */

type Role = 'visitor' | 'client' | 'admin' | 'designer';
interface Screen {
  name: string;
  role: Role;
  path: string;
  /** Brings the screen to the state checked; each state in `states` is checked in turn. */
  states?: { name: string; go(page: Page): Promise<void> }[];
}

const RAW_VALUES = new Set<string>(
  [...PROJECT_STATUSES, ...ALL_PROPERTY_TYPES, ...USER_TYPES, ...SYSTEM_ROLES].filter((value) => value.includes('_')),
);

const tab = (name: string) => ({
  name,
  go: (page: Page) => page.getByRole('tab', { name, exact: true }).first().click(),
});
const dialogTabs = (open: (page: Page) => Promise<void>, tabs: string[]) =>
  tabs.map((name, i) => ({
    name: `dialog ${name}`,
    go: async (page: Page) => {
      if (i === 0) await open(page);
      await page.getByRole('dialog').getByRole('tab', { name, exact: true }).click();
    },
  }));
const openProject = (how: 'button' | 'article') => async (page: Page) => {
  if (how === 'button') await page.getByRole('button', { name: 'Townhouse Kitchen' }).first().click();
  else await page.getByRole('article', { name: 'Townhouse Kitchen' }).getByRole('heading').click();
  await expect(page.getByRole('dialog', { name: 'Townhouse Kitchen' })).toBeVisible();
};

const SCREENS: Screen[] = [
  { name: 'landing', role: 'visitor', path: '/' },
  { name: 'sign in', role: 'visitor', path: '/auth' },
  { name: 'team login', role: 'visitor', path: '/team-login' },
  { name: 'test e-mail', role: 'visitor', path: '/test-resend' },
  { name: '404', role: 'visitor', path: '/no-such-page' },
  {
    name: 'dashboard',
    role: 'client',
    path: '/dashboard',
    states: dialogTabs(openProject('button'), ['Details', 'Files', 'Activity']),
  },
  { name: 'submit', role: 'client', path: '/submit' },
  { name: 'board', role: 'client', path: '/board' },
  {
    name: 'profile',
    role: 'client',
    path: '/profile',
    states: [
      tab('Team Management'),
      tab('Notifications'),
      {
        name: 'dialog Delete My Account',
        go: async (page) => {
          await page.getByRole('tab', { name: 'Profile Settings', exact: true }).click();
          await page.getByRole('button', { name: 'Delete My Account' }).click();
          await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'admin',
    role: 'admin',
    path: '/admin',
    states: [
      ...['Designer Review', 'Comment Moderation', 'Global Activity', 'Users', 'Audit', 'Insights'].map(tab),
      { name: 'projects', go: (page) => page.getByRole('tab', { name: 'Projects', exact: true }).click() },
      ...dialogTabs(openProject('article'), ['Details', 'Checklist', 'Files', 'Activity', 'Management']),
      {
        name: 'dialog Erase User',
        go: async (page) => {
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
          await tab('Users').go(page);
          await page.getByRole('button', { name: 'Erase User' }).first().click();
          await expect(page.getByRole('dialog', { name: 'Erase this user?' })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'audit',
    role: 'admin',
    path: '/admin/audit',
    states: [
      {
        // A project's history: every change the seeded work made, in the studio's words.
        name: 'a project history',
        go: async (page) => {
          const project = page.getByLabel('Project', { exact: true });
          const value = await project.locator('option', { hasText: 'Townhouse Kitchen' }).first().getAttribute('value');
          await project.selectOption(value!);
          await expect(page.getByTestId('chain-verdict')).toBeVisible();
        },
      },
    ],
  },
  { name: 'designer management', role: 'admin', path: '/admin/designer-management' },
  { name: 'admin board', role: 'admin', path: '/board' },
  {
    name: 'designer',
    role: 'designer',
    path: '/designer',
    states: dialogTabs(openProject('button'), ['Details', 'Checklist', 'Files', 'Activity']),
  },
];

/** What the issue forbids on one screen state, as a list of findings (empty when all is well). */
async function findings(page: Page, where: string, role: Role): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide in ${width}px`);
    for (const list of document.querySelectorAll<HTMLElement>('[role=tablist]')) {
      if (!list.offsetParent) continue;
      const box = list.getBoundingClientRect();
      const scrolls = list.scrollWidth > list.clientWidth + 1;
      const hinted = !!list.closest('.tabs-frame[data-more~="end"], .tabs-frame[data-more~="start"]');
      for (const tab of list.querySelectorAll<HTMLElement>('[role=tab]')) {
        const rect = tab.getBoundingClientRect();
        const inside = rect.left >= box.left - 1 && rect.right <= box.right + 1 && rect.right <= width + 1;
        if (!inside && !(scrolls && hinted))
          problems.push(`tab '${tab.textContent}' is cut off and its list gives no hint that it scrolls`);
      }
    }
    // Texts a person reads: the page's and any open dialog's.
    const text = document.body.innerText;
    return { problems, text };
  });
  const words = new Set(found.text.match(/\b[a-z]+_[a-z_]+\b/g) ?? []);
  const raw = [...words].filter((word) => RAW_VALUES.has(word));
  if (raw.length) found.problems.push(`stored values shown: ${raw.join(', ')}`);
  // Underscores turned into spaces are still the system's words where the wizard says 'Single Family'.
  const spaced = [...RAW_VALUES]
    .map((value) => value.replace(/_/g, ' '))
    .filter((value) => ALL_PROPERTY_TYPES.includes(value.replace(/ /g, '_') as never) && found.text.includes(value));
  if (spaced.length) found.problems.push(`property types in lower case: ${spaced.join(', ')}`);
  const iso = found.text.match(/\b\d{4}-\d{2}-\d{2}\b/g);
  if (iso) found.problems.push(`ISO dates shown: ${[...new Set(iso)].join(', ')}`);
  if (role !== 'visitor') {
    const banner = page.getByRole('banner');
    const shell = [
      await banner.getByRole('link', { name: 'Design Club home' }).isVisible(),
      await banner.getByRole('button', { name: /^Notifications/ }).isVisible(),
      await banner.getByRole('button', { name: /^Profile settings/ }).isVisible(),
    ];
    if (shell.includes(false)) found.problems.push('the app shell (logo, bell, avatar menu) is missing');
  }
  return found.problems.map((problem) => `${where}: ${problem}`);
}

let states: Awaited<ReturnType<typeof seedStudio>>['states'] | undefined;
async function contextFor(browser: Browser, role: Role, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    storageState: role === 'visitor' ? undefined : states![role],
  });
}

test.describe.configure({ timeout: 240_000 });

/**
 * What a person reads once the screen has loaded: the shell's and the sections' skeletons (aria-busy)
 * are gone. Read earlier, a screen is judged by its placeholder, and the last one's words may still show.
 */
const loaded = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });

for (const role of ['visitor', 'client', 'admin', 'designer'] as const) {
  test(`every ${role} screen at 390 px: no overflow or cut-off tab, the studio's words, the app shell`, async ({
    browser,
    runtime,
  }) => {
    states ??= (await seedStudio(browser, runtime.url, runtime.seeded)).states;
    await runtime.settle();
    const context = await contextFor(browser, role, runtime.url);
    const page = await context.newPage();
    const problems: string[] = [];
    let where = '';
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text()))
        problems.push(`${where}: refused by the content security policy: ${message.text().slice(0, 160)}`);
    });
    for (const screen of SCREENS.filter((candidate) => candidate.role === role)) {
      where = screen.name;
      await page.goto(screen.path);
      await expect(page.locator('main, .lp').first()).toBeVisible();
      await loaded(page);
      problems.push(...(await findings(page, screen.name, role)));
      for (const state of screen.states ?? []) {
        await state.go(page);
        await loaded(page);
        problems.push(...(await findings(page, `${screen.name}, ${state.name}`, role)));
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  });
}
