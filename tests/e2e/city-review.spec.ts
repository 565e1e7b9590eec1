import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import type { ProjectResponse } from '../../functions/features/projects/contracts.js';
import { extractPdfText } from '../../functions/features/permits/letters/extract-text.js';
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
 * Issue 46 in Chromium, one browser context per person: a permit project is delivered; the client
 * records two city corrections in the City Review tab; the designer answers both (one with 'Draft
 * Response'); the letter is generated and downloaded, and its text read back from the PDF holds both
 * comments and both responses; the client marks the round resubmitted, then the permit approved with
 * its number. The badges on the dialogs and the boards follow without a reload. Then a phone pass.
 */
// The machine these run on may be shared: generous waits, never sleeps.
test.use({ actionTimeout: 45_000, navigationTimeout: 90_000 });
const patient = expect.configure({ timeout: 45_000 });

const DESCRIPTION =
  'A detached 600 sq ft accessory dwelling unit in the back yard, with one bedroom, a kitchenette and a bathroom, on ' +
  'a slab ' +
  ('foundation. The city asks for a full permit set: floor plan, elevations, site plan with setbacks, and the energy ' +
    'forms. ') +
  ('We expect the plan checker to come back with corrections, and we want every answer tracked until the permit is ' +
    'issued.');

const newPage = async (browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) =>
  (await browser.newContext(options)).newPage();

async function toast(page: Page, title: string) {
  await patient(
    page
      .getByRole('status')
      .filter({ has: page.getByText(title, { exact: true }) })
      .first(),
  ).toBeVisible();
}

async function noSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include('dialog[open]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`),
  ).toEqual([]);
}

