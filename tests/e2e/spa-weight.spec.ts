import type { Page } from '@playwright/test';
import { PASSWORD, expect, signInInBrowser, signUpInBrowser, test, uniqueEmail } from './support/fixtures.js';

/**
 * What a visitor's browser fetches. The landing page is most visitors' first screen: it must come
 * without Amplify UI (its components, styles and theme) and, for someone who never signed in on this
 * device, without the auth library. The screens behind it bring both.
 */

/** Marks of Amplify UI in a script or stylesheet: its class names, CSS variables and theme attribute. */
const AMPLIFY_UI = /amplify-(button|flex|text|heading|field|card)|--amplify-|data-amplify-theme/;
/** A mark of the Amplify auth library (its token store's key prefix). */
const AMPLIFY_AUTH = 'CognitoIdentityServiceProvider';

/** Records every script and stylesheet the page fetches, with its body. */
function recordAssets(page: Page) {
  const bodies: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/\.(js|css)$/.test(path))
      bodies.push(
        response.text().then(
          (body) => ({ url: path, body }),
          () => ({ url: path, body: '' }),
        ),
      );
  });
  return () => Promise.all(bodies);
}

/** Lets the page finish what it starts once idle (the session read after the first paint). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise<void>((done) => requestIdleCallback(() => setTimeout(done, 300), { timeout: 2_000 })),
  );
  await page.waitForLoadState('networkidle');
}

test('a first visit to the landing page loads neither Amplify UI nor the auth library', async ({ page }) => {
  const assets = recordAssets(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settle(page);
  const loaded = await assets();
  // The entry and the landing route are among them, so the check below looks at real code.
  expect(loaded.map((asset) => asset.url)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/assets\/index-.*\.js$/),
      expect.stringMatching(/^\/assets\/route-landing-.*\.js$/),
    ]),
  );
  expect(loaded.filter((asset) => AMPLIFY_UI.test(asset.body)).map((asset) => asset.url)).toEqual([]);
  expect(loaded.filter((asset) => asset.body.includes(AMPLIFY_AUTH)).map((asset) => asset.url)).toEqual([]);
  await expect(page.locator('[data-amplify-theme]')).toHaveCount(0);
});

test(
  '/auth and the signed-in screens are built from Amplify UI; a signed-in visitor back on the landing page is ' +
    'recognised',
  async ({ page }) => {
    const assets = recordAssets(page);
    await page.goto('/auth');
    await expect(page.locator('[data-amplify-theme="design-club"]')).toBeVisible();
    // Amplify UI's button in the brand's theme: indigo primary (not Amplify's teal), extra-bold
    // headings in the brand's typeface.
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    await expect(signIn).toHaveClass(/amplify-button/);
    await expect(signIn).toHaveCSS('background-color', 'rgb(67, 56, 202)');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-weight', '800');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-family', /^"Plus Jakarta Sans Variable"/);
    const account = { fullName: 'Wendy Weight', email: uniqueEmail(), password: PASSWORD };
    await signUpInBrowser(page, account);
    await signInInBrowser(page, account);
    await page.waitForURL('**/dashboard');
    await expect(page.locator('[data-amplify-theme="design-club"]')).toBeVisible();
    await expect(page.getByText('Welcome, Wendy Weight!')).toBeVisible();
    const loaded = await assets();
    expect(loaded.some((asset) => AMPLIFY_UI.test(asset.body))).toBe(true);
    expect(loaded.some((asset) => asset.body.includes(AMPLIFY_AUTH))).toBe(true);

    // Back on the landing page, the header learns from Amplify who is signed in.
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

    // Our hint is only a shortcut for the landing and sign-in pages: without it (a session from
    // before it existed), a signed-in screen still asks Amplify, keeps the session and sets the hint.
    await page.evaluate(() => localStorage.removeItem('dc_signed_in_before'));
    await page.goto('/dashboard');
    await expect(page.getByText('Welcome back, Wendy Weight!')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('dc_signed_in_before'))).toBe('1');
  },
);
