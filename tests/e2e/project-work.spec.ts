import type { Page } from '@playwright/test';
import type { ProjectResponse } from '../../functions/features/projects/contracts.js';
import { acceptDesignerInvitation } from './support/designer-invite.js';
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
 * Issue 8 in Chromium, one browser context per person: the admin assigns a designer by e-mail before
 * that designer has an account; the designer registers, finds the project, moves it to needs_revision,
 * ticks a task, uploads a deliverable and comments; the admin approves one comment and rejects
 * another; the client sees the deliverable and the status; the rejected comment is gone from every
 * view but present in the project's event history.
 */

const DESCRIPTION =
  'A 1920s bungalow gets a rear extension with a family room and a new primary suite. The existing kitchen stays ' +
  'where ' +
  ('it is but opens to the new family room; the old back porch becomes a mudroom. We would like a calm palette, lots ' +
    'of ') +
  ('built-in storage and a layout that keeps the garden visible from the kitchen sink. Please start with the floor ' +
    'plan.');

const DELIVERABLE =
  '%PDF-1.4\n% the designer deliverable\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

async function toast(page: Page, title: string) {
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
}

test(
  'admin assigns by e-mail, the designer works the ' + 'project, the admin moderates, the client sees the result',
  async ({ browser, runtime }) => {
    test.setTimeout(180_000);
    const newContextPage = async () => (await browser.newContext()).newPage();

    // The client submits a project.
    const client = await newContextPage();
    const clientAccount = { fullName: 'Casey Client', email: uniqueEmail('client'), password: PASSWORD };
    await signUpInBrowser(client, clientAccount);
    await signInInBrowser(client, clientAccount);
    const title = `Bungalow extension ${Date.now().toString(36)}`;
    const created = await apiFromPage<ProjectResponse>(client, 'POST', '/api/projects', {
      title,
      project_category: 'Design',
      project_type: 'Architectural Design',
      property_type: 'single_family',
      deliverables: ['Schematic Floor Plans', 'Exterior Elevations'],
      description: DESCRIPTION,
      design_priority: ['Layout Optimization'],
      area_sqft: 2100,
      existing_plans: false,
      permit_needs: null,
      room_selection: ['Kitchen'],
      room_notes: null,
      inspiration_links: [],
      checklist: [
        { task_name: 'Measure existing house', estimated_hours: 2 },
        { task_name: 'Extension floor plan', estimated_hours: 6 },
        { task_name: 'Elevations', estimated_hours: 4 },
      ],
      grok_generated: true,
    });
    expect(created.status).toBe(201);
    const projectId = created.body.project.id;

    // The admin pre-authorises the designer's e-mail and assigns it in the management dialog.
    const admin = await newContextPage();
    await admin.goto('/auth');
    await signInInBrowser(admin, runtime.seeded.admin);
    const designerEmail = uniqueEmail('designer');
    expect((await apiFromPage(admin, 'POST', '/api/designers', { email: designerEmail })).status).toBeLessThan(300);
    await runtime.settle();
    await admin.goto('/board');
    await admin.getByRole('region', { name: 'Queued' }).getByRole('button', { name: title }).click();
    const manage = admin.getByRole('dialog', { name: title });
    await expect(manage.getByRole('tab')).toHaveText([
      'Details',
      'Checklist',
      'Management',
      'Files',
      'Activity',
      'History',
    ]);
    const clientPanel = manage.getByLabel('Client information');
    await expect(clientPanel.getByText('Casey Client')).toBeVisible();
    await expect(clientPanel.getByText('Studio North')).toBeVisible();
    await expect(clientPanel.getByText('+1 555 010 2030')).toBeVisible();
    await expect(clientPanel.getByText('No active subscription')).toBeVisible();
    await manage.getByRole('tab', { name: 'Management' }).click();
    await manage.getByLabel('Assigned Designer').selectOption({ label: `${designerEmail} (pre-authorized)` });
    await toast(admin, `Designer assigned successfully: ${designerEmail}`);
    await manage.getByLabel('Priority').selectOption('Urgent');
    await toast(admin, 'Project updated successfully');
    await manage.getByRole('button', { name: 'Close dialog' }).click();

    // The designer registers afterwards, and finds the project on /designer.
    const designer = await newContextPage();
    const designerAccount = { fullName: 'Dev Designer', email: designerEmail, password: PASSWORD };
    await signUpInBrowser(designer, designerAccount);
    await signInInBrowser(designer, designerAccount);
    // The invitation link (mailed when the admin added the address) proves it and links the role.
    await acceptDesignerInvitation(designer, runtime, designerEmail);
    await expect(designer.getByRole('heading', { name: 'Welcome back, Dev Designer' })).toBeVisible();
    await expect(designer.getByRole('group', { name: 'Total Assigned' })).toContainText('1');
    const card = designer.locator('article', { has: designer.getByRole('button', { name: title }) });
    await expect(card.getByText('Client: Casey Client')).toBeVisible();
    await expect(card.getByText('Urgent')).toBeVisible();
    await card.getByRole('button', { name: title }).click();
    const work = designer.getByRole('dialog', { name: title });
    await expect(work.getByRole('tab')).toHaveText(['Details', 'Checklist', 'Files', 'Activity']);

    // Status: the queued project reads Queued; the designer may choose In Progress or Needs Review.
    const status = work.getByLabel('Status');
    await expect(status).toHaveValue('queued');
    await expect(status.locator('option')).toHaveText(['Queued', 'In Progress', 'Needs Review']);
    await status.selectOption({ label: 'Needs Review' });
    await toast(designer, 'Status updated successfully');

    // A task.
    await work.getByRole('tab', { name: 'Checklist' }).click();
    await setCheckbox(work.getByRole('checkbox', { name: 'Extension floor plan' }));
    await toast(designer, 'Task completed');
    await expect(work.getByRole('checkbox', { name: 'Extension floor plan' })).toBeChecked();

    // A deliverable, through the checked presigned path.
    await work.getByRole('tab', { name: 'Files' }).click();
    await expect(work.getByText('No deliverables uploaded yet')).toBeVisible();
    await work
      .getByLabel('Upload Deliverable')
      .setInputFiles({ name: 'floor plan v1.pdf', mimeType: 'application/pdf', buffer: Buffer.from(DELIVERABLE) });
    await toast(designer, 'File uploaded successfully');
    await expect(work.getByLabel('Deliverables').getByText('floor_plan_v1.pdf')).toBeVisible();

    // Two comments: Enter posts, Shift+Enter is a new line; blank is not sent.
    await work.getByRole('tab', { name: 'Activity' }).click();
    const box = work.getByLabel('Add a comment');
    await expect(box).toHaveAttribute('rows', '2');
    await expect(work.getByRole('button', { name: 'Post Comment' })).toBeDisabled();
    await box.fill('   ');
    await expect(work.getByRole('button', { name: 'Post Comment' })).toBeDisabled();
    await box.fill('First floor plan uploaded.');
    await box.press('Shift+Enter');
    await box.pressSequentially('Please review the kitchen.');
    await box.press('Enter');
    await toast(designer, 'Comment posted');
    await expect(box).toHaveValue('');
    const hostile = '<img src=x onerror="window.__pwned=1"><b>Rejected</b> remark';
    await box.fill(hostile);
    await work.getByRole('button', { name: 'Post Comment' }).click();
    await expect(work.getByText(hostile)).toBeVisible();
    await expect(work.getByText('Pending Approval')).toHaveCount(2);
    expect(await designer.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await runtime.settle();

    // The admin moderates: approves the first comment, rejects the second.
    await admin.goto('/board');
    await admin.getByRole('region', { name: 'Needs Revision' }).getByRole('button', { name: title }).click();
    await manage.getByRole('tab', { name: 'Activity' }).click();
    const firstComment = manage
      .getByRole('listitem', { name: 'Comment by Dev Designer' })
      .filter({ hasText: 'First floor plan uploaded.' });
    const secondComment = manage
      .getByRole('listitem', { name: 'Comment by Dev Designer' })
      .filter({ hasText: 'Rejected' });
    await expect(firstComment.getByText('Pending Approval')).toBeVisible();
    await expect(firstComment.getByText('Designer', { exact: true })).toBeVisible();
    await expect(firstComment.locator('.feed__text')).toHaveText(
      'First floor plan uploaded.\nPlease review the kitchen.',
    );
    await expect(secondComment.getByText(hostile)).toBeVisible();
    await firstComment.getByRole('button', { name: 'Approve' }).click();
    await toast(admin, 'Comment approved');
    await expect(firstComment.getByText('Pending Approval')).toHaveCount(0);
    await secondComment.getByRole('button', { name: 'Reject' }).click();
    await toast(admin, 'Comment rejected and removed');
    await expect(manage.getByText(hostile)).toHaveCount(0);
    const log = manage.getByLabel('Activity log');
    await expect(log.getByText('Status changed to Needs Revision')).toBeVisible();
    await expect(log.getByText('Designer updated status from Queued to Needs Revision')).toBeVisible();
    await expect(log.getByText('Task completed')).toBeVisible();
    await expect(log.getByText('Deliverable uploaded')).toBeVisible();
    await expect(log.getByText('Comment approved')).toHaveCount(0);
    await expect(log.getByText('Comment rejected')).toHaveCount(0);
    await runtime.settle();

    // The client: the status on the board, the deliverable in Files, only the approved comment.
    await client.goto('/board');
    const column = client.getByRole('region', { name: 'Needs Revision' });
    await expect(column.getByRole('button', { name: title })).toBeVisible();
    await column.getByRole('button', { name: title }).click();
    const detail = client.getByRole('dialog', { name: title });
    await detail.getByRole('tab', { name: 'Files' }).click();
    await expect(detail.getByText('floor_plan_v1.pdf')).toBeVisible();
    await expect(detail.getByText(/^Deliverable ·/)).toBeVisible();
    await detail.getByRole('tab', { name: 'Activity' }).click();
    await expect(
      detail
        .getByRole('listitem', { name: 'Comment by Dev Designer' })
        .getByText('First floor plan uploaded.', { exact: false }),
    ).toBeVisible();
    await expect(detail.getByText(hostile)).toHaveCount(0);
    await expect(detail.getByText('Pending Approval')).toHaveCount(0);
    await expect(detail.getByLabel('Add a comment')).toHaveCount(0);
    await expect(detail.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    // The designer no longer sees the rejected comment either.
    await designer.reload();
    await designer.getByRole('button', { name: title }).click();
    await work.getByRole('tab', { name: 'Activity' }).click();
    await expect(
      work
        .getByRole('listitem', { name: 'Comment by Dev Designer' })
        .getByText('First floor plan uploaded.', { exact: false }),
    ).toBeVisible();
    await expect(work.getByText(hostile)).toHaveCount(0);

    // The moderation queue is empty for this project, and the history keeps the rejected comment.
    const queue = await apiFromPage<{ comments: { project_id: string }[] }>(admin, 'GET', '/api/moderation');
    expect(queue.body.comments.filter((comment) => comment.project_id === projectId)).toEqual([]);
    const audit = await apiFromPage<{ events: { type: string; data: Record<string, unknown> }[] }>(
      admin,
      'GET',
      `/api/audit/project-${projectId}`,
    );
    expect(audit.status).toBe(200);
    expect(audit.body.events.some((event) => event.type === 'CommentPosted' && event.data.content === hostile)).toBe(
      true,
    );
    expect(audit.body.events.some((event) => event.type === 'CommentRejected')).toBe(true);
  },
);