/** A client with a delivered permit project, the seeded designer assigned. */
async function deliveredPermitProject(
  browser: Browser,
  runtime: E2ERuntime,
  clientOptions: Parameters<Browser['newContext']>[0] = {},
) {
  const client = await newPage(browser, clientOptions);
  const account = { fullName: 'Perry Permit', email: uniqueEmail('permit'), password: PASSWORD };
  await client.goto('/auth');
  await patient(client.getByRole('button', { name: "Don't have an account? Sign up" })).toBeVisible();
  await signUpInBrowser(client, account);
  await signInInBrowser(client, account);
  const title = `Elm Street ADU ${Date.now().toString(36)}`;
  const created = await apiFromPage<ProjectResponse>(client, 'POST', '/api/projects', {
    title,
    project_category: 'Permit',
    project_type: 'ADU / Addition Permit Set',
    property_type: 'single_family',
    deliverables: ['Floor Plan'],
    description: DESCRIPTION,
    area_sqft: 600,
    project_address: '12 Elm Street, Springfield',
    permit_needs: 'Building permit for a new detached ADU',
    checklist: [{ task_name: 'Permit set', estimated_hours: 12 }],
    grok_generated: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
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
  expect((await apiFromPage(admin, 'PATCH', `/api/projects/${projectId}`, { status: 'delivered' })).status).toBe(200);
  await admin.context().close();
  await runtime.settle();
  return { client, title, projectId };
}

async function openCityReview(page: Page, opener: Locator, title: string): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('tab', { name: 'City Review' }).click();
  return dialog;
}

async function addCorrections(dialog: Locator, items: { comment: string; sheet?: string }[]) {
  await dialog.getByRole('button', { name: 'Add City Corrections' }).click();
  for (const [index, item] of items.entries()) {
    if (index > 0) await dialog.getByRole('button', { name: 'Add Item' }).click();
    const group = dialog.getByRole('group', { name: `Item ${index + 1}` });
    await group.getByLabel('Comment').fill(item.comment);
    if (item.sheet) await group.getByLabel('Sheet').fill(item.sheet);
  }
  await dialog.getByRole('button', { name: 'Save Corrections' }).click();
}

test(
  'a permit project through the city: corrections, ' + 'answers, the response letter, resubmission and the permit',
  async ({ browser, runtime }, testInfo) => {
    test.setTimeout(600_000);
    const { client, title } = await deliveredPermitProject(browser, runtime);
    const designer = await newPage(browser);
    await designer.goto('/auth');
    await signInInBrowser(designer, runtime.seeded.designer);
    const designerCard = designer.locator('article.project-card').filter({ hasText: title });
    await expect(designerCard).toBeVisible();

    // The client records the city's two corrections from the board.
    await client.goto('/board');
    const clientDialog = await openCityReview(
      client,
      client.getByRole('region', { name: 'Delivered' }).getByRole('button', { name: title }),
      title,
    );
    await expect(clientDialog.getByText('No corrections from the city yet.')).toBeVisible();
    const hostile = '<img src=x onerror="window.__pwned=1">Show the egress window size';
    await addCorrections(clientDialog, [
      { comment: hostile, sheet: 'A-2' },
      { comment: 'Add smoke alarm locations to every floor plan' },
    ]);
    await toast(client, 'City corrections recorded');
    await expect(clientDialog.getByRole('heading', { name: 'Plan check round 1' })).toBeVisible();
    await expect(clientDialog.getByText(hostile)).toBeVisible();
    expect(await client.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(clientDialog.getByText('City corrections (2 open)').first()).toBeVisible();
    await noSeriousAxeViolations(client);
    await clientDialog.getByRole('button', { name: 'Close dialog' }).click();
    // The delivered project is work again, with its badge, on the client's board and the designer's, without a reload.
    const clientCard = client
      .getByRole('region', { name: 'In Progress' })
      .locator('article.project-card')
      .filter({ hasText: title });
    await expect(clientCard.getByText('City corrections (2 open)')).toBeVisible({ timeout: 30_000 });
    await expect(designerCard.getByText('City corrections (2 open)')).toBeVisible({ timeout: 30_000 });

    // The designer answers both: one written, one drafted for them and accepted.
    const work = await openCityReview(designer, designerCard.getByRole('button', { name: title }), title);
    const first = work.getByRole('listitem', { name: 'Item 1' });
    await first.getByLabel('Response').fill('The egress window is now shown at 5.7 sq ft net clear opening on A-2');
    await first.getByRole('button', { name: 'Mark Addressed' }).click();
    await expect(first.getByText('Addressed', { exact: true })).toBeVisible();
    const second = work.getByRole('listitem', { name: 'Item 2' });
    await second.getByRole('button', { name: 'Draft Response' }).click();
    await expect(second.getByLabel('Response')).toHaveValue(/Response to comment 2/);
    const drafted = await second.getByLabel('Response').inputValue();
    await second.getByRole('button', { name: 'Mark Addressed' }).click();
    await expect(second.getByText('Addressed', { exact: true })).toBeVisible();
    await noSeriousAxeViolations(designer);
    const generated = designer.waitForResponse((response) => response.url().endsWith('/city-review/response-letter'), {
      timeout: 90_000,
    });
    await work.getByRole('button', { name: 'Generate Response Letter' }).click();
    expect((await generated).status()).toBe(201);
    await toast(designer, 'Response letter ready');

    // The client downloads the letter from the City Review tab; its text holds both comments and both responses.
    const again = await openCityReview(client, clientCard.getByRole('button', { name: title }), title);
    await expect(again.getByText('Addressed', { exact: true })).toHaveCount(2, { timeout: 30_000 });
    const downloading = client.waitForEvent('download');
    await again.getByRole('button', { name: 'Response Letter' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Response-to-Plan-Check-Comments-round-1.pdf');
    const path = testInfo.outputPath('response-letter.pdf');
    await download.saveAs(path);
    const text = (await extractPdfText(new Uint8Array(await readFile(path)))).replace(/\s+/g, ' ');
    for (const expected of [
      'Response to Plan Check Comments',
      title,
      '12 Elm Street, Springfield',
      'Plan check round 1',
      hostile,
      'Add smoke alarm locations to every floor plan',
      'The egress window is now shown at 5.7 sq ft net clear opening on A-2',
      drafted.replace(/\s+/g, ' ').slice(0, 60),
    ]) {
      expect(text).toContain(expected);
    }
    // It is a file of the project too.
    await again.getByRole('tab', { name: 'Files' }).click();
    // The Files tab shortens long names on screen; the download button carries the whole name.
    await patient(
      again.getByRole('button', { name: 'Download Response-to-Plan-Check-Comments-round-1.pdf' }),
    ).toBeVisible();
    await again.getByRole('tab', { name: 'City Review' }).click();

    // Resubmitted, then approved with the permit number: the badges follow on the dialog and both boards.
    await again.getByRole('button', { name: 'Mark Resubmitted' }).click();
    await toast(client, 'Resubmitted to City');
    await expect(again.getByText('Resubmitted to City', { exact: true }).first()).toBeVisible();
    await expect(designerCard.getByText('Resubmitted to City')).toBeVisible({ timeout: 30_000 });
    await again.getByLabel('Permit Number').fill('BLD-2026-0042');
    await again.getByRole('button', { name: 'Mark Permit Approved' }).click();
    await toast(client, 'Permit Approved');
    await expect(again.getByText('BLD-2026-0042', { exact: true })).toBeVisible();
    await expect(again.getByText('Permit Approved', { exact: true }).first()).toBeVisible();
    await again.getByRole('button', { name: 'Close dialog' }).click();
    await expect(clientCard.getByText('Permit Approved')).toBeVisible({ timeout: 30_000 });
    await expect(designerCard.getByText('Permit Approved')).toBeVisible({ timeout: 30_000 });
    await work.getByRole('tab', { name: 'Activity' }).click();
    await expect(work.getByText('Permit approved by city (permit BLD-2026-0042)')).toBeVisible({ timeout: 30_000 });

    // The admin's Insights count it: one round of two items, approved, in the Permits section.
    await runtime.settle();
    const admin = await newPage(browser);
    await admin.goto('/auth');
    await signInInBrowser(admin, runtime.seeded.admin);
    await admin.goto('/admin?tab=insights');
    const permits = admin.getByRole('region', { name: 'Permits' });
    await expect(permits.getByText(/permit projects? received city corrections in this range/)).toBeVisible();
    const row = permits
      .getByRole('region', { name: 'Plan check rounds per permit project (table)' })
      .getByRole('row')
      .filter({ hasText: title });
    await expect(row.getByRole('cell')).toHaveText([
      title,
      '1',
      '2',
      '0',
      /\w{3} \d{1,2}, \d{4}/,
      /\w{3} \d{1,2}, \d{4}/,
      /\d+\.\d d/,
    ]);
    await expect(permits.getByText(/approved a median of \d+\.\d d after the city's first corrections/)).toBeVisible();
    await admin.context().close();
  },
);

test('on a phone, the client records a correction', async ({ browser, runtime }) => {
  test.setTimeout(400_000);
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
  const { client, title } = await deliveredPermitProject(browser, runtime, phone);
  await client.goto('/board');
  const dialog = await openCityReview(
    client,
    client.getByRole('region', { name: 'Delivered' }).getByRole('button', { name: title }),
    title,
  );
  await addCorrections(dialog, [{ comment: 'Dimension the rear setback on the site plan', sheet: 'A-1' }]);
  await toast(client, 'City corrections recorded');
  await expect(dialog.getByText('City corrections (1 open)').first()).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: 'Item 1' })).toContainText(
    'Dimension the rear setback on the site plan',
  );
  // Nothing spills sideways on a phone.
  expect(await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await noSeriousAxeViolations(client);
});
