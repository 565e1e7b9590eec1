import type { Page } from '@playwright/test';
import { acceptDesignerInvitation } from './support/designer-invite.js';
import {
  PASSWORD,
  apiFromPage,
  createTeamInBrowser,
  expect,
  signInInBrowser,
  signOutInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
} from './support/fixtures.js';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function teamSignIn(page: Page, credentials: { email: string; password: string }) {
  await page.goto('/team-login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('the team login links to its forgot page and to the client login', async ({ page }) => {
  await page.goto('/team-login');
  await expect(page.getByRole('heading', { name: 'Team Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/team-login/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Go to the client login' })).toHaveAttribute('href', '/auth');
});

test('a client is refused at /team-login with "Access Denied" and signed out', async ({ page }) => {
  const account = { fullName: 'Cleo Client', email: uniqueEmail('cleo'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await teamSignIn(page, account);
  const denied = toast(page, 'Access Denied');
  await expect(denied).toBeVisible();
  await expect(denied).toContainText('Please use the client login page to access your account.');
  await expect(denied).toHaveAttribute('data-variant', 'destructive');
  await expect(page).toHaveURL(/\/team-login$/);
  expect(
    await page.evaluate(() =>
      Object.keys({ ...localStorage, ...sessionStorage }).some((key) => key.endsWith('.idToken')),
    ),
  ).toBe(false);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the admin is welcomed and sent to /admin', async ({ page, runtime }) => {
  await teamSignIn(page, runtime.seeded.admin);
  await expect(toast(page, 'Welcome back, Admin!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
});

test('the designer is welcomed and sent to /designer', async ({ page, runtime }) => {
  await teamSignIn(page, runtime.seeded.designer);
  await expect(toast(page, 'Welcome back, Designer!')).toBeVisible();
  await expect(page).toHaveURL(/\/designer$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Dana Designer' })).toBeVisible();
});

test("an active team admin lands on their profile's Team, told why, never at a refusing /admin", async ({
  page,
  runtime,
}) => {
  const account = { fullName: 'Tara Teamlead', email: uniqueEmail('teamlead'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  await createTeamInBrowser(page, runtime, account, 'Studio Tara');
  await signOutInBrowser(page);

  await teamSignIn(page, account);
  const welcome = toast(page, 'Welcome back!');
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText("You're your team's admin: manage your team here, under Team.");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Welcome back, Admin!')).toHaveCount(0);
  await expect(page.getByText(/Access denied/)).toHaveCount(0);
  // /admin's own check still applies: a team role grants no system rights.
  await page.goto('/admin');
  await expect(toast(page, 'Access denied. Admin privileges required.')).toBeVisible();
});

test('a pre-authorised designer signing in at /team-login is welcomed; once removed, /designer refuses them', async ({
  page,
  browser,
  baseURL,
  runtime,
}) => {
  const email = uniqueEmail('team-designer');
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await teamSignIn(adminPage, runtime.seeded.admin);
  await expect(adminPage).toHaveURL(/\/admin$/);
  expect((await apiFromPage(adminPage, 'POST', '/api/designers', { email })).status).toBe(201);
  await runtime.settle();

  await signUpInBrowser(page, { fullName: 'Pia Preauth', email, password: PASSWORD });
  // The invitation link proves the address (in another browser, signed in with it), then the team login welcomes her.
  const linkContext = await browser.newContext({ baseURL });
  const linkPage = await linkContext.newPage();
  await linkPage.goto('/auth');
  await signInInBrowser(linkPage, { email, password: PASSWORD });
  await acceptDesignerInvitation(linkPage, runtime, email);
  await linkContext.close();
  await teamSignIn(page, { email, password: PASSWORD });
  await expect(toast(page, 'Welcome back, Designer!')).toBeVisible();
  await expect(page).toHaveURL(/\/designer$/);

  expect((await apiFromPage(adminPage, 'DELETE', `/api/designers/${encodeURIComponent(email)}`)).status).toBe(200);
  await runtime.settle();
  await adminContext.close();
  // Removing the authorisation ended her sessions (issue 34): she is sent to sign in again, and then
  // /designer refuses her.
  await page.goto('/designer');
  await expect(page).toHaveURL(/\/(team-login|auth)/);
  // Token times are whole seconds: the next sign-in must be in a later second than the removal.
  await page.waitForTimeout(1_100);
  await page.goto('/auth');
  await signInInBrowser(page, { email, password: PASSWORD });
  await page.goto('/designer');
  await expect(toast(page, 'Access denied. Designer privileges required.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the team password must have at least 6 characters', async ({ page, runtime }) => {
  await teamSignIn(page, { email: runtime.seeded.admin.email, password: '12345' });
  await expect(toast(page, 'Password must be at least 6 characters.')).toBeVisible();
  await expect(page).toHaveURL(/\/team-login$/);
});

test('a wrong password shows the service message in an error toast', async ({ page, runtime }) => {
  await teamSignIn(page, { email: runtime.seeded.admin.email, password: 'not the password' });
  const error = toast(page, 'Error');
  await expect(error).toContainText('Incorrect username or password.');
  await expect(error).toHaveAttribute('data-variant', 'destructive');
});
