import type { Page } from '@playwright/test';
import type { ListDesignersResponse } from '../../functions/features/designers/contracts.js';
import type { ProjectResponse } from '../../functions/features/projects/contracts.js';
import {
  PASSWORD,
  apiFromPage,
  expect,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
} from './support/fixtures.js';

/** Designer management (docs/product.md#screens /admin/designer-management, §5 'Add designer', §8) in Chromium. */

const DESCRIPTION =
  'A detached garage becomes a 480 sq ft accessory dwelling unit with a kitchenette, a bathroom with a walk-in ' +
  'shower, ' +
  'and a sleeping loft. The slab stays; the roof is re-framed for the loft and two skylights. We need a layout that ' +
  'meets egress and keeps the existing side door, plus a finish palette in light oak and white.';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('an admin adds designers (every outcome), deactivates, reactivates and deletes them', async ({
  page,
  browser,
  runtime,
}) => {
  // Every outcome of Designer Management in one walk (some forty steps): a minute is too tight on a busy machine.
  test.setTimeout(150_000);
  // A client with a project, whose e-mail is taken by a client account.
  const clientContext = await browser.newContext({ baseURL: runtime.url });
  const clientPage = await clientContext.newPage();
  const client = { fullName: 'Clara Client', email: uniqueEmail('dm-client'), password: PASSWORD };
  await signUpInBrowser(clientPage, client);
  await signInInBrowser(clientPage, client);
  // Designer Management is for admins only.
  await clientPage.goto('/admin/designer-management');
  await expect(clientPage).toHaveURL(/\/dashboard$/);
  const projectIds: string[] = [];
  for (const title of ['Garage ADU', 'Attic study']) {
    const created = await apiFromPage<ProjectResponse>(clientPage, 'POST', '/api/projects', {
      title,
      project_category: 'Design',
      project_type: 'ADU / Addition Design',
      property_type: 'adu',
      deliverables: ['ADU / Addition Floor Plan'],
      description: DESCRIPTION,
      design_priority: [],
      area_sqft: 480,
      existing_plans: true,
      permit_needs: null,
      room_selection: [],
      room_notes: null,
      inspiration_links: [],
      checklist: [{ task_name: 'Egress study', estimated_hours: 2 }],
      grok_generated: true,
    });
    expect(created.status).toBe(201);
    projectIds.push(created.body.project.id);
  }
  await clientContext.close();

  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);
  await page.goto('/admin');
  // The header's initials are the profile's (Avery Admin), on the admin screens as on the dashboard.
  await expect(page.getByRole('button', { name: 'Profile settings (AA)' })).toBeVisible();
  await page.getByRole('link', { name: 'Designer Management' }).click();
  await expect(page.getByRole('button', { name: 'Profile settings (AA)' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/designer-management$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Designer Management' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to Admin Dashboard/ })).toHaveAttribute('href', '/admin');

  const table = page.getByRole('table', { name: 'Designers' });
  await expect(table.getByRole('columnheader')).toHaveText(['Designer', 'Status', 'Active Projects', 'Actions']);
  const row = (email: string) => table.getByRole('row').filter({ hasText: email });
  const seeded = runtime.seeded.designer.email;
  const { body: listed } = await apiFromPage<ListDesignersResponse>(page, 'GET', '/api/designers');
  const seededId = listed.designers.find((d) => d.email === seeded)!.user_id!;
  await expect(row(seeded)).toContainText('Active');
  await expect(row(seeded)).toContainText('0 projects');
  // The designer by name, the e-mail beneath; the account id only behind 'Details'.
  await expect(row(seeded).getByRole('cell').first()).toContainText('Dana Designer');
  await expect(row(seeded).getByRole('cell').first()).toContainText(seeded);
  await expect(row(seeded).getByRole('cell').first()).not.toContainText(seededId, { useInnerText: true });
  await row(seeded).getByText('Details', { exact: true }).click();
  await expect(row(seeded).getByRole('cell').first()).toContainText(seededId, { useInnerText: true });

  // Add: the spec's validation, then the three 'already has a role' outcomes.
  const field = page.getByLabel('Designer email');
  const addButton = page.getByRole('button', { name: 'Add Designer' });
  await field.press('Enter');
  await expect(toast(page, 'Please enter an email address')).toBeVisible();
  await field.fill('not-an-email');
  await addButton.click();
  await expect(toast(page, 'Please enter a valid email address')).toBeVisible();
  await field.fill(seeded.toUpperCase());
  await field.press('Enter');
  await expect(toast(page, 'This email is already registered as a designer')).toBeVisible();
  await field.fill(runtime.seeded.admin.email);
  await field.press('Enter');
  await expect(
    toast(page, 'This email belongs to a registered admin account. Please use a different email.'),
  ).toBeVisible();
  await field.fill(client.email);
  await field.press('Enter');
  await expect(
    toast(page, 'This email belongs to a registered client or user account. Please use a different email.'),
  ).toBeVisible();

  // A new e-mail: 'Adding...' while busy, lower-cased, pre-authorised (no account yet).
  const fresh = uniqueEmail('new-designer');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/designers', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await field.fill(`  ${fresh.toUpperCase()} `);
  await field.press('Enter');
  await expect(page.getByRole('button', { name: 'Adding...' })).toBeDisabled();
  release();
  await expect(toast(page, 'Designer can now register with this email')).toBeVisible();
  // …and says what really starts the role: the invitation's link.
  await expect(toast(page, `An invitation was sent to ${fresh}`)).toBeVisible();
  await page.unroute('**/api/designers');
  await expect(field).toHaveValue('');
  await expect(row(fresh)).toContainText('Pre-authorized');
  await expect(row(fresh)).toContainText('Active');

  // Active projects, singular and plural.
  await expect(row(fresh)).toContainText('0 projects');
  expect(
    (await apiFromPage(page, 'POST', '/api/projects/bulk', { ids: projectIds.slice(0, 1), designer: fresh })).status,
  ).toBe(200);
  await runtime.settle();
  await page.reload();
  await expect(row(fresh)).toContainText('1 project');
  await expect(row(fresh)).not.toContainText('1 projects');
  expect((await apiFromPage(page, 'POST', '/api/projects/bulk', { ids: projectIds, designer: fresh })).status).toBe(
    200,
  );
  await runtime.settle();
  await page.reload();
  await expect(row(fresh)).toContainText('2 projects');

  // Deactivate, reactivate.
  await row(fresh).getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Designer deactivated successfully')).toBeVisible();
  await expect(row(fresh)).toContainText('Inactive');
  await row(fresh).getByRole('button', { name: 'Reactivate' }).click();
  await expect(toast(page, 'Designer reactivated successfully')).toBeVisible();
  await expect(row(fresh).getByRole('cell').nth(1)).toHaveText('Active');

  // Delete asks first; Cancel keeps the designer.
  await row(fresh).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(
    `This will remove ${fresh} from the designer role. This action cannot be undone.`,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row(fresh)).toBeVisible();
  await row(fresh).getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete Designer' }).click();
  await expect(toast(page, 'Designer removed successfully')).toBeVisible();
  await expect(row(fresh)).toHaveCount(0);

  // An account that exists and holds no role: 'Designer added to system', linked only once its
  // holder follows the new invitation link (Designer Management says it is pending and can resend it).
  await row(seeded).getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete Designer' }).click();
  await expect(toast(page, 'Designer removed successfully')).toBeVisible();
  await expect(page.getByText('No designers found. Add your first designer above.')).toBeVisible();
  await field.fill(seeded);
  await addButton.click();
  await expect(toast(page, 'Designer added to system')).toBeVisible();
  await expect(row(seeded).getByRole('cell').first()).toContainText('Pre-authorized');
  await expect(row(seeded).getByRole('cell').first()).toContainText('Invitation pending');
  await expect(row(seeded)).toContainText('Active');
  await row(seeded)
    .getByRole('button', { name: `Resend invitation to ${seeded}` })
    .click();
  await expect(toast(page, `Invitation resent to ${seeded}`)).toBeVisible();
  expect(seededId).toBeTruthy();
});
