import type { Page } from '@playwright/test';
import { PASSWORD, clientWithProject, expect, signedInPage, test, uniqueEmail } from './support/fixtures.js';

/**
 * What one admin action costs the SPA: after a status change in the project dialog, each view it
 * affects is read once, when the projector announces its topic (`project:<id>`: the dialog's project;
 * `projects`: each board column), not once per path that learns of the change. Before the query
 * cache the same change read the board twice and the project once more (10 requests, 9 of them reads).
 */

const DESCRIPTION =
  'A two-storey semi-detached house needs a loft conversion with a dormer to the rear, a new staircase over the existing ' +
  'one and an en-suite shower room under the eaves. We would like a layout that keeps the front roof slope untouched, ' +
  'two options for the stair position, and a note on the head height the building regulations ask for over the new stair.';

/** The API requests the page makes from now on, as "METHOD /path?query". */
function recordApiRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** Resolves once the page has made no API request for `quietMs` (the live topics arrive after the projector). */
async function quiet(page: Page, seen: string[], quietMs = 1_500) {
  let count = -1;
  while (count !== seen.length) {
    count = seen.length;
    await page.waitForTimeout(quietMs);
  }
}

const tally = (requests: readonly string[]) => {
  const counts: Record<string, number> = {};
  for (const request of requests) counts[request] = (counts[request] ?? 0) + 1;
  return counts;
};

test('one status change in the admin dialog reads each affected view once, and the board and the dialog show it', async ({ page, browser, runtime }) => {
  const client = { fullName: 'Rhea Requests', email: uniqueEmail(), password: PASSWORD };
  const title = `Loft conversion ${Date.now().toString(36)}`;
  const id = await clientWithProject(page, runtime, client, { title, description: DESCRIPTION, property_type: 'townhouse', area_sqft: 900, room: 'Kitchen', task: 'Roof survey' });

  const admin = await signedInPage(browser, runtime, runtime.seeded.admin);
  await admin.goto('/admin');
  const column = (name: string) => admin.getByRole('region', { name, exact: true });
  await expect(column('Queued').getByRole('article', { name: title })).toBeVisible();
  await admin.getByRole('article', { name: title }).getByRole('button', { name: title }).click();
  const dialog = admin.getByRole('dialog', { name: title });
  await dialog.getByRole('tab', { name: 'Management' }).click();
  await expect(dialog.getByLabel('Status')).toHaveValue('queued');
  await expect(dialog.getByLabel('Assigned Designer')).toBeVisible();
  await admin.evaluate(() => ((window as unknown as { requestsMarker: number }).requestsMarker = 1));
  await quiet(admin, []);

  const seen = recordApiRequests(admin);
  await dialog.getByLabel('Status').selectOption('in_progress');
  await expect(admin.getByRole('status').filter({ hasText: 'Project updated successfully' })).toBeVisible();
  await runtime.settle();
  await quiet(admin, seen);

  // The dialog and the board show the new status, without a reload.
  await expect(dialog.getByLabel('Status')).toHaveValue('in_progress');
  await expect(column('In Progress').getByRole('article', { name: title })).toBeVisible();
  await expect(column('Queued').getByRole('article', { name: title })).toHaveCount(0);
  expect(await admin.evaluate(() => (window as unknown as { requestsMarker?: number }).requestsMarker)).toBe(1);

  // The change itself, then the dialog's project and each board column once (the dialog showed the
  // PATCH answer at once; the topics confirm it).
  const board = ['queued', 'in_progress', 'needs_revision', 'delivered'].map((status) => `GET /api/projects?status=${status}&limit=25`);
  expect(tally(seen)).toEqual({
    [`PATCH /api/projects/${id}`]: 1,
    [`GET /api/projects/${id}`]: 1,
    ...Object.fromEntries(board.map((request) => [request, 1])),
  });
  await admin.context().close();
});
