import type { Page } from '@playwright/test';
import {
  PASSWORD,
  expect,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
  type E2ERuntime,
  signOutInBrowser,
} from './support/fixtures.js';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const NEW_PASSWORD = 'A fresh passphrase 2026';

/** The reset link of the newest reset e-mail to `email`, read from the local outbox (/outbox.json). */
async function resetLinkFor(runtime: E2ERuntime, email: string): Promise<URL> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const { messages } = (await (await fetch(`${runtime.url}/outbox.json?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { subject: string; text: string; tag?: string }[];
    };
    const message = messages.find((m) => m.tag === 'password-reset');
    if (message) {
      expect(message.subject).toBe('Reset your Design Club password');
      return new URL(/(https?:\/\/\S+)/.exec(message.text)![1]!);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No reset e-mail to ${email} in the outbox`);
}

async function requestReset(page: Page, email: string) {
  // The URL changes before the lazily loaded screen replaces the previous one (which has an Email
  // field too): wait for this screen before typing.
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const sent = toast(page, 'Email sent');
  await expect(sent).toContainText('Check your inbox for a password reset link.');
  await expect(page.getByRole('button', { name: 'Send Another Link' })).toBeVisible();
}

async function chooseNewPassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(confirmation);
  await page.getByRole('button', { name: 'Update Password' }).click();
}

test('client: forgot → e-mail → reset → signed in and sent to /dashboard', async ({ page, runtime }) => {
  const account = { fullName: 'Fern Forgetful', email: uniqueEmail('forgetful'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await requestReset(page, account.email);

  const link = await resetLinkFor(runtime, account.email);
  expect(link.pathname).toBe('/auth/reset-password');
  // The link carries a token only (the API's, not Cognito's code): the address is not in it.
  expect([...link.searchParams.keys()]).toEqual(['token']);
  await page.goto(link.pathname + link.search);

  await chooseNewPassword(page, NEW_PASSWORD, `${NEW_PASSWORD}!`);
  await expect(toast(page, 'Passwords do not match.')).toBeVisible();
  await chooseNewPassword(page, 'too short');
  await expect(toast(page, 'Password must be at least 12 characters.')).toBeVisible();

  await chooseNewPassword(page, NEW_PASSWORD);
  await expect(toast(page, 'Success!')).toContainText('Your password has been updated.');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome, ${account.fullName}!`)).toBeVisible();

  // The old password is gone, the new one works.
  await signOutInBrowser(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Incorrect username or password.')).toContainText('Error');
  await signInInBrowser(page, { email: account.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('team: forgot → e-mail → reset → the designer is sent to /designer', async ({ page, runtime }) => {
  await page.goto('/team-login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/team-login\/forgot-password$/);
  await requestReset(page, runtime.seeded.designer.email);

  const link = await resetLinkFor(runtime, runtime.seeded.designer.email);
  expect(link.pathname).toBe('/team-login/reset-password');
  await page.goto(link.pathname + link.search);
  await chooseNewPassword(page, NEW_PASSWORD);
  await expect(toast(page, 'Success!')).toContainText('Your password has been updated.');
  await expect(page).toHaveURL(/\/designer$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Dana Designer' })).toBeVisible();
});

test('team flow for someone without a team role ends on /team-login', async ({ page, runtime }) => {
  const account = { fullName: 'Nico Nonteam', email: uniqueEmail('nonteam'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await page.goto('/team-login/forgot-password');
  await requestReset(page, account.email);
  const link = await resetLinkFor(runtime, account.email);
  await page.goto(link.pathname + link.search);
  await chooseNewPassword(page, NEW_PASSWORD);
  await expect(toast(page, 'Success!')).toBeVisible();
  await expect(page).toHaveURL(/\/team-login$/);
});

test('a reset link without its token says "Invalid or expired link" and goes to the forgot page after 2 s', async ({
  page,
}) => {
  await page.goto('/auth/reset-password');
  const invalid = toast(page, 'Invalid or expired link');
  await expect(invalid).toContainText('Please request a new password reset link.');
  await expect(invalid).toHaveAttribute('data-variant', 'destructive');
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await expect(page).toHaveURL(/\/auth\/forgot-password$/, { timeout: 5_000 });
});

test('a team reset link with a wrong token is refused on load and goes to the team forgot page', async ({
  page,
  runtime,
}) => {
  // A real reset request exists, but this link carries another secret for the same account.
  await page.goto('/team-login/forgot-password');
  await requestReset(page, runtime.seeded.admin.email);
  const link = await resetLinkFor(runtime, runtime.seeded.admin.email);
  const [account, secret] = link.searchParams.get('token')!.split('.') as [string, string];
  link.searchParams.set('token', `${account}.${secret.startsWith('A') ? 'B' : 'A'}${secret.slice(1)}`);
  await page.goto(link.pathname + link.search);
  await expect(toast(page, 'Invalid or expired link')).toContainText('Please request a new password reset link.');
  await expect(page.getByLabel('New Password')).toHaveCount(0);
  await expect(page).toHaveURL(/\/team-login\/forgot-password$/, { timeout: 5_000 });
});

test(
  'a replaced reset link (a newer one was sent) is refused ' + 'on load, before a password is typed, in both flows',
  async ({ page, runtime }) => {
    // Expiry after one hour is the same refusal (410) and is covered with the runtime clock in
    // tests/integration/password-reset.test.ts; this browser's runtime runs in another process.
    const account = { fullName: 'Ezra Expired', email: uniqueEmail('expired'), password: PASSWORD };
    await signUpInBrowser(page, account);
    for (const [forgot, reset] of [
      ['/auth/forgot-password', /\/auth\/forgot-password$/],
      ['/team-login/forgot-password', /\/team-login\/forgot-password$/],
    ] as const) {
      await page.goto(forgot);
      await requestReset(page, account.email);
      const older = await resetLinkFor(runtime, account.email);
      await page.getByRole('button', { name: 'Send Another Link' }).click();
      await requestReset(page, account.email);
      await expect.poll(async () => (await resetLinkFor(runtime, account.email)).href).not.toBe(older.href);
      await page.goto(older.pathname + older.search);
      await expect(toast(page, 'Invalid or expired link')).toContainText('Please request a new password reset link.');
      await expect(page.getByLabel('New Password')).toHaveCount(0);
      await expect(page).toHaveURL(reset, { timeout: 5_000 });
    }
  },
);

test('a used reset link is refused on load with the same words and goes to the forgot page', async ({
  page,
  runtime,
}) => {
  const account = { fullName: 'Uma Used', email: uniqueEmail('used'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await page.goto('/auth/forgot-password');
  await requestReset(page, account.email);
  const link = await resetLinkFor(runtime, account.email);
  await page.goto(link.pathname + link.search);
  await chooseNewPassword(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOutInBrowser(page);
  await expect(page).toHaveURL(/\/auth$/);
  // The link again: not an hour old, but spent.
  await page.goto(link.pathname + link.search);
  await expect(toast(page, 'Invalid or expired link')).toContainText('Please request a new password reset link.');
  await expect(page.getByLabel('New Password')).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth\/forgot-password$/, { timeout: 5_000 });
});

test('an unknown e-mail gets the same answer as a known one, and no e-mail', async ({ page, runtime }) => {
  const nobody = uniqueEmail('nobody');
  await page.goto('/auth/forgot-password');
  await requestReset(page, nobody);
  const { messages } = (await (await fetch(`${runtime.url}/outbox.json?to=${encodeURIComponent(nobody)}`)).json()) as {
    messages: unknown[];
  };
  expect(messages).toEqual([]);
});
