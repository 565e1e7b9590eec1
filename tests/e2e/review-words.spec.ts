import type { Browser, Locator, Page } from '@playwright/test';
import type { ProjectResponse } from '../../functions/features/projects/contracts.js';
import type { ProjectReviewResponse } from '../../functions/features/reviews/contracts.js';
import { planSetPdf } from './support/drawings.js';
import {
  PASSWORD,
  apiFromPage,
  expect as baseExpect,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
  type E2ERuntime,
} from './support/fixtures.js';

/**
 * Issue 44, item 1: the review loop carries every word. The client's summary reaches the designer in
 * the viewer (above the notes, with its author and date), in the notification e-mail and in the
 * activity entry; an open note of v1 carries forward to v2 ('Open from v1'); a decision replaces the
 * buttons; the viewer zooms (buttons, Ctrl + wheel, pinch), pans, fits to width and has a page strip,
 * with pins on their spot at every zoom.
 */

// A machine shared by many: generous waits, never sleeps.
const expect = baseExpect.configure({ timeout: 60_000 });
test.use({ actionTimeout: 60_000, navigationTimeout: 90_000 });

const DESCRIPTION =
  'A two-bedroom flat over a shop gets a new layout: the kitchen moves to the street side, the bathroom gains a ' +
  'window ' +
  ('and the hallway becomes a study nook. We need drawings a contractor can price, and we want to mark them up ' +
    'ourselves ') +
  'before anything is built, so please share each sheet for review as soon as it is ready for a first look.';
const SUMMARY = 'Please move the kitchen to the street side and keep the pantry. The hallway study nook can wait.';

const newPage = async (browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) =>
  (await browser.newContext(options)).newPage();

async function drawn(viewer: Locator, pages: number) {
  for (let page = 1; page <= pages; page += 1) {
    await expect(viewer.getByRole('figure', { name: `Page ${page} of ${pages}` })).toHaveAttribute(
      'data-rendered',
      'true',
    );
  }
}

/** A client, a project assigned to the seeded designer, v1 of a two-page PDF uploaded from the designer's Files tab. */
async function deliveredProject(
  browser: Browser,
  runtime: E2ERuntime,
  clientOptions: Parameters<Browser['newContext']>[0] = {},
) {
  const client = await newPage(browser, clientOptions);
  const account = { fullName: 'Riley Reviewer', email: uniqueEmail('words'), password: PASSWORD };
  await signUpInBrowser(client, account);
  await signInInBrowser(client, account);
  const title = `Words ${Date.now().toString(36)}`;
  const created = await apiFromPage<ProjectResponse>(client, 'POST', '/api/projects', {
    title,
    project_category: 'Design',
    project_type: 'Remodel / Space Optimization',
    property_type: 'condo',
    deliverables: ['Proposed Layout Options'],
    description: DESCRIPTION,
    checklist: [{ task_name: 'Layout', estimated_hours: 3 }],
    grok_generated: true,
  });
  expect(created.status).toBe(201);
  const projectId = created.body.project.id;
  const admin = await newPage(browser);
  await admin.goto('/auth');
  await signInInBrowser(admin, runtime.seeded.admin);
  expect(
    (
      await apiFromPage(admin, 'PATCH', `/api/projects/${projectId}`, {
        designer: { designer_email: runtime.seeded.designer.email },
      })
    ).status,
  ).toBe(200);
  await admin.context().close();
  await runtime.settle();

  const designer = await newPage(browser);
  await designer.goto('/auth');
  await signInInBrowser(designer, runtime.seeded.designer);
  await designer.getByRole('button', { name: title }).click();
  const work = designer.getByRole('dialog', { name: title });
  await work.getByRole('tab', { name: 'Files' }).click();
  await work
    .getByLabel('Upload Deliverable')
    .setInputFiles({ name: 'plans.pdf', mimeType: 'application/pdf', buffer: planSetPdf(2, 'Words') });
  await expect(work.getByRole('listitem', { name: 'plans.pdf, v1' }).getByText('Awaiting review')).toBeVisible();
  await runtime.settle();
  const review = await apiFromPage<ProjectReviewResponse>(client, 'GET', `/api/projects/${projectId}/reviews`);
  return { client, designer, work, title, projectId, deliverableId: review.body.deliverables[0]!.deliverable_id };
}

