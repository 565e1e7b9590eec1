import { PASSWORD, expect, signInInBrowser, signUpInBrowser, test, uniqueEmail } from './support/fixtures.js';

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
    await expect(page).toHaveURL(/\/auth$/);
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

test('without "Stay signed in" the session lives in sessionStorage, and sign-out forgets the choice', async ({ page }) => {
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

  // The preference is re-applied on a reload: still signed in from sessionStorage.
  await page.reload();
  await expect(page.getByText('Welcome back, Sam Session!')).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_preference'))).toBeNull();
  expect(await page.evaluate(() => Object.keys(sessionStorage).some((key) => key.endsWith('.idToken')))).toBe(false);
});

test('a signed-in client opening /auth goes to the dashboard; an invite token goes to /invite-signup', async ({ page }) => {
  const account = { fullName: 'Riley Redirect', email: uniqueEmail('redirect'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/auth?redirect=%2Faccept-invite%3Ftoken%3Dabc123');
  await expect(page).toHaveURL(/\/invite-signup\?token=abc123$/);
});

test('the seeded designer signs in on /auth and lands on /designer', async ({ page, runtime }) => {
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.designer);
  await expect(page).toHaveURL(/\/designer$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/designer$/);
});
