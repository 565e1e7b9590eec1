import type { Locator, Page } from '@playwright/test';
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
 * The new project wizard end to end, in Chromium against the embedded runtime: four steps, real
 * uploads (straight to the embedded S3 with a presigned POST, then checked and recorded by the API),
 * the checklist review dialog edited, the submission, and the project on the board with its checklist.
 */

const DESIGN_BRIEF =
  'We are turning a 1960s ranch house into an open-plan family home. The wall between the kitchen and the dining ' +
  'room comes out, the pantry becomes a mudroom with built-in storage, and the primary bathroom gets a curbless ' +
  ('shower. We want warm oak, matte black fixtures and plenty of daylight; please plan the layout first and show two ' +
    'island options.');

const PERMIT_BRIEF =
  'Tenant improvement of a 2,400 sq ft ground-floor retail unit into a neighbourhood cafe. New non-structural ' +
  'partitions ' +
  ('for a kitchen, two accessible restrooms and a storage room; new ceiling and lighting throughout; the storefront ' +
    'stays. ') +
  ('We need a permit set the city will accept on first review, with accessibility and egress clearly documented for ' +
    'plan check.');

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

interface Detail {
  project: {
    id: string;
    title: string;
    status: string;
    checklist: { task_name: string; estimated_hours: number }[];
    checklist_origin: string;
    total_estimated_hours: number;
    estimated_turnaround_days: number;
    files: { id: string; file_name: string; file_type: string; file_category: string; file_size: number }[];
    specifications: Record<string, unknown>;
    [key: string]: unknown;
  };
}

// Long flows (sign-up, four steps, uploads, the board's projection) on a small machine.
test.describe.configure({ timeout: 120_000 });

