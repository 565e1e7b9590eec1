import type { Page } from '@playwright/test';
import { sketchPng } from './support/drawings.js';
import {
  PASSWORD,
  apiFromPage,
  clientWithProject,
  expect,
  signedInPage,
  test,
  uniqueEmail,
} from './support/fixtures.js';

/**
 * What one admin action costs the SPA: after a status change in the project dialog, each view it
 * affects is read once, when the projector announces its topic (`project:<id>`: the dialog's project;
 * `projects`: each board column), not once per path that learns of the change. Before the query
 * cache the same change read the board twice and the project once more (10 requests, 9 of them reads).
 * A review decision likewise: before it waited for the live topics, it read every project view under
 * ['projects'] twice (once at once, before the projector had projected the decision, and once more on
 * the topics).
 */

const DESCRIPTION =
  'A two-storey semi-detached house needs a loft conversion with a dormer to the rear, a new staircase over the ' +
  'existing ' +
  ('one and an en-suite shower room under the eaves. We would like a layout that keeps the front roof slope ' +
    'untouched, ') +
  ('two options for the stair position, and a note on the head height the building regulations ask for over the new ' +
    'stair.');

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

test(
  'one status change in the admin dialog reads each ' + 'affected view once, and the board and the dialog show it',
  async ({ page, browser, runtime }) => {
    const client = { fullName: 'Rhea Requests', email: uniqueEmail(), password: PASSWORD };
    const title = `Loft conversion ${Date.now().toString(36)}`;
    const id = await clientWithProject(page, runtime, client, {
      title,
      description: DESCRIPTION,
      property_type: 'townhouse',
      area_sqft: 900,
      room: 'Kitchen',
      task: 'Roof survey',
    });

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

    // The change itself, then the dialog's project, each board column and 'Waiting on you' (the newest
    // projects) once: the dialog showed the PATCH answer at once; the topics confirm it.
    const board = ['queued', 'in_progress', 'needs_revision', 'delivered'].map(
      (status) => `GET /api/projects?status=${status}&limit=25`,
    );
    expect(tally(seen)).toEqual({
      [`PATCH /api/projects/${id}`]: 1,
      [`GET /api/projects/${id}`]: 1,
      'GET /api/projects': 1,
      ...Object.fromEntries(board.map((request) => [request, 1])),
    });
    await admin.context().close();
  },
);

test('one review decision reads each affected view once, and the viewer, the dialog and the board show it', async ({
  page,
  browser,
  runtime,
}) => {
  // Four people's setup (client, admin, designer's upload, the viewer) before the one decision measured.
  test.setTimeout(300_000);
  const client = { fullName: 'Rory Requests', email: uniqueEmail(), password: PASSWORD };
  const title = `Garden studio ${Date.now().toString(36)}`;
  const id = await clientWithProject(page, runtime, client, {
    title,
    description: DESCRIPTION,
    property_type: 'townhouse',
    area_sqft: 400,
    room: 'Office',
    task: 'Layout',
  });

  // The seeded designer is assigned, sets Needs Review and uploads a deliverable.
  const admin = await signedInPage(browser, runtime, runtime.seeded.admin);
  const assigned = await apiFromPage(admin, 'PATCH', `/api/projects/${id}`, {
    designer: { designer_email: runtime.seeded.designer.email },
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  await admin.context().close();
  await runtime.settle();
  const designer = await signedInPage(browser, runtime, runtime.seeded.designer);
  await designer.getByRole('button', { name: title }).click();
  const work = designer.getByRole('dialog', { name: title });
  await work.getByLabel('Status').selectOption({ label: 'Needs Review' });
  await expect(designer.getByRole('status').filter({ hasText: 'Status updated successfully' }).first()).toBeVisible();
  await work.getByRole('tab', { name: 'Files' }).click();
  await work
    .getByLabel('Upload Deliverable')
    .setInputFiles({ name: 'sketch.png', mimeType: 'image/png', buffer: sketchPng() });
  await expect(work.getByRole('listitem', { name: 'sketch.png, v1' }).getByText('Awaiting review')).toBeVisible();
  await designer.context().close();
  await runtime.settle();

  // The client opens the deliverable from the board: the board, the dialog, its Files tab and the viewer are on screen.
  await page.goto('/board');
  await page.getByRole('region', { name: 'Needs Revision' }).getByRole('button', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('tab', { name: 'Files' }).click();
  await dialog.getByRole('listitem', { name: 'sketch.png, v1' }).getByRole('button', { name: 'Review' }).click();
  const viewer = page.getByRole('dialog', { name: 'sketch.png — v1' });
  await expect(viewer.getByRole('figure', { name: 'Page 1 of 1' })).toHaveAttribute('data-rendered', 'true');
  await quiet(page, []);

  const seen = recordApiRequests(page);
  await viewer.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deliverable approved' }).first()).toBeVisible();
  await runtime.settle();
  await quiet(page, seen);

  // The viewer, the dialog and the board show the decision, without a reload.
  await expect(viewer.getByText('Approved', { exact: true })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog.getByText('Approved by client')).toBeVisible();

  // The decision, then each view on screen read once: the project (the dialog), its review (the Files
  // tab and the viewer share one query) and the board's list.
  const counts = tally(seen);
  expect(counts[`POST /api/projects/${id}/reviews`]).toBe(1);
  expect(Object.keys(counts)).toEqual(
    expect.arrayContaining([`GET /api/projects/${id}`, `GET /api/projects/${id}/reviews`]),
  );
  expect(Object.entries(counts).filter(([, count]) => count > 1)).toEqual([]);
});
