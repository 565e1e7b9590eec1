import type { Page } from '@playwright/test';
import type { ProjectResponse } from '../../functions/features/projects/contracts.js';
import {
  PASSWORD,
  apiFromPage,
  expect,
  setCheckbox,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
} from './support/fixtures.js';

/**
 * Auto-saved controls (checklist ticks, the Management tab's fields) say 'Saving…' then 'Saved' beside
 * the control, instead of a success toast per change; a refused change says so beside it too.
 */

const DESCRIPTION =
  'A galley kitchen in a 1950s cottage becomes an open kitchen with a peninsula and a pantry wall. The window over ' +
  'the sink stays; the radiator moves to the dining wall. We would like a light palette, open shelving on one side ' +
  'and enough counter space for two cooks. Please start with the layout and a first material board.';

/** Every toast the page shows, recorded as it appears (the Toaster's live regions carry data-variant). */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll<HTMLElement>('[role="status"][data-variant]')) {
        if (toast.dataset.recorded) continue;
        toast.dataset.recorded = '1';
        seen.push(`${toast.dataset.variant}: ${toast.textContent ?? ''}`);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
}

test('ticking tasks and changing a field show Saved in place, with no success toast', async ({
  page,
  browser,
  runtime,
}) => {
  test.setTimeout(120_000);
  const client = await (await browser.newContext({ baseURL: runtime.url })).newPage();
  const account = { fullName: 'Sol Saver', email: uniqueEmail('autosave'), password: PASSWORD };
  await signUpInBrowser(client, account);
  await signInInBrowser(client, account);
  const title = `Cottage kitchen ${Date.now().toString(36)}`;
  const created = await apiFromPage<ProjectResponse>(client, 'POST', '/api/projects', {
    title,
    project_category: 'Design',
    project_type: 'Interior Design',
    property_type: 'single_family',
    deliverables: ['Furniture Layout Plan'],
    description: DESCRIPTION,
    design_priority: [],
    area_sqft: 900,
    existing_plans: false,
    permit_needs: null,
    room_selection: ['Kitchen'],
    room_notes: null,
    inspiration_links: [],
    checklist: [
      { task_name: 'Measure the kitchen', estimated_hours: 2 },
      { task_name: 'Peninsula layout options', estimated_hours: 4 },
      { task_name: 'Material board', estimated_hours: 3 },
    ],
    grok_generated: true,
  });
  expect(created.status).toBe(201);
  await runtime.settle();

  const toastsSeen = await recordToasts(page);
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);
  await page.goto('/board');
  await page.getByRole('region', { name: 'Queued' }).getByRole('button', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('tab', { name: 'Checklist' }).click();
  const before = (await toastsSeen()).length;

  // The status beside a task, inside the task's own row.
  const saved = (name: string) =>
    dialog
      .getByRole('listitem')
      .filter({ has: page.getByRole('checkbox', { name }) })
      .getByRole('status');
  for (const name of ['Measure the kitchen', 'Peninsula layout options']) {
    await setCheckbox(dialog.getByRole('checkbox', { name }));
    await expect(saved(name)).toContainText('Saved');
    await expect(saved(name)).toContainText('Task completed');
  }
  // Both say so in place, each beside its own task; the untouched one says nothing.
  await expect(saved('Measure the kitchen')).toContainText('Saved');
  await expect(saved('Material board')).toHaveText('');
  await expect(dialog.getByText('2 of 3 completed', { exact: false })).toBeVisible();
  // No toast at all, success or otherwise.
  await expect(page.locator('[role="status"][data-variant]')).toHaveCount(0);
  expect((await toastsSeen()).slice(before)).toEqual([]);
  // 'Saved' goes after a few seconds.
  await expect(saved('Measure the kitchen')).toHaveText('', { timeout: 8_000 });

  // Reopening a task: 'Task reopened' beside it, still no toast.
  await setCheckbox(dialog.getByRole('checkbox', { name: 'Measure the kitchen' }), false);
  await expect(saved('Measure the kitchen')).toContainText('Saved');
  await expect(saved('Measure the kitchen')).toContainText('Task reopened');

  // A refused tick: the box goes back, the reason beside the task (and a destructive toast, no success).
  await page.route('**/api/projects/*/tasks/*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }),
    }),
  );
  await dialog.getByRole('checkbox', { name: 'Material board' }).locator('xpath=ancestor::label[1]').click();
  await expect(saved('Material board')).toContainText('Failed to update task');
  await expect(dialog.getByRole('checkbox', { name: 'Material board' })).not.toBeChecked();
  await expect(page.locator('[role="status"][data-variant="destructive"]')).toContainText('Failed to update task');
  await page.unroute('**/api/projects/*/tasks/*');

  // A Management field: 'Saved' beside it, no success toast.
  await dialog.getByRole('tab', { name: 'Management' }).click();
  const prioritySelect = dialog.getByLabel('Priority', { exact: true });
  await prioritySelect.selectOption('Urgent');
  // The status that describes the field (its aria-describedby), beside it.
  const priority = dialog.locator(`[id="${await prioritySelect.getAttribute('aria-describedby')}"]`);
  await expect(priority).toHaveRole('status');
  await expect(priority).toContainText('Saved');
  await expect(priority).toContainText('Project updated successfully');
  await expect(prioritySelect).toHaveValue('Urgent');
  expect((await toastsSeen()).slice(before).filter((seen) => !seen.startsWith('destructive'))).toEqual([]);
});
