import type { Page } from '@playwright/test';
import {
  PASSWORD,
  apiFromPage,
  clientWithProject,
  expect as baseExpect,
  signInInBrowser,
  signUpInBrowser,
  signedInPage,
  test,
  uniqueEmail,
} from './support/fixtures.js';
import { tabWithoutFocusRing } from './support/keyboard.js';

/**
 * Issue 44, items 2 and 5: what waits on each person is at the top of their dashboard with a direct
 * link; a failed load says so with 'Try again' (never an empty account); offline, a banner says so;
 * on a phone the welcome card is compact and nothing lies outside the viewport.
 */
const expect = baseExpect.configure({ timeout: 60_000 });
test.use({ actionTimeout: 60_000, navigationTimeout: 90_000 });

const DESCRIPTION =
  'A small cottage kitchen needs a new layout with an island, better storage and a brighter window wall; we would ' +
  'like ' +
  'two options drawn to scale with the existing plumbing noted, so a builder can price them before the spring. ' +
  ('Please keep the existing chimney breast, note every load-bearing wall, and show the clearances around each ' +
    'appliance.');

const brief = (title: string) => ({
  title,
  description: DESCRIPTION,
  property_type: 'single_family',
  area_sqft: 200,
  room: 'Kitchen',
  task: 'Measure',
});

/** Every visible element whose box lies (partly) outside the viewport's width. */
async function outsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      if (element.closest('[aria-hidden="true"], .amplify-visually-hidden, [role="status"]')) continue;
      if (box.left < -1 || box.right > width + 1)
        out.push(
          `${element.tagName.toLowerCase()}.${element.className}: ${Math.round(box.left)}..${Math.round(box.right)}`,
        );
    }
    return out;
  });
}

