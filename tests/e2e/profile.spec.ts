import {
  PASSWORD,
  expect,
  idTokenOf,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
} from './support/fixtures.js';

test('signed out, /profile sends to /auth, with the way back in the address', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
});

test('a client edits the profile on Profile Settings and goes back to the dashboard', async ({ page, runtime }) => {
  const account = { fullName: 'Pat Profile', email: uniqueEmail('pat'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The first visit is a welcome; coming back from the profile below is a welcome back.
  await expect(page.getByText('Welcome, Pat Profile!')).toBeVisible();
  await runtime.settle();

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile & Team Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile Settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Team Management' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Pat Profile');
  await expect(page.getByLabel('Company')).toHaveValue('Studio North');
  await expect(page.getByLabel('User Type')).toHaveValue('interior_designer');

  await page.getByLabel('Full Name').fill('Patricia Profile');
  await page.getByLabel('Company').fill('Atelier South');
  await page.getByLabel('User Type').selectOption('developer');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();

  await runtime.settle();
  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Patricia Profile');
  await expect(page.getByLabel('Company')).toHaveValue('Atelier South');
  await expect(page.getByLabel('User Type')).toHaveValue('developer');

  // Team Management for a client in no team: name one.
  await page.getByRole('tab', { name: 'Team Management' }).click();
  await expect(page.getByRole('heading', { name: 'Create Your Team' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Team' })).toBeDisabled();

  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back, Patricia Profile!')).toBeVisible();
});

test("'Sign Out Everywhere' ends every session of the account, this one and another browser's", async ({
  page,
  browser,
  runtime,
}) => {
  const account = { fullName: 'Sid Sessions', email: uniqueEmail('sid'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  const elsewhere = await browser.newContext({ baseURL: runtime.url });
  const other = await elsewhere.newPage();
  await other.goto('/auth');
  await signInInBrowser(other, account);
  const otherToken = await idTokenOf(other);
  await runtime.settle();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign Out Everywhere' }).click();
  const ask = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await ask.getByRole('button', { name: 'Sign Out Everywhere' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByText('You have been signed out on every device.')).toBeVisible();

  // The other browser's token is refused by the API, whatever it still holds.
  const refused = await fetch(`${runtime.url}/api/me`, { headers: { authorization: `Bearer ${otherToken}` } });
  expect(refused.status).toBe(401);
  // Signing in again works at once.
  await page.goto('/auth');
  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  await elsewhere.close();
});
