import {
  PASSWORD,
  apiFromPage,
  expect,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
} from './support/fixtures.js';

test('plan dialog → local checkout → signed webhook → subscribed → success dialog → Manage Plan', async ({
  page,
  context,
}) => {
  const account = { fullName: 'Paige Plans', email: uniqueEmail('billing'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);

  // 'Join Design Club' words the limits as the plan dialog does.
  await page.getByRole('button', { name: 'View Premium Plans (Optional)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join Design Club' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Starter' })).toContainText(
    '1 active design planning request with unlimited edits',
  );
  await expect(dialog.getByRole('region', { name: 'Starter' })).toContainText('$500/month');
  const pro = dialog.getByRole('region', { name: 'Designer Pro' });
  await expect(pro).toContainText('Up to 3 active requests with unlimited edits');
  await expect(pro).toContainText('Most Popular');
  await expect(pro).toContainText('$1,499/month');

  // Checkout opens in a new tab, on the local provider's checkout page.
  const [checkout] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: 'Choose Starter' }).click(),
  ]);
  await checkout.waitForURL(/\/local-billing\/checkout\/cs_local_/);
  await expect(checkout.getByRole('heading', { name: 'Subscribe to Design Club Starter' })).toBeVisible();
  await expect(checkout.getByText(account.email)).toBeVisible();

  // Paying delivers signed webhook events to /api/billing/webhook, then returns to /dashboard?success=true,
  // which shows the success dialog and rewrites the address to /dashboard.
  const returned = checkout.waitForURL(/\/dashboard\?success=true$/);
  await checkout.getByRole('button', { name: 'Subscribe and pay $500.00' }).click();
  await returned;
  const success = checkout.getByRole('dialog', { name: 'Welcome to Design Club!' });
  await expect(success).toBeVisible();
  await expect(checkout).toHaveURL(/\/dashboard$/);
  await expect(success.locator('[data-confetti-piece]')).toHaveCount(150);

  const subscription = await apiFromPage<{ subscribed: boolean; plan_name: string; tier: string; status: string }>(
    checkout,
    'GET',
    '/api/billing/subscription',
  );
  expect(subscription.body).toMatchObject({
    subscribed: true,
    plan_name: 'Starter',
    tier: 'starter',
    status: 'active',
  });

  await success.getByRole('button', { name: 'Go to My Dashboard' }).click();
  await expect(success).toBeHidden();
  await expect(checkout).toHaveURL(/\/dashboard$/);
  await expect(checkout.getByRole('button', { name: 'Manage Plan' })).toBeVisible();
  await expect(checkout.getByRole('button', { name: 'View Premium Plans (Optional)' })).toHaveCount(0);

  // A reload of /dashboard does not show the dialog again.
  await checkout.reload();
  await expect(checkout.getByRole('button', { name: 'Manage Plan' })).toBeVisible();
  await expect(checkout.getByRole('dialog', { name: 'Welcome to Design Club!' })).toBeHidden();

  // 'Manage Plan' opens the provider's portal in a new tab; canceling there reaches the app the same way.
  const [portal] = await Promise.all([
    context.waitForEvent('page'),
    checkout.getByRole('button', { name: 'Manage Plan' }).click(),
  ]);
  await portal.waitForURL(/\/local-billing\/portal\/bps_local_/);
  await expect(portal.getByRole('heading', { name: 'Manage your Design Club plan' })).toBeVisible();
  await portal.getByRole('button', { name: 'Cancel now' }).click();
  await expect(portal.getByRole('status')).toHaveText('Your subscription was canceled.');
  await expect
    .poll(
      async () =>
        (await apiFromPage<{ subscribed: boolean }>(checkout, 'GET', '/api/billing/subscription')).body.subscribed,
    )
    .toBe(false);
  await portal.getByRole('link', { name: 'Return to Design Club' }).click();
  await expect(portal).toHaveURL(/\/dashboard$/);
  await expect(portal.getByRole('button', { name: 'View Premium Plans (Optional)' })).toBeVisible();
});

test('signed out, checkout from the pricing page goes to /auth', async ({ page, context }) => {
  await page.goto('/pricing');
  let opened = false;
  context.on('page', () => {
    opened = true;
  });
  await page.locator('#pricing').getByRole('button', { name: 'Choose Designer Pro' }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fpricing$/);
  expect(opened).toBe(false);
});

test('a /dashboard?success=true visit while signed out signs in first, then shows the success dialog', async ({
  page,
}) => {
  const account = { fullName: 'Rory Return', email: uniqueEmail('return'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await page.goto('/dashboard?success=true');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard%3Fsuccess%3Dtrue$/);
  await signInInBrowser(page, account);
  await expect(page.getByRole('dialog', { name: 'Welcome to Design Club!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Close dialog' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome to Design Club!' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'View Premium Plans (Optional)' })).toBeVisible();
});
