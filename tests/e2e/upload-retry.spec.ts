import type { Page, Route } from '@playwright/test';
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
 * A failed upload is shown per file, with its reason and 'Retry', and no 'Success!' beside it: the
 * wizard's uploads (one of two fails for real: the browser's POST to storage is aborted), and the
 * Files tab's deliverable upload. The retry then succeeds.
 */

const BRIEF =
  'A compact city apartment gets a new layout: the kitchen moves to the living room wall, the old kitchen becomes a ' +
  'small study, and the bathroom gains a walk-in shower. We like pale wood, white walls and brass accents, and want ' +
  'as much storage as the plan allows. Please start with two layout options and a first style board for the rooms.';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

test.describe.configure({ timeout: 150_000 });

/**
 * Aborts the browser's next POST to storage (the presigned form, sent straight to S3) that carries a
 * file named `name`, once; everything else goes through. Answers how many it aborted.
 */
async function failStorageUploadOnce(page: Page, name: string) {
  let aborted = 0;
  const handler = async (route: Route) => {
    const request = route.request();
    const toStorage = request.method() === 'POST' && !new URL(request.url()).pathname.startsWith('/api/');
    if (aborted === 0 && toStorage && request.postDataBuffer()?.includes(`filename="${name}"`)) {
      aborted += 1;
      await route.abort('failed');
      return;
    }
    await route.fallback();
  };
  await page.route('**/*', handler);
  return { aborted: () => aborted, stop: () => page.unroute('**/*', handler) };
}

const fileRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Selected files' }).getByRole('listitem', { name, exact: true });

test('the wizard shows each file state, the failed one with its reason and Retry, no Success! until the retry', async ({
  page,
}) => {
  const account = { fullName: 'Una Uploader', email: uniqueEmail('upload-retry'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  await page.goto('/submit');
  const next = page.getByRole('button', { name: 'Next', exact: true });
  const title = `City apartment layout ${Date.now().toString(36)}`;
  await page.getByLabel('Project Title').fill(title);
  await page.getByLabel('Project Category').selectOption('Design');
  await page.getByLabel('Property Type').selectOption('condo');
  await page.getByLabel('Project Type').selectOption('Concept Design');
  await setCheckbox(page.getByLabel('Layout Plan', { exact: true }));
  await next.click();
  await page.getByLabel('Project Description').fill(BRIEF);
  await next.click();
  await page.getByLabel('Project Files').setInputFiles([
    { name: 'site photo.png', mimeType: 'image/png', buffer: PNG },
    { name: 'survey.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await expect(fileRow(page, 'site_photo.png').getByText('Ready', { exact: true })).toBeVisible();
  await expect(fileRow(page, 'survey.pdf').getByText('Ready', { exact: true })).toBeVisible();
  await next.click();
  await page.getByRole('button', { name: 'Generate Checklist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review AI-Generated Checklist' });
  await expect(dialog).toBeVisible();

  const storage = await failStorageUploadOnce(page, 'survey.pdf');
  await dialog.getByRole('button', { name: 'Finalize & Submit Project' }).click();

  // Each file its own state: the photo uploaded, the survey failed with the reason and 'Retry'.
  const photo = dialog.getByRole('listitem', { name: 'site_photo.png', exact: true });
  const survey = dialog.getByRole('listitem', { name: 'survey.pdf', exact: true });
  await expect(survey.getByText('Failed', { exact: true })).toBeVisible();
  await expect(survey.getByText('Unable to upload file. Please try again.')).toBeVisible();
  await expect(survey.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await expect(photo.getByText('Uploaded', { exact: true })).toBeVisible();
  await expect(photo.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  await expect(dialog.getByText('Your project was submitted, but 1 file could not be uploaded')).toBeVisible();
  expect(storage.aborted()).toBe(1);
  // No 'Success!' while a file failed; the failure is said (in place and in the error toast).
  await expect(page.getByText('Success!', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Your project has been submitted' })).toHaveCount(0);
  await expect(page.locator('[role="status"][data-variant="destructive"]').first()).toContainText(
    'Unable to upload file. Please try again.',
  );
  await expect(page).toHaveURL(/\/submit$/);

  // Retry: this time it goes through, and then the submission is complete.
  await storage.stop();
  await survey.getByRole('button', { name: 'Retry' }).click();
  await expect(survey.getByText('Uploaded', { exact: true })).toBeVisible();
  await expect(survey.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  await expect(dialog.getByText('All files uploaded')).toBeVisible();
  await expect(page.getByText('Success!', { exact: true })).toBeVisible();
  await expect(page.getByText('Your project has been submitted with AI-generated checklist.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a failed deliverable upload stays in the Files tab with its reason and Retry, which then succeeds', async ({
  browser,
  runtime,
}) => {
  // A client's project, worked by the seeded admin.
  const client = await (await browser.newContext({ baseURL: runtime.url })).newPage();
  const account = { fullName: 'Ivo Intake', email: uniqueEmail('deliverable-retry'), password: PASSWORD };
  await signUpInBrowser(client, account);
  await signInInBrowser(client, account);
  const title = `Loft conversion ${Date.now().toString(36)}`;
  const created = await apiFromPage(client, 'POST', '/api/projects', {
    title,
    project_category: 'Design',
    project_type: 'Concept Design',
    property_type: 'condo',
    deliverables: ['Layout Plan'],
    description: BRIEF,
    design_priority: [],
    area_sqft: 700,
    existing_plans: false,
    permit_needs: null,
    room_selection: [],
    room_notes: null,
    inspiration_links: [],
    checklist: [{ task_name: 'Layout options', estimated_hours: 3 }],
    grok_generated: true,
  });
  expect(created.status).toBe(201);
  await runtime.settle();

  const admin = await (await browser.newContext({ baseURL: runtime.url })).newPage();
  await admin.goto('/auth');
  await signInInBrowser(admin, runtime.seeded.admin);
  await admin.goto('/board');
  await admin.getByRole('region', { name: 'Queued' }).getByRole('button', { name: title }).click();
  const dialog = admin.getByRole('dialog', { name: title });
  await dialog.getByRole('tab', { name: 'Files' }).click();
  await expect(dialog.getByText('No deliverables uploaded yet')).toBeVisible();

  const storage = await failStorageUploadOnce(admin, 'layout v1.pdf');
  await dialog
    .getByLabel('Upload Deliverable')
    .setInputFiles({ name: 'layout v1.pdf', mimeType: 'application/pdf', buffer: PDF });
  const failed = dialog.getByRole('group', { name: 'Upload of layout v1.pdf failed' });
  await expect(failed).toContainText('Failed:');
  await expect(failed).toContainText('Unable to upload file. Please try again.');
  await expect(admin.getByText('File uploaded successfully', { exact: true })).toHaveCount(0);
  expect(storage.aborted()).toBe(1);

  await storage.stop();
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(admin.getByText('File uploaded successfully', { exact: true })).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(dialog.getByLabel('Deliverables').getByText('layout_v1.pdf').first()).toBeVisible();
});
