import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PASSWORD, expect, signInInBrowser, signUpInBrowser, test, uniqueEmail } from './support/fixtures.js';

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
