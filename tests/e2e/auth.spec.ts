import { acceptDesignerInvitation } from './support/designer-invite.js';
import {
  PASSWORD,
  apiFromPage,
  expect,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
  signOutInBrowser,
} from './support/fixtures.js';

test('sign-up refuses a password shorter than 12 characters', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Full Name').fill('Short Password');
  await page.getByLabel('Email').fill(uniqueEmail('short'));
  await page.getByLabel('Password').fill('elevenchars');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Password must be at least 12 characters.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
});

test('signed-out visitors to client screens are sent to /auth', async ({ page }) => {
  for (const path of ['/dashboard', '/board']) {
    await page.goto(path);
    await expect(page).toHaveURL(
      path === '/dashboard' ? /\/auth$/ : new RegExp(`/auth\\?redirect=${encodeURIComponent(path)}$`),
    );
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  }
});

test('a failed sign-in shows the service message in an error toast', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('NotTheRightPassword1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Error' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(page).toHaveURL(/\/auth$/);
});

test('without "Stay signed in" the session lives in sessionStorage, and sign-out forgets the choice', async ({
  page,
}) => {
  const account = { fullName: 'Sam Session', email: uniqueEmail('session'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account, { staySignedIn: false });
  await expect(page).toHaveURL(/\/dashboard$/);

  const stored = await page.evaluate(() => ({
    preference: localStorage.getItem('auth_preference'),
    inLocal: Object.keys(localStorage).some((key) => key.endsWith('.idToken')),
    inSession: Object.keys(sessionStorage).some((key) => key.endsWith('.idToken')),
  }));
  expect(stored).toEqual({ preference: 'session', inLocal: false, inSession: true });

  // The preference is re-applied on a reload: still signed in from sessionStorage (and, the first
  // visit greeted, the dashboard now says welcome back).
  await expect(page.getByText('Welcome, Sam Session!')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Welcome back, Sam Session!')).toBeVisible();

  await signOutInBrowser(page);
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_preference'))).toBeNull();
  expect(await page.evaluate(() => Object.keys(sessionStorage).some((key) => key.endsWith('.idToken')))).toBe(false);
});

test('a signed-in client opening /auth goes to the dashboard; an invite token goes to /invite-signup', async ({
  page,
}) => {
  const account = { fullName: 'Riley Redirect', email: uniqueEmail('redirect'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);

  // /auth sends the invite to /invite-signup, which passes a signed-in user straight on to /accept-invite.
  const invited = page.waitForURL(/\/invite-signup\?token=abc123$/);
  await page.goto('/auth?redirect=%2Faccept-invite%3Ftoken%3Dabc123');
  await invited;
});

test('the seeded designer signs in on /auth and lands on /designer', async ({ page, runtime }) => {
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.designer);
  await expect(page).toHaveURL(/\/designer$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/designer$/);
});

test('sign-up then sign-in: a client lands on /dashboard', async ({ page }) => {
  const account = { fullName: 'Dana Dashboard', email: uniqueEmail('dash'), password: PASSWORD };
  await signUpInBrowser(page, account);
  // After sign-up the form is back in sign-in mode.
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A brand-new account's first visit is welcomed, not welcomed back (issue 36).
  await expect(page.getByText(`Welcome, ${account.fullName}!`)).toBeVisible();
});

test('sign-in with a redirect returns to the screen that asked for it', async ({ page }) => {
  const account = { fullName: 'Rory Return', email: uniqueEmail('return'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await page.goto('/auth?redirect=%2Fboard');
  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/board$/);
  await expect(page.getByRole('heading', { name: 'Project Board' })).toBeVisible();
});

test('a guarded screen sends a signed-out visitor to /auth and back after sign-in', async ({ page }) => {
  const account = { fullName: 'Gale Guarded', email: uniqueEmail('guarded'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await page.goto('/board');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fboard$/);
  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/board$/);
});

test('"Stay signed in" off: a new browser context (a browser restart) is signed out; on: it stays signed in', async ({
  page,
  browser,
  baseURL,
}) => {
  const account = { fullName: 'Tess Transient', email: uniqueEmail('transient'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account, { staySignedIn: false });
  await expect(page).toHaveURL(/\/dashboard$/);

  // A new context gets what a restarted browser keeps: cookies and localStorage, never sessionStorage.
  const restarted = await browser.newContext({ baseURL, storageState: await page.context().storageState() });
  const after = await restarted.newPage();
  await after.goto('/dashboard');
  await expect(after).toHaveURL(/\/auth$/);
  await expect(after.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await restarted.close();

  // With the box checked, the same restart keeps the session.
  await signOutInBrowser(page);
  await expect(page).toHaveURL(/\/auth$/);
  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  const kept = await browser.newContext({ baseURL, storageState: await page.context().storageState() });
  const again = await kept.newPage();
  await again.goto('/dashboard');
  await expect(again.getByText(`Welcome back, ${account.fullName}!`)).toBeVisible();
  await kept.close();
});

test(
  'a designer pre-authorised by e-mail signs up on /auth, ' + 'follows the invitation link and lands on /designer',
  async ({ page, browser, baseURL, runtime }) => {
    const email = uniqueEmail('invited-designer');
    // The admin adds the e-mail (designer management's API), from a separate browser.
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/auth');
    await signInInBrowser(adminPage, runtime.seeded.admin);
    const added = await apiFromPage<{ message: string }>(adminPage, 'POST', '/api/designers', { email });
    expect(added).toMatchObject({ status: 201, body: { message: 'Designer can now register with this email' } });
    await adminContext.close();
    await runtime.settle();

    await signUpInBrowser(page, { fullName: 'Ines Invited', email, password: PASSWORD });
    await runtime.settle();
    // Signing up with the address proves nothing: a client until the link (only the mailbox has it) is followed.
    await signInInBrowser(page, { email, password: PASSWORD });
    await expect(page).toHaveURL(/\/dashboard$/);
    await acceptDesignerInvitation(page, runtime, email);
    await expect(page.getByRole('heading', { name: /Welcome back, Ines Invited/ })).toBeVisible();
  },
);

test("signing up with an upper-case copy of a registered address is refused with the trigger's message", async ({
  page,
  runtime,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Full Name').fill('Mallory Copy');
  await page.getByLabel('Email').fill(runtime.seeded.designer.email.toUpperCase());
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const refused = page.getByRole('status').filter({ hasText: 'An account with this email already exists.' });
  await expect(refused).toBeVisible();
  await expect(refused).toHaveAttribute('data-variant', 'destructive');
});
