import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import type { ProjectResponse } from '../../functions/features/projects/contracts.js';
import { planSetPdf, sketchPng } from './support/drawings.js';
import {
  PASSWORD,
  apiFromPage,
  expect,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
  type E2ERuntime,
} from './support/fixtures.js';

/**
 * Issue 37 in Chromium, one browser context per person: the designer uploads a deliverable; the
 * client opens 'Review', pins two notes on the drawing and requests changes (the project goes back to
 * In Progress on the board); the designer sees the pins, resolves them and uploads v2 ('Ready for
 * review'); the client approves v2 ('Approved by client' on the dialog and the board). No reloads:
 * what changes arrives by the query invalidations and the live topics. Once on a two-page PDF, once
 * on a PNG, and a phone pass where a tap pins the note.
 */

const DESCRIPTION =
  'A two-bedroom flat over a shop gets a new layout: the kitchen moves to the street side, the bathroom gains a ' +
  'window ' +
  ('and the hallway becomes a study nook. We need drawings a contractor can price, and we want to mark them up ' +
    'ourselves ') +
  'before anything is built, so please share each sheet for review as soon as it is ready for a first look.';

const newPage = async (browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) =>
  (await browser.newContext(options)).newPage();

async function toast(page: Page, title: string) {
  await expect(
    page
      .getByRole('status')
      .filter({ has: page.getByText(title, { exact: true }) })
      .first(),
  ).toBeVisible();
}

interface Drawing {
  name: string;
  mimeType: string;
  buffer: Buffer;
  pages: number;
}

/**
 * A client with a project, the seeded designer assigned, the designer's working dialog open on Files with v1 uploaded
 * and the project in Needs Revision.
 */