async function signUpAndIn(page: Page, fullName: string) {
  const account = { fullName, email: uniqueEmail('wizard'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function expectStep(page: Page, n: number, title: string) {
  await expect(page.getByText(`Step ${n} of 4`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

/** The file's row in the list (by its stored, sanitised name). */
const fileRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Selected files' }).getByRole('listitem', { name, exact: true });

/** Edits the generated checklist: rename the first task, remove the second, add one (blank first). */
async function editChecklist(page: Page, dialog: Locator, renamed: string, added: string) {
  const taskFields = dialog.getByRole('textbox', { name: /^Task \d+$/ });
  const generated = await taskFields.count();
  expect(generated).toBeGreaterThanOrEqual(3);
  const removedName = await dialog.getByLabel('Task 2', { exact: true }).inputValue();
  expect(removedName.length).toBeGreaterThan(3);

  await dialog.getByLabel('Task 1', { exact: true }).fill(renamed);
  await dialog.getByRole('button', { name: 'Remove task 2' }).click();
  await expect(taskFields).toHaveCount(generated - 1);
  await dialog.getByRole('button', { name: 'Add Task' }).click();
  await expect(taskFields).toHaveCount(generated);
  const last = `Task ${generated}`;
  await expect(dialog.getByLabel(last, { exact: true })).toHaveValue('');
  await expect(dialog.getByLabel(`${last} hours`, { exact: true })).toHaveValue('1');

  // A blank name blocks the submit.
  await dialog.getByRole('button', { name: 'Finalize & Submit Project' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Please fill in all task names' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('Please fill in all task names');
  await expect(dialog).toBeVisible();

  await dialog.getByLabel(last, { exact: true }).fill(added);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByLabel(`${last} hours`, { exact: true }).fill('2.5');

  // The turnaround follows the hours: N to N+2 business days with N = ceil(total / 2.5).
  const total = Number.parseFloat((await dialog.getByTestId('total-hours').innerText()).replace(' hours', ''));
  const days = Math.ceil(total / 2.5);
  const turnaround = dialog.getByTestId('turnaround');
  await expect(turnaround).toHaveText(`${days} to ${days + 2} business days`);
  await expect(turnaround).toHaveClass(
    days <= 4 ? /turnaround--fast/ : days <= 8 ? /turnaround--medium/ : /turnaround--slow/,
  );
  return { removedName, total, days };
}

async function finalize(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Finalize & Submit Project' }).click();
  await expect(page.getByText('Success!', { exact: true })).toBeVisible();
  await expect(page.getByText('Your project has been submitted with AI-generated checklist.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The project appears on the board (a projection: reload until it has caught up), and its checklist is there. */
async function findOnBoard(page: Page, title: string): Promise<Detail['project']> {
  await page.goto('/board');
  await expect(page.getByRole('heading', { name: 'Project Board' })).toBeVisible();
  const queued = page.getByRole('region', { name: 'Queued' });
  await expect(async () => {
    await page.reload();
    await expect(queued.getByRole('button', { name: title })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const card = queued.locator('article', { has: page.getByRole('button', { name: title }) });
  await expect(card.getByText('AI', { exact: true })).toBeVisible();
  await expect(card.getByText(/^\d+–\d+ days$/)).toBeVisible();

  const list = await apiFromPage<{ projects: { id: string; title: string; checklist_total: number }[] }>(
    page,
    'GET',
    '/api/projects',
  );
  const listed = list.body.projects.find((project) => project.title === title)!;
  expect(listed).toBeDefined();
  const detail = await apiFromPage<Detail>(page, 'GET', `/api/projects/${listed.id}`);
  expect(detail.status).toBe(200);
  expect(listed.checklist_total).toBe(detail.body.project.checklist.length);

  await card.getByRole('button', { name: title }).click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  return detail.body.project;
}

test(
  'a Design project goes through the four steps with two files (one refused), an edited checklist, and reaches ' +
    'the board',
  async ({ page }) => {
    await signUpAndIn(page, 'Dana Design');
    await page.getByRole('link', { name: 'Start Your First Project' }).click();
    await expect(page).toHaveURL(/\/submit$/);
    await expect(page.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard');

    // Step 1: Project Basics.
    await expectStep(page, 1, 'Project Basics');
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect(next).toBeDisabled();
    const title = `Ranch house open plan ${Date.now().toString(36)}`;
    await page.getByLabel('Project Title').fill(title);
    await page.getByLabel('Project Category').selectOption('Permit');
    await page.getByLabel('Property Type').selectOption('commercial');
    await page.getByLabel('Project Type').selectOption('New Construction Permit Set');
    await setCheckbox(page.getByLabel('Site Plan'));
    // Changing the category clears project type, property type and deliverables.
    await page.getByLabel('Project Category').selectOption('Design');
    await expect(page.getByLabel('Project Type')).toHaveValue('');
    await expect(page.getByLabel('Property Type')).toHaveValue('');
    await expect(page.getByText('Choose a project type to see its deliverables.')).toBeVisible();
    await expect(page.getByLabel('Property Type').locator('option', { hasText: 'Vacation Rental' })).toHaveCount(1);
    await page.getByLabel('Property Type').selectOption('single_family');
    await page.getByLabel('Project Type').selectOption('Concept Design');
    for (const deliverable of ['Layout Plan', 'Concept Render', 'Style Board'])
      await expect(page.getByLabel(deliverable, { exact: true })).not.toBeChecked();
    await page.getByRole('button', { name: 'Select All Deliverables' }).click();
    for (const deliverable of ['Layout Plan', 'Concept Render', 'Style Board'])
      await expect(page.getByLabel(deliverable, { exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Deselect All Deliverables' }).click();
    await expect(next).toBeDisabled();
    // Changing the project type clears the deliverables.
    await setCheckbox(page.getByLabel('Layout Plan', { exact: true }));
    await page.getByLabel('Project Type').selectOption('Interior Design');
    await expect(page.getByLabel('Furniture Layout Plan')).not.toBeChecked();
    await expect(next).toBeDisabled();
    await page.getByLabel('Project Type').selectOption('Concept Design');
    await setCheckbox(page.getByLabel('Layout Plan', { exact: true }));
    await setCheckbox(page.getByLabel('Concept Render', { exact: true }));
    await expect(next).toBeEnabled();
    await next.click();

    // Step 2: Design Details, 300 characters at least.
    await expectStep(page, 2, 'Design Details');
    await expect(page.getByText('0/300 minimum characters')).toBeVisible();
    await page.getByLabel('Project Description').fill('Too short.');
    await expect(page.getByText('10/300 minimum characters')).toBeVisible();
    await expect(next).toBeDisabled();
    await page.getByLabel('Project Description').fill(DESIGN_BRIEF);
    await expect(page.getByText(`${DESIGN_BRIEF.length}/300 minimum characters`)).toBeVisible();
    await setCheckbox(page.getByLabel('Layout Optimization'));
    await setCheckbox(page.getByLabel('Finishes & Materials'));
    await next.click();

    // Step 3: Uploads & References. A PDF with a long name, and an executable the rules refuse.
    await expectStep(page, 3, 'Uploads & References');
    await page.getByLabel('Project Files').setInputFiles([
      { name: 'Existing conditions survey north wing 2024.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ fake executable') },
    ]);
    const survey = fileRow(page, 'Existing_conditions_survey_north_wing_2024.pdf');
    await expect(survey.getByText('Existing_conditions_surve….pdf', { exact: true })).toBeVisible();
    await expect(survey.getByText('Ready', { exact: true })).toBeVisible();
    const refused = fileRow(page, 'setup.exe');
    await expect(refused.getByText('Failed', { exact: true })).toBeVisible();
    await expect(
      refused.getByText('Invalid file type. Please upload PDF, images, DWG, or document files.'),
    ).toBeVisible();
    await expect(refused.getByRole('button', { name: 'Retry Available' })).toBeDisabled();
    await expect(refused.getByText('You can retry after project creation')).toBeVisible();
    // At most 10 files.
    await page
      .getByLabel('Project Files')
      .setInputFiles(
        Array.from({ length: 9 }, (_, i) => ({ name: `photo-${i}.png`, mimeType: 'image/png', buffer: PNG })),
      );
    await expect(page.getByText('Too many files', { exact: true })).toBeVisible();
    await expect(page.getByText('You can upload a maximum of 10 files.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(2);
    // Inspiration links: Enter or Add, trimmed.
    await page.getByLabel('Inspiration Links').fill('  https://example.com/warm-oak-kitchen  ');
    await page.getByLabel('Inspiration Links').press('Enter');
    await page.getByLabel('Inspiration Links').fill('pinterest.com/pin/123');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const links = page.getByRole('list', { name: 'Links added' });
    await expect(links.getByRole('link', { name: 'https://example.com/warm-oak-kitchen' })).toBeVisible();
    await expect(links.getByRole('link', { name: 'https://pinterest.com/pin/123' })).toBeVisible();
    await setCheckbox(page.getByLabel('Kitchen', { exact: true }));
    await setCheckbox(page.getByLabel('Dining Room', { exact: true }));
    await page.getByLabel('Room Notes').fill('Keep the kitchen window where it is.');
    await next.click();

    // Step 4: Project Specifications & Measurements.
    await expectStep(page, 4, 'Project Specifications & Measurements');
    await expect(page.getByLabel('Ceiling Height (ft)')).toHaveAttribute('step', '0.5');
    await page.getByLabel('Total Area (sq ft)').fill('1850');
    await page.getByLabel('Ceiling Height (ft)').fill('9.5');
    await page.getByLabel('Preferred Materials').fill('White oak, honed marble, matte black fixtures');
    await page.getByRole('button', { name: 'Generate Checklist' }).click();

    const dialog = page.getByRole('dialog', { name: 'Review AI-Generated Checklist' });
    await expect(dialog).toBeVisible();
    const renamed = 'Walk through the brief and photos with the client';
    const added = 'Sketch a second kitchen island option';
    const { removedName, total, days } = await editChecklist(page, dialog, renamed, added);
    await finalize(page, dialog);

    const project = await findOnBoard(page, title);
    expect(project).toMatchObject({
      status: 'queued',
      project_category: 'Design',
      project_type: 'Concept Design',
      deliverables: ['Layout Plan', 'Concept Render'],
      design_priority: ['Layout Optimization', 'Finishes & Materials'],
      room_selection: ['Kitchen', 'Dining Room'],
      room_notes: 'Keep the kitchen window where it is.',
      inspiration_links: ['https://example.com/warm-oak-kitchen', 'https://pinterest.com/pin/123'],
      area_sqft: 1850,
      specifications: { ceiling_height: 9.5, preferred_materials: 'White oak, honed marble, matte black fixtures' },
      // The checklist step's receipt proves the checklist, changed by the client: the flag follows.
      checklist_origin: 'edited',
      grok_generated: true,
      total_estimated_hours: total,
      estimated_turnaround_days: days,
    });
    const names = project.checklist.map((task) => task.task_name);
    expect(names[0]).toBe(renamed);
    expect(names.at(-1)).toBe(added);
    expect(project.checklist.at(-1)!.estimated_hours).toBe(2.5);
    expect(names).not.toContain(removedName);
    // Only the accepted file was uploaded and recorded, under its sanitised name.
    expect(project.files).toHaveLength(1);
    expect(project.files[0]).toMatchObject({
      file_name: 'Existing_conditions_survey_north_wing_2024.pdf',
      file_type: 'client_upload',
      file_category: 'application/pdf',
      file_size: PDF.length,
    });
    const link = await apiFromPage<{ url: string }>(
      page,
      'GET',
      `/api/projects/${project.id}/files/${project.files[0]!.id}`,
    );
    expect(link.status).toBe(200);
    const downloaded = await page.request.get(link.body.url);
    expect(Buffer.from(await downloaded.body()).equals(PDF)).toBe(true);
  },
);

test('a Permit project needs its permit context, uploads a photo (an HTML file refused) and reaches the board', async ({
  page,
}) => {
  await signUpAndIn(page, 'Parker Permit');
  await page.goto('/submit');
  await expectStep(page, 1, 'Project Basics');
  const next = page.getByRole('button', { name: 'Next', exact: true });
  const title = `Corner cafe tenant improvement ${Date.now().toString(36)}`;
  await page.getByLabel('Project Title').fill(title);
  await page.getByLabel('Project Category').selectOption('Permit');
  await expect(page.getByLabel('Property Type').locator('option', { hasText: 'Vacation Rental' })).toHaveCount(0);
  await page.getByLabel('Property Type').selectOption('commercial');
  await page.getByLabel('Project Type').selectOption('Remodel / Tenant Improvement Permit Set');
  await page.getByRole('button', { name: 'Select All Deliverables' }).click();
  await expect(page.getByLabel('Reflected Ceiling Plan')).toBeChecked();
  await next.click();

  await expectStep(page, 2, 'Project Details');
  await expect(page.getByRole('group', { name: 'Design Priorities' })).toHaveCount(0);
  await page.getByLabel('Project Description').fill(PERMIT_BRIEF);
  await setCheckbox(page.getByLabel('I have existing plans or drawings of the property'));
  await next.click();

  await expectStep(page, 3, 'Uploads & References');
  await expect(page.getByLabel('Inspiration Links')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Rooms' })).toHaveCount(0);
  await page.getByLabel('Project Files').setInputFiles([
    { name: 'storefront photo.png', mimeType: 'image/png', buffer: PNG },
    { name: 'listing.html', mimeType: 'text/html', buffer: Buffer.from('<html></html>') },
  ]);
  await expect(fileRow(page, 'storefront_photo.png').getByText('Ready', { exact: true })).toBeVisible();
  await expect(fileRow(page, 'listing.html').getByText('Failed', { exact: true })).toBeVisible();
  await next.click();

  // Step 4: the address, the building area and the scope summary are required.
  await expectStep(page, 4, 'Permit Context & Property Details');
  const generate = page.getByRole('button', { name: 'Generate Checklist' });
  await expect(generate).toBeDisabled();
  await page.getByLabel('Project Address').fill('410 Market St, San Francisco, CA');
  await page.getByLabel('Building Area (sq ft)').fill('2400.5');
  await expect(generate).toBeDisabled();
  await page
    .getByLabel('Permit Scope Summary')
    .fill('Non-structural tenant improvement: cafe kitchen, two accessible restrooms, new ceiling and lighting.');
  await page.getByLabel('Lot Area (sq ft)').fill('5000');
  await page.getByLabel('Zoning / Permit Type').fill('NC-2 commercial alteration permit');
  await setCheckbox(page.getByLabel('Requires city review (plan check)'));
  await expect(generate).toBeEnabled();
  // Previous keeps what was entered.
  await page.getByRole('button', { name: 'Previous' }).click();
  await expectStep(page, 3, 'Uploads & References');
  await next.click();
  await expect(page.getByLabel('Building Area (sq ft)')).toHaveValue('2400.5');
  await generate.click();

  const dialog = page.getByRole('dialog', { name: 'Review AI-Generated Checklist' });
  await expect(dialog).toBeVisible();
  // Cancel closes the review and keeps the wizard as it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expectStep(page, 4, 'Permit Context & Property Details');
  await generate.click();
  await expect(dialog).toBeVisible();
  const { removedName, total, days } = await editChecklist(
    page,
    dialog,
    'Verify the existing plans against a site walk',
    'Coordinate the accessible restroom layout with the owner',
  );
  await finalize(page, dialog);

  const project = await findOnBoard(page, title);
  expect(project).toMatchObject({
    project_category: 'Permit',
    property_type: 'commercial',
    project_type: 'Remodel / Tenant Improvement Permit Set',
    area_sqft: 2400.5,
    project_address: '410 Market St, San Francisco, CA',
    permit_needs:
      'Non-structural tenant improvement: cafe kitchen, two accessible restrooms, new ceiling and lighting.',
    existing_plans: true,
    specifications: {
      lot_area: 5000,
      zoning_permit_type: 'NC-2 commercial alteration permit',
      requires_city_review: true,
    },
    total_estimated_hours: total,
    estimated_turnaround_days: days,
  });
  expect(project.deliverables).toHaveLength(5);
  const names = project.checklist.map((task) => task.task_name);
  expect(names[0]).toBe('Verify the existing plans against a site walk');
  expect(names).toContain('Coordinate the accessible restroom layout with the owner');
  expect(names).not.toContain(removedName);
  expect(names.some((name) => /plan-check/.test(name))).toBe(true);
  expect(project.files.map((file) => [file.file_name, file.file_category])).toEqual([
    ['storefront_photo.png', 'image/png'],
  ]);
});
