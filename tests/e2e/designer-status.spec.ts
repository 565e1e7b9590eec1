import type { ActivityResponse } from '../../functions/features/activity/contracts.js';
import {
  PASSWORD,
  apiFromPage,
  clientWithProject,
  expect as baseExpect,
  signedInPage,
  test,
  uniqueEmail,
} from './support/fixtures.js';

/**
 * Issue 44, item 3: the designer's status selector shows where the project stands ('Queued', not an
 * 'In Progress' the badge contradicts) and moves Queued → In Progress in one step, logging exactly
 * one status change.
 */
const expect = baseExpect.configure({ timeout: 60_000 });
test.use({ actionTimeout: 60_000, navigationTimeout: 90_000 });

const DESCRIPTION =
  'A narrow terraced house needs its ground floor opened up: the kitchen, dining room and a small study should ' +
  'become ' +
  ('one bright space with a new rear door to the garden. We want a measured layout and two options to price with a ' +
    'builder. ') +
  ('Please keep the existing chimney breast, note every load-bearing wall, and show the clearances around each ' +
    'appliance.');

test('the designer moves a queued project to In Progress in one step, with exactly one activity entry', async ({
  page,
  browser,
  runtime,
}) => {
  test.setTimeout(300_000);
  const client = { fullName: 'Quinn Queued', email: uniqueEmail('queued'), password: PASSWORD };
  const title = `Terrace ${Date.now().toString(36)}`;
  const id = await clientWithProject(page, runtime, client, {
    title,
    description: DESCRIPTION,
    property_type: 'townhouse',
    area_sqft: 700,
    room: 'Kitchen',
    task: 'Measure',
  });
  const admin = await signedInPage(browser, runtime, runtime.seeded.admin);
  expect(
    (
      await apiFromPage(admin, 'PATCH', `/api/projects/${id}`, {
        designer: { designer_email: runtime.seeded.designer.email },
      })
    ).status,
  ).toBe(200);
  await runtime.settle();

  const designer = await signedInPage(browser, runtime, runtime.seeded.designer);
  await designer.goto('/designer');
  await designer.getByRole('button', { name: title }).click();
  const work = designer.getByRole('dialog', { name: title });
  const status = work.getByLabel('Status');
  await expect(status).toHaveValue('queued');
  await expect(status.locator('option:checked')).toHaveText('Queued');
  await status.selectOption('in_progress');
  await expect(designer.getByRole('status').filter({ hasText: 'Status updated successfully' }).first()).toBeVisible();
  await expect(status).toHaveValue('in_progress');
  await runtime.settle();

  const log = await apiFromPage<ActivityResponse>(admin, 'GET', `/api/projects/${id}/activity`);
  const changes = log.body.entries.filter((entry) => entry.action.startsWith('Status'));
  expect(changes.map((entry) => [entry.action, entry.details])).toEqual([
    ['Status changed to In Progress', 'Designer updated status from Queued to In Progress'],
  ]);
  // Choosing the status it already has logs nothing.
  await status.selectOption('in_progress');
  await runtime.settle();
  const again = await apiFromPage<ActivityResponse>(admin, 'GET', `/api/projects/${id}/activity`);
  expect(again.body.entries.filter((entry) => entry.action.startsWith('Status'))).toHaveLength(1);
});
