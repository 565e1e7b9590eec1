import { readFile } from 'node:fs/promises';
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

const DESCRIPTION =
  'A detached garage becomes a 480 sq ft accessory dwelling unit with a kitchenette, a bathroom with a walk-in ' +
  'shower, ' +
  'and a sleeping loft. The slab stays; the roof is re-framed for the loft and two skylights. We need a layout that ' +
  'meets egress and keeps the existing side door, plus a finish palette in light oak and white.';

test('an admin opens a project history, steps back to before a status change, and exports the CSV', async ({
  page,
  browser,
  runtime,
}) => {
  const owner = { fullName: 'Audrey Owner', email: uniqueEmail(), password: PASSWORD };
  await signUpInBrowser(page, owner);
  await signInInBrowser(page, owner);
  const created = await apiFromPage<ProjectResponse>(page, 'POST', '/api/projects', {
    title: 'Garage ADU',
    project_category: 'Design',
    project_type: 'ADU / Addition Design',
    property_type: 'adu',
    deliverables: ['ADU / Addition Floor Plan'],
    description: DESCRIPTION,
    design_priority: [],
    area_sqft: 480,
    existing_plans: true,
    permit_needs: null,
    room_selection: [],
    room_notes: null,
    inspiration_links: [],
    checklist: [{ task_name: 'Egress study', estimated_hours: 2 }],
    grok_generated: true,
  });
  expect(created.status).toBe(201);
  const id = created.body.project.id;

  const adminContext = await browser.newContext({ baseURL: runtime.url });
  const admin = await adminContext.newPage();
  await admin.goto('/auth');
  await signInInBrowser(admin, runtime.seeded.admin);
  const changed = await apiFromPage(admin, 'PATCH', `/api/projects/${id}`, { status: 'in_progress' });
  expect(changed.status).toBe(200);
  await runtime.settle();

  await admin.goto(`/admin/audit?stream=project-${id}`);
  await expect(admin.getByTestId('chain-verdict')).toHaveText(/Chain intact · 2 events verified/);
  const timeline = admin.getByRole('list', { name: 'Events, oldest first' });
  await expect(timeline.getByRole('button', { name: /Version 1: Project Submitted/ })).toBeVisible();
  await expect(timeline.getByRole('button', { name: /Version 2: Project Status Changed/ })).toBeVisible();
  // The timeline says what changed in the studio's words; the export keeps the stored values.
  await expect(timeline.getByText('In Progress', { exact: true })).toBeVisible();
  await expect(timeline.getByText('in_progress', { exact: true })).toHaveCount(0);
  await expect(admin.getByRole('heading', { name: 'State as of version 2 (current)' })).toBeVisible();
  await expect(admin.getByTestId('audit-state')).toContainText('In Progress');

  await admin.getByRole('button', { name: 'Step back' }).click();
  await expect(admin.getByRole('heading', { name: 'State as of version 1' })).toBeVisible();
  await expect(admin.getByTestId('audit-state')).toContainText('Queued');

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`project-${id}-history.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toContain('"version","at","type"');
  expect(lines[2]).toContain('"ProjectStatusChanged"');
  expect(lines[2]).toContain('status: queued → in_progress');

  // On a phone, ids and long values wrap: the history stays as wide as the screen.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  await expect(admin.getByTestId('chain-verdict')).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const first = await timeline.getByRole('listitem').first().boundingBox();
  expect(first!.x + first!.width).toBeLessThanOrEqual(390);
  await adminContext.close();
});
