import { designerInvitationPath } from './support/designer-invite.js';
import {
  PASSWORD,
  apiFromPage,
  expect,
  idTokenOf,
  proveEmailInDialog,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
} from './support/fixtures.js';

/**
 * Issue 44 item 9, "Proof without a detour": proving the address ends every session of the account,
 * yet the session that proved it carries on with what the person was doing (it signs in again with
 * the proof's one-time answer), with no 'Sign In Again' and no password.
 */
const CLIENT_TEAM_TITLE =
  'a client proves the address while creating a team: the team is created, and only the other browser is signed out';

test(CLIENT_TEAM_TITLE, async ({ page, browser, runtime }) => {
  const owner = { fullName: 'Petra Prover', email: uniqueEmail('petra'), password: PASSWORD };
  await signUpInBrowser(page, owner);
  await signInInBrowser(page, owner);
  const elsewhere = await browser.newContext({ baseURL: runtime.url });
  const other = await elsewhere.newPage();
  await other.goto('/auth');
  await signInInBrowser(other, owner);
  const otherToken = await idTokenOf(other);
  const provingToken = await idTokenOf(page);
  await runtime.settle();

  const teamName = `Proof Studio ${Date.now().toString(36)}`;
  await page.goto('/profile?tab=team');
  await page.getByLabel('Team Name').fill(teamName);
  await page.getByRole('button', { name: 'Create Team' }).click();
  await proveEmailInDialog(page, runtime, owner);
  await expect(page.getByRole('heading', { name: teamName })).toBeVisible();
  await expect(page).toHaveURL(/\/profile/);
  // A new session (new tokens), which holds after the sessions reactor ran and after a reload.
  expect(await idTokenOf(page)).not.toBe(provingToken);
  await runtime.settle();
  await page.reload();
  await expect(page.getByRole('heading', { name: teamName })).toBeVisible();
  expect((await apiFromPage(page, 'GET', '/api/me')).status).toBe(200);

  // Every session begun before the proof is over: the old token of this browser, and the other browser.
  for (const token of [provingToken, otherToken]) {
    const refused = await fetch(`${runtime.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
  }
  await other.goto('/profile');
  await expect(other).toHaveURL(/\/auth/);
  await elsewhere.close();
});

test('a person accepting a designer invitation proves the address and carries on signed in, on /designer', async ({
  page,
  browser,
  baseURL,
  runtime,
}) => {
  const email = uniqueEmail('proving-designer');
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/auth');
  await signInInBrowser(adminPage, runtime.seeded.admin);
  expect((await apiFromPage(adminPage, 'POST', '/api/designers', { email })).status).toBe(201);
  await adminContext.close();
  await runtime.settle();

  await signUpInBrowser(page, { fullName: 'Dora Designer', email, password: PASSWORD });
  await runtime.settle();
  await signInInBrowser(page, { email, password: PASSWORD });
  await expect(page).toHaveURL(/\/dashboard$/);
  const provingToken = await idTokenOf(page);
  await page.goto(await designerInvitationPath(runtime, email));
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await proveEmailInDialog(page, runtime, { email });
  await expect(page).toHaveURL(/\/designer$/);
  expect(await idTokenOf(page)).not.toBe(provingToken);
  await runtime.settle();
  await page.reload();
  await expect(page).toHaveURL(/\/designer$/);
  expect((await apiFromPage(page, 'GET', '/api/me')).status).toBe(200);
});
