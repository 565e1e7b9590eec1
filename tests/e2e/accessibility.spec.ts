import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { PASSWORD, expect, signInInBrowser, signUpInBrowser, test, uniqueEmail } from './support/fixtures.js';
import { tabWithoutFocusRing } from './support/keyboard.js';
import { seedStudio } from './support/seed-studio.js';

/**
 * An axe scan (WCAG 2.1 A/AA) of every screen, as the people who use it see it: public screens
 * signed out, the client area as a client, the admin area as an admin, the designer's as a
 * designer. No serious or critical finding is allowed.
 */
async function scan(page: Page, path: string, ready: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${path}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes
          .slice(0, 2)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

test('public screens have no serious accessibility findings', async ({ page }) => {
  const findings: string[] = [];
  for (const [path, heading] of [
    ['/', /design/i],
    ['/auth', /./],
    ['/auth/forgot-password', /./],
    ['/team-login', /./],
    ['/team-login/forgot-password', /./],
    ['/test-resend', /./],
    ['/accept-invite', /./],
    ['/invite-signup', /./],
    ['/designer-invite', /Designer Invitation/],
    ['/no-such-page', /./],
  ] as const) {
    findings.push(...(await scan(page, path, heading)));
  }
  expect(findings).toEqual([]);
});

test('client screens have no serious accessibility findings', async ({ page }) => {
  const account = { fullName: 'Ally Access', email: uniqueEmail(), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  const findings: string[] = [];
  for (const path of ['/dashboard', '/submit', '/board', '/profile']) findings.push(...(await scan(page, path, /./)));
  expect(findings).toEqual([]);
});

test('admin and designer screens have no serious accessibility findings', async ({ page, browser, runtime }) => {
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);
  const findings: string[] = [];
  for (const path of ['/admin', '/admin/designer-management', '/admin/audit'])
    findings.push(...(await scan(page, path, /./)));

  const designerContext = await browser.newContext({ baseURL: runtime.url });
  const designer = await designerContext.newPage();
  await designer.goto('/auth');
  await signInInBrowser(designer, runtime.seeded.designer);
  findings.push(...(await scan(designer, '/designer', /./)));
  await designerContext.close();
  expect(findings).toEqual([]);
});

/*
 * The keyboard (issue "The studio and its client in one workflow", item 7): tabbing through each
 * admin and designer screen, the focused element always shows a focus indicator. The client's
 * screens are walked in workflow.spec.ts. The studio is seeded so that the screens have projects,
 * comments and an invitation to tab through, not only their empty states.
 */
let studio: Awaited<ReturnType<typeof seedStudio>> | undefined;
async function seededPage(browser: Browser, url: string, role: 'admin' | 'designer'): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, storageState: studio!.states[role] });
  return context.newPage();
}

/** Opens `path`, waits for its heading and for its data, and tabs `steps` times from the top. */
async function tabThrough(page: Page, path: string, steps: number): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  return tabWithoutFocusRing(page, path, steps);
}

test('the keyboard: tabbing through each admin screen, the focused element always shows a focus indicator', async ({
  browser,
  runtime,
}) => {
  test.setTimeout(300_000);
  studio ??= await seedStudio(browser, runtime.url, runtime.seeded);
  await runtime.settle();
  const page = await seededPage(browser, runtime.url, 'admin');
  const unmarked: string[] = [];
  // The admin dashboard's tabs: projects, designer review, moderation, activity, users, audit, insights.
  for (const tab of ['', 'review', 'moderation', 'activity', 'users', 'audit', 'insights']) {
    unmarked.push(...(await tabThrough(page, tab ? `/admin?tab=${tab}` : '/admin', 30)));
  }
  for (const path of ['/admin/designer-management', '/admin/audit', '/board']) {
    unmarked.push(...(await tabThrough(page, path, 30)));
  }
  await page.context().close();
  expect(unmarked).toEqual([]);
});

test("the keyboard: tabbing through the designer's screens and a project's dialog, every tab of it", async ({
  browser,
  runtime,
}) => {
  test.setTimeout(300_000);
  studio ??= await seedStudio(browser, runtime.url, runtime.seeded);
  await runtime.settle();
  const page = await seededPage(browser, runtime.url, 'designer');
  const unmarked: string[] = [];
  for (const path of ['/board', '/designer']) unmarked.push(...(await tabThrough(page, path, 25)));

  await page.getByRole('button', { name: 'Townhouse Kitchen' }).first().click();
  const dialog = page.getByRole('dialog', { name: /Townhouse Kitchen/ });
  await expect(dialog).toBeVisible();
  const tabs = dialog.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (const name of await tabs.allInnerTexts()) {
    await dialog.getByRole('tab', { name }).click();
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    unmarked.push(...(await tabWithoutFocusRing(page, `the project dialog, ${name}`, 15)));
  }
  await page.context().close();
  expect(unmarked).toEqual([]);
});