/** Opens the viewer on `version`; the words and decisions need no drawn page, the zoom does (`drawnPages`). */
async function openViewer(page: Page, title: string, version: number, drawnPages = 0) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: title }).first().click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('tab', { name: 'Files' }).click();
  await dialog
    .getByRole('listitem', { name: `plans.pdf, v${version}` })
    .getByRole('button', { name: 'Review' })
    .click();
  const viewer = page.getByRole('dialog', { name: `plans.pdf — v${version}` });
  await expect(viewer.getByRole('complementary', { name: 'Review notes' })).toBeVisible();
  if (drawnPages) await drawn(viewer, drawnPages);
  return viewer;
}

test("the client's summary reaches the designer in the viewer, the e-mail and the activity entry", async ({
  browser,
  runtime,
}) => {
  test.setTimeout(300_000);
  const { client, designer, work, title, projectId, deliverableId } = await deliveredProject(browser, runtime);
  // One note pinned through the API (pinning by click is reviews.spec.ts's), then the decision in the viewer.
  const pinned = await apiFromPage(client, 'POST', `/api/projects/${projectId}/reviews`, {
    action: 'pin_note',
    deliverable_id: deliverableId,
    version: 1,
    page: 1,
    x: 0.3,
    y: 0.4,
    text: 'Keep the pantry',
  });
  expect(pinned.status).toBe(201);
  const viewer = await openViewer(client, title, 1);
  await viewer.getByLabel('Summary (optional)').fill(SUMMARY);
  await viewer.getByRole('button', { name: 'Request Changes' }).click();

  // The decision replaces both buttons, and the summary no longer waits in its box.
  await expect(viewer.getByText(/^Changes requested by Riley Reviewer on \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Request Changes' })).toHaveCount(0);
  await expect(viewer.getByLabel('Summary (optional)')).toHaveCount(0);
  await expect(viewer.getByRole('region', { name: "Client's message" })).toContainText(SUMMARY);
  await runtime.settle();

  // The designer: in the viewer, above the notes, with author and date.
  const item = work.getByRole('listitem', { name: 'plans.pdf, v1' });
  await expect(item.getByText('Changes requested')).toBeVisible({ timeout: 20_000 });
  await item.getByRole('button', { name: 'Review' }).click();
  const studio = designer.getByRole('dialog', { name: 'plans.pdf — v1' });
  const message = studio.getByRole('region', { name: "Client's message" });
  await expect(message).toContainText(SUMMARY);
  await expect(message).toContainText('Riley Reviewer');
  const [messageBox, notesBox] = [
    await message.boundingBox(),
    await studio.getByRole('list', { name: 'Notes' }).boundingBox(),
  ];
  expect(messageBox!.y).toBeLessThan(notesBox!.y);
  await studio.getByRole('button', { name: 'Close dialog' }).click();

  // In the activity entry, quoted.
  await work.getByRole('tab', { name: 'Activity' }).click();
  await expect(work.getByText(`Changes requested (1 note): "${SUMMARY}"`)).toBeVisible({ timeout: 20_000 });

  // In the designer's notification e-mail. Their assignment's e-mail went out a minute ago or less:
  // what comes within its window is folded into the next one, sent by the minute's schedule
  // (MAIL_WINDOW_MS in functions/features/notifications/deliver.ts), so up to two minutes.
  await expect
    .poll(
      async () => {
        const outbox = await designer.request.get(
          `${runtime.url}/outbox.json?to=${encodeURIComponent(runtime.seeded.designer.email)}`,
        );
        return ((await outbox.json()).messages as { text: string }[]).some((mail) => mail.text.includes(SUMMARY));
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe(true);
});

test("an open note of v1 carries forward to v2 as 'Open from v1'; approving v2 says who and when", async ({
  browser,
  runtime,
}) => {
  test.setTimeout(300_000);
  const { client, work, title, projectId, deliverableId } = await deliveredProject(browser, runtime);
  const act = (body: object) => apiFromPage(client, 'POST', `/api/projects/${projectId}/reviews`, body);
  expect(
    (
      await act({
        action: 'pin_note',
        deliverable_id: deliverableId,
        version: 1,
        page: 2,
        x: 0.6,
        y: 0.5,
        text: 'Widen the hallway',
      })
    ).status,
  ).toBe(201);
  expect((await act({ action: 'request_changes', deliverable_id: deliverableId, version: 1 })).status).toBe(200);
  await runtime.settle();
  const item = work.getByRole('listitem', { name: 'plans.pdf, v1' });
  await expect(item.getByText('Changes requested')).toBeVisible({ timeout: 20_000 });
  await item
    .getByLabel('Upload New Version')
    .setInputFiles({ name: 'plans.pdf', mimeType: 'application/pdf', buffer: planSetPdf(2, 'Words, revised') });
  await expect(work.getByRole('listitem', { name: 'plans.pdf, v2' }).getByText('Ready for review')).toBeVisible();
  await runtime.settle();

  const viewer = await openViewer(client, title, 2);
  const notes = viewer.getByRole('list', { name: 'Notes' });
  await expect(notes.getByRole('listitem', { name: 'Note 1 from v1' })).toContainText('Open from v1');
  await expect(notes.getByRole('listitem', { name: 'Note 1 from v1' })).toContainText('Widen the hallway');
  await expect(viewer.getByText('No notes on this version yet.')).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Approve' }).click();
  await expect(viewer.getByText(/^Approved by Riley Reviewer on \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Approve' })).toHaveCount(0);
});

test('the viewer zooms by buttons, Ctrl + wheel and pinch, pans, fits to width and keeps pins on their spot', async ({
  browser,
  runtime,
}) => {
  test.setTimeout(300_000);
  const { client, title, projectId, deliverableId } = await deliveredProject(browser, runtime);
  expect(
    (
      await apiFromPage(client, 'POST', `/api/projects/${projectId}/reviews`, {
        action: 'pin_note',
        deliverable_id: deliverableId,
        version: 1,
        page: 1,
        x: 0.25,
        y: 0.5,
        text: 'Here',
      })
    ).status,
  ).toBe(201);
  const viewer = await openViewer(client, title, 1, 2);
  await expect(viewer.getByRole('button', { name: 'Note 1' })).toBeVisible();
  const frame = viewer.getByRole('region', { name: 'Drawing' });
  const level = viewer.getByLabel('Zoom level');
  const page1 = viewer.getByRole('figure', { name: 'Page 1 of 2' });
  const pin = viewer.getByRole('button', { name: 'Note 1' });
  /** The pin's centre as fractions of its page. */
  const pinSpot = async () => {
    const [page, box] = [(await page1.locator('.review-page__surface').boundingBox())!, (await pin.boundingBox())!];
    return { x: (box.x + box.width / 2 - page.x) / page.width, y: (box.y + box.height / 2 - page.y) / page.height };
  };
  const widthAt100 = (await page1.boundingBox())!.width;
  const spotAt100 = await pinSpot();
  await expect(level).toHaveText('100%');

  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(level).toHaveText('156%');
  await expect.poll(async () => (await page1.boundingBox())!.width).toBeGreaterThan(widthAt100 * 1.5);
  await pin.scrollIntoViewIfNeeded();
  const spotZoomed = await pinSpot();
  expect(Math.abs(spotZoomed.x - spotAt100.x)).toBeLessThan(0.01);
  expect(Math.abs(spotZoomed.y - spotAt100.y)).toBeLessThan(0.01);

  // A mouse drag pans (and pins nothing).
  const box = (await frame.boundingBox())!;
  await frame.evaluate((element) => element.scrollTo(0, 0));
  await client.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await client.mouse.down();
  await client.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 - 80, { steps: 6 });
  await client.mouse.up();
  await expect.poll(() => frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(50);
  await expect(viewer.getByText(/^New pin on page/)).toHaveCount(0);

  await viewer.getByRole('button', { name: 'Fit to width' }).click();
  await expect(level).toHaveText('100%');

  // Ctrl + wheel over the drawing zooms the drawing, not the page.
  await client.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await client.keyboard.down('Control');
  await client.mouse.wheel(0, -100);
  await client.keyboard.up('Control');
  await expect(level).toHaveText('110%');

  // A two-finger pinch (touch events from Chromium's input domain).
  await viewer.getByRole('button', { name: 'Fit to width' }).click();
  const cdp = await client.context().newCDPSession(client);
  const [cx, cy] = [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd'
          ? []
          : [
              { x: cx - spread, y: cy, id: 1 },
              { x: cx + spread, y: cy, id: 2 },
            ],
    });
  await touch('touchStart', 40);
  for (const spread of [50, 60, 70, 80]) await touch('touchMove', spread);
  await touch('touchEnd', 0);
  await expect(level).toHaveText('200%');

  // The page strip takes the reader to page 2.
  await viewer.getByRole('button', { name: 'Fit to width' }).click();
  await viewer.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Go to page 2' }).click();
  await expect(viewer.getByRole('figure', { name: 'Page 2 of 2' })).toBeInViewport({ ratio: 0.3 });
});