async function projectWithDeliverable(
  browser: Browser,
  runtime: E2ERuntime,
  drawing: Drawing,
  clientOptions: Parameters<Browser['newContext']>[0] = {},
) {
  const client = await newPage(browser, clientOptions);
  const clientAccount = { fullName: 'Riley Reviewer', email: uniqueEmail('reviewer'), password: PASSWORD };
  await signUpInBrowser(client, clientAccount);
  await signInInBrowser(client, clientAccount);
  const title = `Flat over the shop ${Date.now().toString(36)}`;
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

  const admin = await newPage(browser);
  await admin.goto('/auth');
  await signInInBrowser(admin, runtime.seeded.admin);
  const assigned = await apiFromPage(admin, 'PATCH', `/api/projects/${created.body.project.id}`, {
    designer: { designer_email: runtime.seeded.designer.email },
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  await admin.context().close();
  await runtime.settle();

  const designer = await newPage(browser);
  await designer.goto('/auth');
  await signInInBrowser(designer, runtime.seeded.designer);
  await designer.getByRole('button', { name: title }).click();
  const work = designer.getByRole('dialog', { name: title });
  await work.getByLabel('Status').selectOption({ label: 'Needs Review' });
  await toast(designer, 'Status updated successfully');
  await work.getByRole('tab', { name: 'Files' }).click();
  await work
    .getByLabel('Upload Deliverable')
    .setInputFiles({ name: drawing.name, mimeType: drawing.mimeType, buffer: drawing.buffer });
  await toast(designer, 'File uploaded successfully');
  const item = work.getByRole('listitem', { name: `${drawing.name}, v1` });
  await expect(item.getByText('Awaiting review')).toBeVisible();
  await runtime.settle();
  return { client, designer, work, title };
}

/** Opens the project dialog from the board column `column`, then its Files tab. */
async function openFiles(client: Page, title: string, column: string): Promise<Locator> {
  await client.getByRole('region', { name: column }).getByRole('button', { name: title }).click();
  const dialog = client.getByRole('dialog', { name: title });
  await dialog.getByRole('tab', { name: 'Files' }).click();
  return dialog;
}

/** Waits until every page of the drawing is drawn. */
async function drawn(viewer: Locator, pages: number) {
  for (let page = 1; page <= pages; page += 1) {
    await expect(viewer.getByRole('figure', { name: `Page ${page} of ${pages}` })).toHaveAttribute(
      'data-rendered',
      'true',
    );
  }
}

/** Pins a note where the reviewer clicks (or taps) on page `page`. */
async function pinNote(
  viewer: Locator,
  pages: number,
  page: number,
  at: { x: number; y: number },
  text: string,
  how: 'click' | 'tap' | 'keyboard' = 'click',
) {
  const surface = viewer.getByRole('button', { name: new RegExp(`^Page ${page} of ${pages}:`) });
  await surface.scrollIntoViewIfNeeded();
  if (how === 'tap') await surface.tap({ position: at });
  else if (how === 'keyboard') {
    await surface.focus();
    await surface.press('Enter');
  } else await surface.click({ position: at });
  await expect(viewer.getByText(`New pin on page ${page}.`)).toBeVisible();
  await viewer.getByLabel('Note', { exact: true }).fill(text);
  await viewer.getByRole('button', { name: 'Add Note' }).click();
  await expect(viewer.getByLabel('Note', { exact: true })).toHaveValue('');
}

for (const drawing of [
  { name: 'plans.pdf', mimeType: 'application/pdf', buffer: planSetPdf(2, 'Flat over the shop'), pages: 2 },
  { name: 'sketch.png', mimeType: 'image/png', buffer: sketchPng(), pages: 1 },
] satisfies Drawing[]) {
  test(`the review loop on ${drawing.name}: notes, changes, resolved, v2, approved`, async ({ browser, runtime }) => {
    test.setTimeout(180_000);
    const { client, designer, work, title } = await projectWithDeliverable(browser, runtime, drawing);

    // The client opens the review from the board: the viewer's code (and pdf.js, for a PDF only) comes then, not
    // before.
    const fetched: string[] = [];
    client.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await client.goto('/board');
    let dialog = await openFiles(client, title, 'Needs Revision');
    await expect(dialog.getByRole('button', { name: 'Review' })).toBeVisible();
    expect(fetched.filter((path) => /ReviewViewer|pdf/i.test(path))).toEqual([]);
    await dialog
      .getByRole('listitem', { name: `${drawing.name}, v1` })
      .getByRole('button', { name: 'Review' })
      .click();
    const viewer = client.getByRole('dialog', { name: `${drawing.name} — v1` });
    await expect(viewer).toBeVisible();
    await drawn(viewer, drawing.pages);
    expect(fetched.some((path) => /\/chunk-ReviewViewer-[\w-]+\.js$/.test(path))).toBe(true);
    expect(fetched.some((path) => /\/chunk-pdf-[\w-]+\.js$/.test(path))).toBe(drawing.pages > 1);

    // Request Changes needs a note or a summary first.
    await viewer.getByRole('button', { name: 'Request Changes' }).click();
    await expect(viewer.getByText('Add at least one note or a written summary to request changes.')).toBeVisible();

    // Two notes pinned by clicking on the drawing (the second on the last page); text stays text.
    const hostile = '<img src=x onerror="window.__pwned=1">Move the window 2 ft left';
    await pinNote(viewer, drawing.pages, 1, { x: 80, y: 90 }, hostile);
    // The second from the keyboard on an image (Enter on the focused page pins at its centre).
    await pinNote(
      viewer,
      drawing.pages,
      drawing.pages,
      { x: 200, y: 140 },
      'Widen the hallway',
      drawing.pages > 1 ? 'click' : 'keyboard',
    );
    await expect(viewer.getByRole('button', { name: 'Note 1' })).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Note 2' })).toBeVisible();
    const notes = viewer.getByRole('list', { name: 'Notes' });
    await expect(notes.getByRole('listitem', { name: 'Note 1' })).toContainText('Page 1');
    await expect(notes.getByRole('listitem', { name: 'Note 1' }).getByText(hostile)).toBeVisible();
    await expect(notes.getByRole('listitem', { name: 'Note 2' })).toContainText(`Page ${drawing.pages}`);
    expect(await client.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    const { violations } = await new AxeBuilder({ page: client })
      .include('dialog[open]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`),
    ).toEqual([]);

    await viewer.getByRole('button', { name: 'Request Changes' }).click();
    await toast(client, 'Changes requested');
    await expect(viewer.getByText('Changes requested', { exact: true }).first()).toBeVisible();
    await viewer.getByRole('button', { name: 'Close dialog' }).click();
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    // Back to In Progress on the board, without a reload.
    await expect(client.getByRole('region', { name: 'In Progress' }).getByRole('button', { name: title })).toBeVisible({
      timeout: 20_000,
    });

    // The designer sees the pins on the same drawing, answers one and resolves both.
    const item = work.getByRole('listitem', { name: `${drawing.name}, v1` });
    await expect(item.getByText('Changes requested')).toBeVisible({ timeout: 20_000 });
    await item.getByRole('button', { name: 'Review' }).click();
    const studioView = designer.getByRole('dialog', { name: `${drawing.name} — v1` });
    await drawn(studioView, drawing.pages);
    await expect(studioView.getByRole('button', { name: 'Note 1' })).toBeVisible();
    await expect(studioView.getByRole('button', { name: 'Note 2' })).toBeVisible();
    await expect(studioView.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(studioView.getByLabel('Note', { exact: true })).toHaveCount(0);
    // The studio answers on the drawing, then resolves.
    const first = studioView.getByRole('listitem', { name: 'Note 1' });
    await first.getByLabel('Reply', { exact: true }).fill('Moved 2 ft left <b>on A-1</b>');
    await first.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(
      first.getByRole('list', { name: 'Replies to note 1' }).getByText('Moved 2 ft left <b>on A-1</b>'),
    ).toBeVisible();
    await expect(first.getByLabel('Reply', { exact: true })).toHaveValue('');
    for (const number of [1, 2]) {
      const note = studioView.getByRole('listitem', { name: `Note ${number}` });
      await note.getByRole('button', { name: 'Mark Resolved' }).click();
      await expect(note.getByText('Resolved', { exact: true })).toBeVisible();
    }
    await expect(studioView.getByRole('button', { name: 'Note 1, resolved' })).toBeVisible();
    await studioView.getByRole('button', { name: 'Close dialog' }).click();

    // v2, through 'Upload New Version': v1 stays in the history, downloadable.
    await item.getByLabel('Upload New Version').setInputFiles({
      name: drawing.name,
      mimeType: drawing.mimeType,
      buffer: drawing.pages > 1 ? planSetPdf(2, 'Flat over the shop, revised') : sketchPng(520, 320),
    });
    await toast(designer, 'File uploaded successfully');
    const v2 = work.getByRole('listitem', { name: `${drawing.name}, v2` });
    await expect(v2.getByText('Ready for review')).toBeVisible();
    const history = v2.getByRole('list', { name: `Earlier versions of ${drawing.name}` });
    await expect(history.getByText('v1', { exact: true })).toBeVisible();
    const download = designer.waitForEvent('download');
    await history.getByRole('button', { name: `Download v1 of ${drawing.name}` }).click();
    expect((await download).suggestedFilename()).toBe(drawing.name);

    // The client approves v2: the dialog and the board say so without a reload.
    dialog = await openFiles(client, title, 'In Progress');
    const clientV2 = dialog.getByRole('listitem', { name: `${drawing.name}, v2` });
    await expect(clientV2.getByText('Ready for review')).toBeVisible();
    await clientV2.getByRole('button', { name: 'Review' }).click();
    const viewerV2 = client.getByRole('dialog', { name: `${drawing.name} — v2` });
    await drawn(viewerV2, drawing.pages);
    await expect(viewerV2.getByRole('list', { name: 'Notes' })).toHaveCount(0);
    await viewerV2.getByRole('button', { name: 'Approve' }).click();
    await toast(client, 'Deliverable approved');
    await expect(viewerV2.getByText('Approved', { exact: true })).toBeVisible();
    await expect(viewerV2.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await viewerV2.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog.getByText('Approved by client')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    const card = client.locator('article', { has: client.getByRole('button', { name: title }) });
    await expect(card.getByText('Approved by client')).toBeVisible({ timeout: 20_000 });

    // The designer's Files tab follows too.
    await expect(work.getByText('Approved by client')).toBeVisible({ timeout: 20_000 });
  });
}

test('on a phone the viewer fits the screen, the pages scroll and a tap pins a note', async ({ browser, runtime }) => {
  test.setTimeout(120_000);
  const drawing = { name: 'phone-plans.pdf', mimeType: 'application/pdf', buffer: planSetPdf(2, 'Phone'), pages: 2 };
  const { client, title } = await projectWithDeliverable(browser, runtime, drawing, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await client.goto('/board');
  const dialog = await openFiles(client, title, 'Needs Revision');
  await dialog.getByRole('button', { name: 'Review' }).tap();
  const viewer = client.getByRole('dialog', { name: `${drawing.name} — v1` });
  await drawn(viewer, drawing.pages);
  const box = await viewer.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(box!.height).toBeLessThanOrEqual(844);
  // The pages scroll inside their frame: the second is below the fold until scrolled to.
  const frame = viewer.getByRole('region', { name: 'Drawing' });
  expect(await frame.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await pinNote(viewer, drawing.pages, 2, { x: 150, y: 120 }, 'Is this wall load-bearing?', 'tap');
  await expect(viewer.getByRole('button', { name: 'Note 1' })).toBeVisible();
  await expect(viewer.getByRole('listitem', { name: 'Note 1' })).toContainText('Page 2');
});
