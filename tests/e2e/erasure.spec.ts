import type { Page } from '@playwright/test';
import {
  PASSWORD,
  apiFromPage,
  expect,
  signInInBrowser,
  signUpInBrowser,
  signedInPage,
  test,
  uniqueEmail,
  type ClientAccount,
} from './support/fixtures.js';

/**
 * Erasure (issue 47) in Chromium: a person deletes their own account from the profile (at a desk and
 * on a phone), an admin erases a person from the Users tab with a request reference and reads the
 * erasure log, and a designer can do neither. The tests share one runtime and run in order.
 */
test.describe.configure({ mode: 'serial' });

const DELETED = 'Your account and personal data were deleted.';
const REFERENCE = 'REQ-2026-0147';
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const deleteDialog = (page: Page) => page.getByRole('dialog', { name: 'Delete your account?' });

/** The account id of the user signed in on `page`, as the API knows it (GET /api/me). */
async function accountIdOf(page: Page): Promise<string> {
  const me = await apiFromPage<{ user: { id: string } }>(page, 'GET', '/api/me');
  expect(me.status).toBe(200);
  return me.body.user.id;
}

/** A new client, signed up and signed in through /auth on `page`; answers their account id. */
async function newClient(page: Page, account: ClientAccount): Promise<string> {
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  return accountIdOf(page);
}

