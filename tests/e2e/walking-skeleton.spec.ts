import type { ProjectResponse, SubmitProjectBody } from '../../functions/features/projects/contracts.js';
import {
  PASSWORD,
  apiFromPage,
  expect,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
  withChecklistReceipt,
} from './support/fixtures.js';

const DESCRIPTION =
  'We are turning a 1960s ranch house into an open-plan family home. The wall between the kitchen and the dining ' +
  'room comes out, the pantry becomes a mudroom with built-in storage, and the primary bathroom gets a curbless ' +
  'shower. We want warm oak, matte black fixtures and plenty of daylight; please plan the layout first.';

test('a new client signs up, signs in, submits a project and finds it queued on the board', async ({
  page,
  runtime,
}) => {
  const account = { fullName: 'Casey Client', email: uniqueEmail(), password: PASSWORD };
  await signUpInBrowser(page, account);

  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome, ${account.fullName}!`)).toBeVisible();
  // The empty dashboard's one call to action (docs/product.md §dashboard); the two cards come with projects.
  await expect(page.getByRole('link', { name: 'Start Your First Project' })).toHaveAttribute('href', '/submit');

  const title = `Ranch house refresh ${Date.now().toString(36)}`;
  expect(DESCRIPTION.length).toBeGreaterThanOrEqual(300);
  const submission = {
    title,
    project_category: 'Design',
    project_type: 'Concept Design',
    property_type: 'single_family',
    deliverables: ['Layout Plan'],
    description: DESCRIPTION,
    design_priority: [],
    area_sqft: 1200,
    existing_plans: false,
    permit_needs: null,
    room_selection: [],
    room_notes: null,
    inspiration_links: [],
    checklist: [{ task_name: 'Measure site', estimated_hours: 3 }],
    total_estimated_hours: 3,
    estimated_turnaround_days: 2,
  } satisfies SubmitProjectBody;
  // As the wizard sends it: with the checklist step's receipt (the card's AI flag follows it).
  const created = await apiFromPage<ProjectResponse>(
    page,
    'POST',
    '/api/projects',
    await withChecklistReceipt(page, submission),
  );
  expect(created.status).toBe(201);
  expect(created.body.project.status).toBe('queued');

  // The board reads a projection, built from the new event once it has been delivered.
  await runtime.settle();
  await page.reload();
  await expect(page.getByRole('link', { name: 'New Project' })).toHaveAttribute('href', '/submit');
  await page.getByRole('link', { name: 'Project Board' }).click();
  await expect(page).toHaveURL(/\/board$/);
  await expect(page.getByRole('heading', { name: 'Project Board' })).toBeVisible();

  const queued = page.getByRole('region', { name: 'Queued' });
  await expect(queued.getByRole('button', { name: title })).toBeVisible();

  const card = queued.locator('article', { has: page.getByRole('button', { name: title }) });
  await expect(card.getByText('Design', { exact: true })).toBeVisible();
  await expect(card.getByText('AI', { exact: true })).toBeVisible();
  await expect(card.getByText('Single Family')).toBeVisible();
  await expect(card.getByText('1200 sq ft')).toBeVisible();
  await expect(card.getByText(/^\d+–\d+ days$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivered' }).getByText('No projects')).toBeVisible();

  await card.getByRole('button', { name: title }).click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