/** Every visible link or button smaller than 44 × 44 px. */
async function smallTapTargets(page: Page, scope = 'main'): Promise<string[]> {
  return page.evaluate((selector) => {
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      `${selector} a[href], ${selector} button, ${selector} select`,
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width < 44 || box.height < 44)
        small.push(
          `${element.tagName.toLowerCase()} ` +
            `"${element.textContent?.trim().slice(0, 30)}": ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return small;
  }, scope);
}

test("a failed load says 'We couldn't load your projects' with 'Try again', never an empty account", async ({
  page,
  runtime,
}) => {
  test.setTimeout(300_000);
  const client = { fullName: 'Fay Failure', email: uniqueEmail('fail'), password: PASSWORD };
  await clientWithProject(page, runtime, client, brief(`Cottage ${Date.now().toString(36)}`));
  let failing = true;
  await page.route('**/api/projects', (route) =>
    failing && route.request().method() === 'GET'
      ? route.fulfill({ status: 503, body: '{"message":"down"}' })
      : route.fallback(),
  );
  await page.goto('/dashboard');
  const problem = page.getByRole('alert').filter({ hasText: "We couldn't load your projects" });
  await expect(problem).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("You haven't submitted any projects yet")).toHaveCount(0);
  await expect(page.getByText('Start Your First Project')).toHaveCount(0);
  failing = false;
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Recent Projects' })).toBeVisible();
  await expect(problem).toHaveCount(0);
});

test('offline, a banner says so; back online, it goes', async ({ page, runtime }) => {
  test.setTimeout(300_000);
  const client = { fullName: 'Olly Offline', email: uniqueEmail('offline'), password: PASSWORD };
  await clientWithProject(page, runtime, client, brief(`Offline ${Date.now().toString(36)}`));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.context().setOffline(true);
  await expect(page.getByRole('alert').filter({ hasText: "You're offline." })).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText("You're offline.")).toHaveCount(0);
});

test("'Waiting on you' heads each dashboard with direct links: client, designer and admin", async ({
  page,
  browser,
  runtime,
}) => {
  test.setTimeout(300_000);
  const client = { fullName: 'Wren Waiting', email: uniqueEmail('waiting'), password: PASSWORD };
  const title = `Waiting ${Date.now().toString(36)}`;
  const id = await clientWithProject(page, runtime, client, brief(title));

  // The admin: an unassigned project, linked to its dialog.
  const admin = await signedInPage(browser, runtime, runtime.seeded.admin);
  await admin.goto('/admin');
  const adminWaiting = admin.getByRole('region', { name: /^Waiting on you/ });
  await expect(adminWaiting.getByRole('link', { name: `Assign a designer to ${title}` })).toBeVisible();
  const adminBox = (await adminWaiting.boundingBox())!;
  const adminHeading = (await admin.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).boundingBox())!;
  expect(adminBox.y).toBeLessThan(adminHeading.y);
  await adminWaiting.getByRole('link', { name: `Assign a designer to ${title}` }).click();
  await expect(admin.getByRole('dialog', { name: title })).toBeVisible();

  // The studio puts the project to the client's review: the client is told at the top of the dashboard.
  expect(
    (
      await apiFromPage(admin, 'PATCH', `/api/projects/${id}`, {
        designer: { designer_email: runtime.seeded.designer.email },
        status: 'needs_revision',
      })
    ).status,
  ).toBe(200);
  await runtime.settle();
  await page.goto('/dashboard');
  const waiting = page.getByRole('region', { name: /^Waiting on you/ });
  const link = waiting.getByRole('link', { name: `Review the drawings for ${title}` });
  await expect(link).toBeVisible();
  expect((await waiting.boundingBox())!.y).toBeLessThan(
    (await page.getByRole('heading', { level: 1 }).boundingBox())!.y,
  );
  await link.click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();

  // The designer, with nothing requested yet, reads that nothing waits.
  const designer = await signedInPage(browser, runtime, runtime.seeded.designer);
  await designer.goto('/designer');
  await expect(designer.getByRole('region', { name: /^Waiting on you/ })).toContainText(
    'Nothing is waiting on you right now.',
  );
});

test(
  'on a phone the welcome card is compact, the first ' + 'project shows without scrolling, nothing lies off-screen',
  async ({ browser, runtime }) => {
    test.setTimeout(300_000);
    for (const width of [360, 430]) {
      const page = await (
        await browser.newContext({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true })
      ).newPage();
      const client = { fullName: 'Pip Phone', email: uniqueEmail('phone'), password: PASSWORD };
      const title = `Phone ${width} ${Date.now().toString(36)}`;
      await clientWithProject(page, runtime, client, brief(title));
      await page.goto('/dashboard');
      const first = page
        .getByRole('region', { name: 'Recent Projects' })
        .getByRole('button', { name: new RegExp(title) });
      await expect(first).toBeVisible();
      await expect(first).toBeInViewport();
      expect(await outsideViewport(page)).toEqual([]);
      expect(await smallTapTargets(page, '.waiting-on-you')).toEqual([]);
      await page.context().close();
    }
  },
);

test("a disabled 'Next' in the wizard says why, beside it", async ({ page, runtime }) => {
  test.setTimeout(300_000);
  const client = { fullName: 'Dee Disabled', email: uniqueEmail('disabled'), password: PASSWORD };
  await clientWithProject(page, runtime, client, brief(`Disabled ${Date.now().toString(36)}`));
  await page.goto('/submit');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  const reason = page.locator('#wizard-blocked-by');
  await expect(reason).toBeVisible();
  await expect(reason).not.toHaveText('');
  await expect(next).toHaveAccessibleDescription(await reason.innerText());
});

test("'Welcome' belongs to the account: a second browser says 'Welcome back'", async ({ page, browser, runtime }) => {
  test.setTimeout(300_000);
  const client = { fullName: 'Nia Newdevice', email: uniqueEmail('device'), password: PASSWORD };
  await signUpInBrowser(page, client);
  await signInInBrowser(page, client);
  await expect(page.getByText(`Welcome, ${client.fullName}!`)).toBeVisible();
  // The visit is recorded on the account (POST /api/me/welcome), not only in this browser.
  await expect
    .poll(
      async () =>
        (await apiFromPage<{ user: { welcomed_at: string | null } }>(page, 'GET', '/api/me')).body.user.welcomed_at,
      { timeout: 60_000 },
    )
    .not.toBeNull();
  const elsewhere = await signedInPage(browser, runtime, client);
  await elsewhere.goto('/dashboard');
  await expect(elsewhere.getByText(`Welcome back, ${client.fullName}!`)).toBeVisible();
  await expect(elsewhere.getByText(`Welcome, ${client.fullName}!`)).toHaveCount(0);
});

test('the keyboard: tabbing through each client screen, the focused element always shows a focus indicator', async ({
  page,
  runtime,
}) => {
  test.setTimeout(300_000);
  const client = { fullName: 'Kai Keyboard', email: uniqueEmail('keys'), password: PASSWORD };
  await clientWithProject(page, runtime, client, brief(`Keys ${Date.now().toString(36)}`));
  for (const path of ['/dashboard', '/board', '/submit', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const unmarked = await tabWithoutFocusRing(page, path);
    expect(unmarked).toEqual([]);
  }
});

test('on a phone the admin header actions sit in a menu and the bell panel stays on screen', async ({
  browser,
  runtime,
}) => {
  test.setTimeout(300_000);
  const admin = await (
    await browser.newContext({
      baseURL: runtime.url,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    })
  ).newPage();
  await admin.goto('/auth');
  await signInInBrowser(admin, runtime.seeded.admin);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Sign Out All Designers' })).toBeHidden();
  await admin.getByText('Actions', { exact: true }).click();
  await expect(admin.getByRole('button', { name: 'Sign Out All Designers' })).toBeVisible();
  await admin.getByText('Actions', { exact: true }).click();
  expect(await smallTapTargets(admin, 'header')).toEqual([]);
  await admin.getByRole('button', { name: /^Notifications/ }).click();
  const panel = admin.locator('.notification-panel');
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await outsideViewport(admin)).toEqual([]);
});