/** Opens 'Delete My Account' from the profile. */
async function openDeleteDialog(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete My Account' }).click();
  const dialog = deleteDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The account id of the admin who erased someone, for the designer's refused request. */
let adminId: string | undefined;

test("'Delete My Account': the typed address, a wrong password, then the account is gone", async ({ page }) => {
  const account = { fullName: 'Cleo Leaving', email: uniqueEmail('cleo'), password: PASSWORD };
  await newClient(page, account);

  const dialog = await openDeleteDialog(page);
  await expect(dialog).toContainText('This cannot be undone.');
  const password = dialog.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  const confirm = dialog.getByLabel('Type your e-mail address to confirm');
  await expect(dialog.getByText(`Your account's address is ${account.email}`)).toBeVisible();
  const erase = dialog.getByRole('button', { name: 'Delete My Account' });

  // Disabled until both are filled and the address is the account's; a disabled button says why.
  await expect(erase).toBeDisabled();
  await password.fill('NotMyPassword#1');
  await expect(erase).toBeDisabled();
  await expect(erase).toHaveAccessibleDescription('Type your e-mail address to confirm.');
  await confirm.fill(`someone.else@example.test`);
  await expect(erase).toBeDisabled();
  await expect(erase).toHaveAccessibleDescription('The address typed is not the one on your account.');
  // The address in other capitals, with a stray space, is the same address.
  await confirm.fill(` ${account.email.toUpperCase()} `);
  await expect(erase).toBeEnabled();

  // A wrong password is refused in the dialog, and nothing is deleted.
  await erase.click();
  await expect(dialog.getByRole('alert')).toHaveText('That password is not right.');
  await expect(dialog).toBeVisible();
  const still = await apiFromPage<{ user: { email: string } }>(page, 'GET', '/api/me');
  expect(still.status).toBe(200);
  expect(still.body.user.email).toBe(account.email);

  // The right password: the account is deleted, this device signed out, and the landing page says so.
  await password.fill(account.password);
  await erase.click();
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(toast(page, DELETED)).toBeVisible();
  await expect(toast(page, DELETED)).not.toHaveAttribute('data-variant', 'destructive');
  expect(
    await page.evaluate(() =>
      [...Object.keys(localStorage), ...Object.keys(sessionStorage)].some((key) => key.endsWith('.idToken')),
    ),
  ).toBe(false);
  // Not bounced to sign-in by the ended session.
  await expect(page.getByRole('status').filter({ hasText: 'Not authenticated' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);

  // The old password opens nothing any more.
  await page.goto('/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Error' })).toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByText('Welcome back!', { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/);
});

test("on a phone the 'Delete My Account' dialog fits, its button in sight, and Escape closes it", async ({
  browser,
  runtime,
}) => {
  const context = await browser.newContext({
    baseURL: runtime.url,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const account = { fullName: 'Pia Phone', email: uniqueEmail('pia'), password: PASSWORD };
  await newClient(page, account);

  const dialog = await openDeleteDialog(page);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByLabel('Type your e-mail address to confirm').fill(account.email);
  const erase = dialog.getByRole('button', { name: 'Delete My Account' });
  await expect(erase).toBeEnabled();
  await erase.scrollIntoViewIfNeeded();
  await expect(erase).toBeInViewport();
  const box = await erase.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const dialogBox = await dialog.boundingBox();
  expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(390);

  // Escape closes it and deletes nothing.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await apiFromPage(page, 'GET', '/api/me')).status).toBe(200);
  await context.close();
});

test('an admin erases a client with a request reference; the log shows it and the client is a Deleted user', async ({
  page,
  browser,
  runtime,
}) => {
  test.setTimeout(180_000);
  const clientPage = await (await browser.newContext({ baseURL: runtime.url })).newPage();
  const account = { fullName: 'Ezra Erased', email: uniqueEmail('ezra'), password: PASSWORD };
  const clientId = await newClient(clientPage, account);
  await clientPage.context().close();
  await runtime.settle();

  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);
  adminId = await accountIdOf(page);
  await page.goto('/admin?tab=users');
  const table = page.getByRole('table', { name: 'Users' });
  const row = table.locator(`tr[data-user-id="${clientId}"]`);
  await expect(row).toContainText('Ezra Erased');
  // No 'Erase User' for the admin themself.
  await expect(table.locator(`tr[data-user-id="${adminId}"]`)).toBeVisible();
  await expect(table.locator(`tr[data-user-id="${adminId}"]`).getByRole('button', { name: 'Erase User' })).toHaveCount(
    0,
  );

  await row.getByRole('button', { name: 'Erase User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this user?' });
  await expect(dialog).toContainText('Ezra Erased');
  const erase = dialog.getByRole('button', { name: 'Erase User' });
  await expect(erase).toBeDisabled();
  await expect(erase).toHaveAccessibleDescription('Enter the request reference.');
  await dialog.getByLabel('Request reference (a ticket or letter number; no personal data)').fill(REFERENCE);
  await erase.click();
  await expect(toast(page, 'Personal data erased')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The erasure log: the account id, an admin asked, the reference; 'Done' once the erasure has run.
  const log = page.getByRole('table', { name: 'Erasures' });
  const entry = log.getByRole('row').filter({ hasText: REFERENCE });
  await expect(entry).toContainText(clientId);
  await expect(entry).toContainText(`An admin (${adminId})`);
  await expect(entry).toContainText('Done', { timeout: 90_000 });
  await expect(log).not.toContainText(account.email);
  await expect(log).not.toContainText('Ezra Erased');

  // The views are rebuilt in the background: the client's row then reads 'Deleted user'.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toContainText('Deleted user', { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(row).not.toContainText('Ezra Erased');
  await expect(row).not.toContainText(account.email);
  await expect(row.getByRole('button', { name: 'Erase User' })).toHaveCount(0);
});

test("a designer is offered no 'Erase User', and the API refuses them", async ({ browser, runtime }) => {
  expect(adminId, 'the admin test ran first').toBeDefined();
  const designer = await signedInPage(browser, runtime, runtime.seeded.designer);
  await designer.goto('/admin?tab=users');
  await expect(designer).not.toHaveURL(/\/admin/);
  await expect(designer.getByRole('button', { name: 'Erase User' })).toHaveCount(0);

  const refused = await apiFromPage<{ error: { message: string } }>(
    designer,
    'POST',
    `/api/admin/users/${encodeURIComponent(adminId!)}/erasure`,
    { reference: REFERENCE },
  );
  expect(refused.status).toBe(403);
  expect((await apiFromPage(designer, 'GET', '/api/admin/erasures')).status).toBe(403);
  await designer.context().close();
});
