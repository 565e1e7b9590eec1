import type { ProjectResponse } from '../../functions/features/projects/contracts.js';
import { PASSWORD, apiFromPage, expect, signInInBrowser, signUpInBrowser, test, uniqueEmail } from './support/fixtures.js';

const DESCRIPTION =
  'A narrow Victorian terrace needs a rear kitchen extension with a glazed roof, a utility room under the stairs and a ' +
  'downstairs shower room. Light is the main problem: the middle of the house is dark all day. We would like two ' +
  'layout options, a material palette in brick and oak, and a rendering of the garden view from the new kitchen.';

/** Two people, two browsers, no reloads: what one does appears on the other's open screen. */
test('a designer comment appears in the admin open dialog, and a status change moves the card on the client open board', async ({ page, browser, runtime }) => {
  const client = { fullName: 'Livia Live', email: uniqueEmail(), password: PASSWORD };
  await signUpInBrowser(page, client);
  await signInInBrowser(page, client);
  const title = `Terrace extension ${Date.now().toString(36)}`;
  const created = await apiFromPage<ProjectResponse>(page, 'POST', '/api/projects', {
    title, project_category: 'Design', project_type: 'Remodel / Space Optimization', property_type: 'townhouse', deliverables: ['Existing Conditions Plan'],
    description: DESCRIPTION, design_priority: [], area_sqft: 1400, existing_plans: false, permit_needs: null, room_selection: ['Kitchen'], room_notes: null,
    inspiration_links: [], checklist: [{ task_name: 'Survey review', estimated_hours: 2 }], grok_generated: true,
  });
  expect(created.status).toBe(201);
  const id = created.body.project.id;
  await runtime.settle();

  const adminContext = await browser.newContext({ baseURL: runtime.url });
  const admin = await adminContext.newPage();
  await admin.goto('/auth');
  await signInInBrowser(admin, runtime.seeded.admin);
  const designerContext = await browser.newContext({ baseURL: runtime.url });
  const designer = await designerContext.newPage();
  await designer.goto('/auth');
  await signInInBrowser(designer, runtime.seeded.designer);
  const designerSub = JSON.parse(Buffer.from((await designer.evaluate(() => Object.entries(localStorage).find(([key]) => key.endsWith('.idToken'))![1])).split('.')[1]!, 'base64url').toString()).sub;
  expect((await apiFromPage(admin, 'PATCH', `/api/projects/${id}`, { designer: { designer_id: designerSub } })).status).toBe(200);
  await runtime.settle();

  // The admin opens the project's Activity; the client looks at the board.
  await admin.goto('/board');
  await admin.getByRole('button', { name: title }).click();
  const dialog = admin.getByRole('dialog', { name: title });
  await dialog.getByRole('tab', { name: 'Activity' }).click();
  await expect(dialog.getByText('No comments yet')).toBeVisible();
  await page.goto('/board');
  await expect(page.getByRole('region', { name: 'Queued' }).getByRole('button', { name: title })).toBeVisible();
  // A reload would wipe these markers.
  await admin.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));
  await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));

  // The designer comments: it appears in the admin's open dialog, pending approval.
  expect((await apiFromPage(designer, 'POST', `/api/projects/${id}/comments`, { content: 'The glazed roof needs a 15 degree pitch.' })).status).toBeLessThan(300);
  // The comment itself (its 'Comment posted' entry in the feed quotes it too).
  await expect(dialog.getByRole('listitem', { name: /^Comment by/ }).getByText('The glazed roof needs a 15 degree pitch.')).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByText('Pending Approval')).toBeVisible();

  // The admin moves the project to In Progress: the card moves on the client's board.
  expect((await apiFromPage(admin, 'PATCH', `/api/projects/${id}`, { status: 'in_progress' })).status).toBe(200);
  await expect(page.getByRole('region', { name: 'In Progress' }).getByRole('button', { name: title })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('region', { name: 'Queued' }).getByRole('button', { name: title })).toHaveCount(0);

  // Neither page was reloaded.
  expect(await admin.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  await adminContext.close();
  await designerContext.close();
});
