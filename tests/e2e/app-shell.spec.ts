import type { Page } from '@playwright/test';
import {
  PASSWORD,
  clientWithProject,
  expect,
  signInInBrowser,
  signedInPage,
  test,
  uniqueEmail,
} from './support/fixtures.js';

/**
 * Issue "The studio and its client in one workflow", item 7: on a slow connection the signed-in app
 * paints its header and layout at once, with skeletons where the data will be (busy for assistive
 * technology, with a 'Loading …' only a screen reader reads), never a page that is blank or says
 * nothing but 'Loading…'; the data then takes the skeletons' place.
 */

/** Holds every /api/* request until `release()` (or `maxMs`, so a forgotten release cannot hang the test). */
async function holdApi(page: Page, maxMs = 20_000): Promise<{ held(): number; release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((done) => {
    release = done;
  });
  let held = 0;
  await page.route('**/api/**', async (route) => {
    held += 1;
    await Promise.race([released, new Promise((done) => setTimeout(done, maxMs))]);
    await route.continue().catch(() => undefined);
  });
  return { held: () => held, release };
}

/** While the API is held: the header and its navigation, skeletons in the main area, no bare 'Loading…'. */
async function expectShellWithSkeletons(page: Page, nav: string[]) {
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Design Club home' })).toBeVisible();
  const main = banner.getByRole('navigation', { name: 'Main' });
  for (const name of nav) await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
  const skeleton = page.locator('main .skeleton[aria-busy="true"]');
  await expect(skeleton.first()).toBeVisible();
  // Said to a screen reader, not shown: the shapes are aria-hidden, the words visually hidden.
  await expect(skeleton.first().locator('.visually-hidden')).toHaveText(/^Loading /);
  await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0);
}

test('the client dashboard paints its header and skeletons at once, then the data replaces them', async ({
  page,
  runtime,
}) => {
  test.setTimeout(180_000);
  const client = { fullName: 'Sam Slowline', email: uniqueEmail('slow'), password: PASSWORD };
  const title = `Slow ${Date.now().toString(36)}`;
  await clientWithProject(page, runtime, client, {
    title,
    description:
      'A narrow galley kitchen gets a new layout with more counter space, a pantry wall and better light; we would ' +
      'like two options drawn to scale, with the existing plumbing and the load-bearing walls noted for the builder. ' +
      'Please keep the window where it is and show the clearances around every appliance, please.',
    property_type: 'single_family',
    area_sqft: 140,
    room: 'Kitchen',
    task: 'Measure',
  });
  const api = await holdApi(page);
  await page.goto('/dashboard');
  await expectShellWithSkeletons(page, ['Dashboard', 'Submit', 'Board']);
  // The shell paints before the first request leaves (the session is read first): wait for one.
  await expect.poll(() => api.held()).toBeGreaterThan(0);
  await expect(page.getByText(title)).toHaveCount(0);
  api.release();
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);

  // The board too: four columns of shapes, then the columns.
  const board = await holdApi(page);
  await page.goto('/board');
  await expectShellWithSkeletons(page, ['Dashboard', 'Submit', 'Board']);
  await expect(page.locator('main .skeleton--board')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Project Board', level: 1 })).toBeVisible();
  board.release();
  await expect(page.getByRole('button', { name: title })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
});

test("the admin's and the designer's dashboards paint their header and skeletons before the API answers", async ({
  page,
  browser,
  runtime,
}) => {
  test.setTimeout(180_000);
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);
  const admin = await holdApi(page);
  await page.goto('/admin');
  await expectShellWithSkeletons(page, ['Admin', 'Board', 'Designers']);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  admin.release();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);

  // The designer's screen first asks the server whether they may work here (POST /api/designers/link).
  const designer = await signedInPage(browser, runtime, runtime.seeded.designer);
  const held = await holdApi(designer);
  await designer.goto('/designer');
  await expectShellWithSkeletons(designer, ['My Projects', 'Board']);
  await expect(designer.getByRole('heading', { name: /^Welcome back/ })).toHaveCount(0);
  held.release();
  await expect(designer.getByRole('heading', { name: /^Welcome back/, level: 1 })).toBeVisible();
  await expect(designer.locator('main [aria-busy="true"]')).toHaveCount(0);
  await designer.context().close();
});

test("while a signed-in screen's code loads, its shell is painted: the header with the role's navigation", async ({
  page,
  runtime,
}) => {
  test.setTimeout(120_000);
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);
  // A fresh load of the board whose own code (and Amplify UI's) is slow to arrive.
  let release!: () => void;
  const released = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\/assets\/(route-board|chunk-AmplifyShell|chunk-amplify-ui)-[^/]*\.js$/, async (route) => {
    await Promise.race([released, new Promise((done) => setTimeout(done, 20_000))]);
    await route.continue().catch(() => undefined);
  });
  await page.goto('/board');
  await expectShellWithSkeletons(page, ['Admin', 'Board', 'Designers']);
  await expect(page.getByRole('heading', { name: 'Project Board' })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: 'Project Board', level: 1 })).toBeVisible();
  await expect(page.locator('.shell-skeleton')).toHaveCount(0);
});

test('before any script arrives, the page already shows the studio and, if it lasts, says that it loads', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A connection on which every script is slow (the entry's stylesheet is 2 KB; the scripts are the wait):
  // what paints comes from the HTML alone.
  let release!: () => void;
  const released = new Promise<void>((done) => {
    release = done;
  });
  let held = 0;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    held += 1;
    await Promise.race([released, new Promise((done) => setTimeout(done, 30_000))]);
    await route.continue().catch(() => undefined);
  });
  await page.goto('/', { waitUntil: 'commit' });
  const boot = page.locator('#root > .boot[aria-busy="true"]');
  await expect(boot.getByText('Design Club', { exact: true })).toBeVisible();
  await expect.poll(() => held).toBeGreaterThan(0);
  // Quiet for its first second, then said in words, not a bare 'Loading…'.
  await expect(page.getByRole('status')).toHaveText('Loading Design Club…');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(boot).toHaveCount(0);
});
