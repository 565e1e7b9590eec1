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

/**
 * The designer dashboard's content (issue 8): the empty state, then the counts, the cards with
 * client, priority and due flags, and the dialog's status selector limited to two statuses.
 */

const DESCRIPTION =
  'A small condo gets a new kitchen and bathroom. The kitchen is a galley today and should open to the living room, ' +
  'the bathroom needs a walk-in shower instead of the tub, and the hallway closet could become a laundry nook. The ' +
  ('owners like warm whites, brass and natural wood, and they need the layout first so that the contractor can price ' +
    'it.');

const isoDay = (offsetDays: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
};

test('the designer dashboard: empty, then assigned projects with due flags and the two-status selector', async ({
  page,
  browser,
  runtime,
}) => {
  // The seeded designer signs in and lands on /designer with nothing assigned.
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.designer);
  await expect(page).toHaveURL(/\/designer$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Dana Designer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Projects Assigned' })).toBeVisible();
  await expect(page.getByText("You don't have any projects assigned yet. Check back later!")).toBeVisible();
  for (const label of ['Total Assigned', 'In Progress', 'Needs Review', 'Delivered']) {
    await expect(page.getByRole('group', { name: label })).toContainText('0');
  }

  // A client submits three projects; the admin assigns them with due dates, one delivered.
  const clientPage = await (await browser.newContext()).newPage();
  const client = { fullName: 'Cleo Client', email: uniqueEmail(), password: PASSWORD };
  await signUpInBrowser(clientPage, client);
  await signInInBrowser(clientPage, client);
  const submit = async (title: string) =>
    (
      await apiFromPage<ProjectResponse>(clientPage, 'POST', '/api/projects', {
        title,
        project_category: 'Design',
        project_type: 'Remodel / Space Optimization',
        property_type: 'condo',
        deliverables: ['Proposed Layout Options'],
        description: DESCRIPTION,
        checklist: [{ task_name: 'Layout', estimated_hours: 3 }],
        grok_generated: true,
      })
    ).body.project.id;
  const overdue = await submit('Overdue condo');
  const soon = await submit('Soon condo');
  const done = await submit('Done condo');

  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/auth');
  await signInInBrowser(admin, runtime.seeded.admin);
  const designerId = (
    await apiFromPage<{ designers: { email: string; user_id: string | null }[] }>(admin, 'GET', '/api/designers')
  ).body.designers.find((row) => row.email === runtime.seeded.designer.email)?.user_id;
  for (const [id, body] of [
    [
      overdue,
      { designer: { designer_email: runtime.seeded.designer.email }, due_date: isoDay(-2), priority: 'Urgent' },
    ],
    [
      soon,
      {
        designer: designerId ? { designer_id: designerId } : { designer_email: runtime.seeded.designer.email },
        due_date: isoDay(2),
      },
    ],
    [done, { designer: { designer_email: runtime.seeded.designer.email }, status: 'delivered', priority: 'Low' }],
  ] as const) {
    const answer = await apiFromPage(admin, 'PATCH', `/api/projects/${id}`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  await runtime.settle();

  await page.reload();
  await expect(page.getByRole('group', { name: 'Total Assigned' })).toContainText('3');
  await expect(page.getByRole('group', { name: 'Delivered' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'In Progress' })).toContainText('0');
  const card = (title: string) => page.locator('article', { has: page.getByRole('button', { name: title }) });
  await expect(card('Overdue condo').getByText('(Overdue)', { exact: false })).toBeVisible();
  await expect(card('Overdue condo').getByText('Urgent')).toBeVisible();
  await expect(card('Overdue condo').getByText('Client: Cleo Client')).toBeVisible();
  await expect(card('Overdue condo').getByText('Studio North')).toBeVisible();
  await expect(card('Soon condo').getByText('(Due Soon)', { exact: false })).toBeVisible();
  await expect(card('Soon condo').getByText('Normal')).toBeVisible();
  await expect(card('Done condo').getByText('Delivered')).toBeVisible();
  await expect(card('Done condo').getByText('No due date', { exact: false })).toBeVisible();

  // The delivered project: the selector shows where it stands and offers the designer's two statuses.
  await card('Done condo').getByRole('button', { name: 'Done condo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Done condo' });
  await expect(dialog.getByLabel('Status')).toHaveValue('delivered');
  await expect(dialog.getByLabel('Status').locator('option')).toHaveText(['Delivered', 'In Progress', 'Needs Review']);
  await dialog.getByLabel('Status').selectOption('needs_revision');
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(page.getByRole('group', { name: 'Needs Review' })).toContainText('1');
  await expect(card('Done condo').getByText('Needs Review')).toBeVisible();

  // The overdue project's dialog shows its due date flagged.
  await card('Overdue condo').getByRole('button', { name: 'Overdue condo' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Overdue condo' }).getByText('(Overdue)', { exact: false }),
  ).toBeVisible();
});
