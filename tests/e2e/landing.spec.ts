import { expect, test } from './support/fixtures.js';

test('the landing page shows every section in order, with the spec texts', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    'How It Works',
    'Our Work in Action',
    'Why Subscription Design',
    'Built for the people who build',
    'Simple, flat monthly plans',
    'Ready to start your next project?',
  ]);

  // How It Works: three steps.
  for (const step of ['Submit Your Project', 'AI-Powered Checklist', 'Download & Deliver']) {
    await expect(main.getByRole('heading', { level: 3, name: step })).toBeVisible();
  }
  // Why Subscription Design and the audience cards.
  for (const title of [
    'Fast Turnarounds',
    'Predictable Pricing',
    'Full Online Workflow',
    'Architects',
    'Builders & Contractors',
    'Investors & Developers',
  ]) {
    await expect(main.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
  }

  // Pricing as the landing page words it.
  const pricing = page.locator('#pricing');
  const starter = pricing.getByRole('article', { name: 'Starter' });
  await expect(starter).toContainText('$500/month');
  await expect(starter).toContainText('Up to 2 active projects');
  await expect(starter).toContainText('Dashboard support (no email support)');
  const pro = pricing.getByRole('article', { name: 'Designer Pro' });
  await expect(pro).toContainText('Most Popular');
  await expect(pro).toContainText('$1,499/month');
  await expect(pro).toContainText('Up to 4 active projects');
  await expect(pro).toContainText('Concierge email support');

  // The Additional Information accordion.
  await expect(pricing.getByRole('heading', { name: 'Additional Information' })).toBeVisible();
  await expect(pricing.getByText('Engineer stamping and calculations')).toBeHidden();
  await pricing.getByText("What's NOT Included").click();
  for (const line of [
    'Engineer stamping and calculations',
    'City submission and expediter fees',
    'As-built surveys',
    'Custom software',
  ]) {
    await expect(pricing.getByText(line)).toBeVisible();
  }
  await pricing.getByText('User Friendly Company Policies').click();
  await expect(pricing.getByText('First-week 100% refund')).toBeVisible();

  // Footer.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Plans' })).toHaveAttribute('href', '/pricing');
  await expect(footer.getByRole('link', { name: 'Dashboard Login' })).toHaveAttribute('href', '/auth');
  await expect(footer.getByRole('link', { name: 'Support' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  for (const network of ['Instagram', 'LinkedIn', 'Facebook', 'YouTube']) {
    await expect(footer.getByRole('link', { name: `Design Club on ${network}` })).toBeVisible();
  }
});

test('the carousel shows the 4 sample cards twice, moving, with images served by the site', async ({ page }) => {
  await page.goto('/');
  const carousel = page.locator('.lp-carousel');
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.locator('.lp-carousel__item')).toHaveCount(8);
  // The second set is a visual copy: assistive technology and the keyboard meet each card once.
  await expect(carousel.getByRole('article')).toHaveCount(4);
  await expect(carousel.getByRole('button', { name: 'View Sample' })).toHaveCount(4);
  for (const category of ['Material Board', 'Permit Set', 'Presentation', 'Rendering']) {
    await expect(carousel.getByRole('article').filter({ hasText: category })).toHaveCount(1);
  }
  const sources = await carousel
    .locator('img')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src')));
  expect(new Set(sources)).toEqual(
    new Set([
      '/samples/material-board.svg',
      '/samples/permit-set.svg',
      '/samples/presentation.svg',
      '/samples/rendering.svg',
    ]),
  );
  for (const source of new Set(sources)) {
    const response = await page.request.get(source!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
  }

  const track = carousel.locator('.lp-carousel__track');
  await expect(track).toHaveCSS('animation-name', 'lp-carousel-scroll');
  const offset = () => track.evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).m41);
  const before = await offset();
  await page.mouse.move(0, 0);
  await expect.poll(offset).not.toBe(before);

  // The Pause button stops it.
  await carousel.getByRole('button', { name: 'Pause carousel' }).click();
  await expect(track).toHaveCSS('animation-play-state', 'paused');
  await expect(carousel.getByRole('button', { name: 'Play carousel' })).toHaveAttribute('aria-pressed', 'true');

  // 'View Sample' opens the sample at a larger size, on the same page (issue 36).
  const url = page.url();
  await carousel.getByRole('button', { name: 'View Sample' }).first().click();
  expect(page.url()).toBe(url);
  const viewer = page.getByRole('dialog', { name: 'Coastal Kitchen Palette' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img', { name: /^Illustration of a material board/ })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close sample' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('with reduced motion the carousel stands still and shows each card once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const track = page.locator('.lp-carousel__track');
  await expect(track).toHaveCSS('animation-name', 'none');
  await expect(page.locator('.lp-carousel__item:visible')).toHaveCount(4);
});

test('the header anchors lead to How It Works and Pricing; the header changes its look after 50 px', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  const topBackground = await header.evaluate((element) => getComputedStyle(element).backgroundColor);

  await page.evaluate(() => window.scrollTo(0, 40));
  await page.waitForTimeout(100);
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo(0, 60));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect
    .poll(() => header.evaluate((element) => getComputedStyle(element).backgroundColor))
    .not.toBe(topBackground);
  await expect(header).toHaveCSS('box-shadow', /rgba/);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-scrolled', 'false');

  await header.getByRole('link', { name: 'How It Works' }).click();
  await expect(page).toHaveURL(/\/#how-it-works$/);
  await expect(page.locator('#how-it-works').getByRole('heading', { name: 'How It Works' })).toBeInViewport();
  await expect(header).toHaveAttribute('data-scrolled', 'true');

  await header.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await expect(page.locator('#pricing').getByRole('heading', { name: 'Simple, flat monthly plans' })).toBeInViewport();

  await page.getByRole('link', { name: 'Explore Plans' }).click();
  await expect(page.locator('#pricing')).toBeInViewport();
});

test('/pricing shows the same page, opened at the plans', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
  await expect(page.locator('#pricing').getByRole('article', { name: 'Designer Pro' })).toBeInViewport();
});

test('signed out, Start My Project, Sign In and a plan choice all go to /auth', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Start My Project' }).first().click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/');
  await page.getByRole('button', { name: 'Choose Starter' }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fpricing$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('on a phone the page fits the screen and keeps the header usable', async ({ browser, runtime }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    baseURL: runtime.url,
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  for (const name of ['How It Works', 'Pricing', 'Sign In', 'Start My Project'])
    await expect(header.getByRole('link', { name })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});
