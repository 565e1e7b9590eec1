import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { ProjectResponse, SubmitProjectBody } from '../../functions/features/projects/contracts.js';
import {
  PASSWORD,
  apiFromPage,
  createTeamInBrowser,
  expect,
  idTokenOf,
  proveEmailInDialog,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
  withChecklistReceipt,
} from './support/fixtures.js';

/**
 * Issue 7, the client area in Chromium: a new client's empty dashboard; after a submission the
 * counters, the recent list, the board column and the detail dialog (three tabs, the checklist
 * dialog, a download returning the uploaded bytes) show the project; a second client sees nothing.
 */

const DESCRIPTION =
  'A two-storey townhouse gets a new kitchen and an open living area. The wall between kitchen and dining room goes, ' +
  ('the stair is turned to face the entrance, and the upstairs bathroom is enlarged into the old linen closet. We ' +
    'want ') +
  'light oak, white walls and black steel windows, and we would like two layout options for the kitchen island first.';

const submission = (title: string): SubmitProjectBody => ({
  title,
  project_category: 'Design',
  project_type: 'Concept Design',
  property_type: 'single_family',
  deliverables: ['Layout Plan', 'Concept Render', 'Style Board'],
  description: DESCRIPTION,
  design_priority: ['Layout Optimization', 'Visualization'],
  area_sqft: 1640,
  existing_plans: true,
  permit_needs: null,
  room_selection: ['Kitchen', 'Living Room'],
  room_notes: 'Keep the fireplace <b>as is</b>.',
  inspiration_links: ['https://example.com/inspiration/oak-kitchen'],
  project_address: '12 Elm Street, Springfield',
  checklist: [
    { task_name: 'Review existing plans', estimated_hours: 1.5 },
    { task_name: 'Kitchen layout options', estimated_hours: 4 },
    { task_name: 'Living area furniture plan', estimated_hours: 3 },
    { task_name: 'Concept render', estimated_hours: 5.25 },
    { task_name: 'Style board', estimated_hours: 2 },
  ],
});

const SURVEY =
  '%PDF-1.4\n% site survey for the e2e test\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

/** Uploads a client file the way the SPA does: presigned POST, the bytes to storage, then record. */
async function uploadThroughApi(page: Page, projectId: string, name: string, text: string, type: string) {
  const token = await idTokenOf(page);
  return page.evaluate(
    async ({ projectId, name, text, type, token }) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const presign = await fetch(`/api/projects/${projectId}/uploads`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          file_name: name,
          content_type: type,
          file_size: new Blob([text]).size,
          file_type: 'client_upload',
        }),
      });
      const presigned = await presign.json();
      const form = new FormData();
      for (const [field, value] of Object.entries(presigned.upload.fields as Record<string, string>))
        form.append(field, value);
      form.append('file', new Blob([text], { type }), name);
      const stored = await fetch(presigned.upload.url, { method: 'POST', body: form });
      if (!stored.ok) throw new Error(`storage answered ${stored.status}`);
      const recorded = await fetch(`/api/projects/${projectId}/files`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ key: presigned.key }),
      });
      return { status: recorded.status, body: await recorded.json() };
    },
    { projectId, name, text, type, token },
  );
}

test('a client follows a project from the empty dashboard to the detail dialog; another client sees nothing', async ({
  page,
  browser,
  runtime,
}) => {
  const account = { fullName: 'Quinn Client', email: uniqueEmail(), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The empty dashboard.
  // The first visit says 'Welcome', later ones 'Welcome back' (issue 36).
  await expect(page.getByText(`Welcome, ${account.fullName}!`)).toBeVisible();
  await page.reload();
  await expect(page.getByText(`Welcome back, ${account.fullName}!`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start Your First Project' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Your First Project' })).toHaveAttribute('href', '/submit');
  await expect(page.getByText("You haven't submitted any projects yet.", { exact: false })).toBeVisible();
  await expect(page.getByText('0 projects')).toBeVisible();
  await expect(page.getByText('Interior Designer')).toBeVisible();
  await expect(page.getByText('Studio North')).toBeVisible();
  for (const status of ['Queued', 'In Progress', 'Needs Revision', 'Delivered']) {
    await expect(page.getByRole('group', { name: status })).toContainText('0');
  }
  await expect(page.getByRole('heading', { name: 'Recent Projects' })).toHaveCount(0);

  // A submission (the API the wizard calls), a client file, and an admin ticking the first task.
  const title = `Townhouse kitchen ${Date.now().toString(36)}`;
  // As the wizard sends it: with the checklist step's receipt (the card's and dialog's AI flag follow it).
  const created = await apiFromPage<ProjectResponse>(
    page,
    'POST',
    '/api/projects',
    await withChecklistReceipt(page, submission(title)),
  );
  expect(created.status).toBe(201);
  const projectId = created.body.project.id;
  const uploaded = await uploadThroughApi(page, projectId, 'site survey.pdf', SURVEY, 'application/pdf');
  expect(uploaded.status).toBe(201);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/auth');
  await signInInBrowser(adminPage, runtime.seeded.admin);
  const ticked = await apiFromPage(adminPage, 'PATCH', `/api/projects/${projectId}/tasks/${projectId}-t1`, {
    completed: true,
  });
  expect(ticked.status).toBe(200);
  await adminContext.close();
  await runtime.settle();

  // The dashboard: counters, count, recent list.
  await page.reload();
  await expect(page.getByText('1 project', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Queued' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'Delivered' })).toContainText('0');
  await expect(page.getByRole('heading', { name: 'Start Your First Project' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Recent Projects' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All Projects' })).toHaveAttribute('href', '/board');
  await page.getByRole('button', { name: title }).click();

  // The detail dialog: Details.
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveText(['Details', 'Files', 'Activity']);
  await expect(dialog.getByText('Queued', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Concept Design', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Single Family')).toBeVisible();
  await expect(dialog.getByText('1640 sq ft')).toBeVisible();
  await expect(dialog.getByText('12 Elm Street, Springfield')).toBeVisible();
  await expect(dialog.getByText(/^\d+ to \d+ business days$/)).toBeVisible();
  await expect(dialog.getByText('Layout Plan, Concept Render, Style Board')).toBeVisible();
  await expect(dialog.getByText('Layout Optimization, Visualization')).toBeVisible();
  await expect(dialog.getByText('Kitchen, Living Room')).toBeVisible();
  // Text stays text: the notes' markup is shown, not rendered.
  await expect(dialog.getByText('Keep the fireplace <b>as is</b>.')).toBeVisible();
  const link = dialog.getByRole('link', { name: 'https://example.com/inspiration/oak-kitchen' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(dialog.getByText('Has existing plans/survey')).toBeVisible();
  await expect(dialog.getByText('AI-generated checklist')).toBeVisible();
  const summary = dialog.getByLabel('Checklist summary');
  await expect(summary.getByText('1 of 5 completed')).toBeVisible();
  await expect(summary.getByText('15.8 hours estimated')).toBeVisible();
  await expect(summary.getByRole('listitem')).toHaveText([
    'Review existing plans',
    'Kitchen layout options',
    'Living area furniture plan',
    '+ 2 more tasks',
  ]);

  // The full checklist: the completed task is struck through and marked.
  await summary.getByRole('button', { name: 'View Full Checklist' }).click();
  const checklist = page.getByRole('dialog', { name: 'Project Checklist' });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByRole('listitem')).toHaveCount(5);
  const done = checklist.getByRole('listitem').filter({ hasText: 'Review existing plans' });
  await expect(done.getByText('Completed')).toBeVisible();
  await expect(done.getByText('Review existing plans')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(
    checklist.getByRole('listitem').filter({ hasText: 'Concept render' }).getByText('Completed'),
  ).toHaveCount(0);
  await checklist.getByRole('button', { name: 'Close dialog' }).click();
  await expect(checklist).toBeHidden();

  // Files: read-only, and the download returns the uploaded bytes.
  await dialog.getByRole('tab', { name: 'Files' }).click();
  await expect(dialog.getByText('site_survey.pdf')).toBeVisible();
  await expect(dialog.getByText('Upload Deliverable')).toHaveCount(0);
  const downloadPromise = new Promise<import('@playwright/test').Download>((resolve) => {
    page.context().on('page', (tab) => tab.on('download', resolve));
    page.on('download', resolve);
  });
  await dialog.getByRole('button', { name: 'Download site_survey.pdf' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('site_survey.pdf');
  expect(await readFile((await download.path())!, 'utf8')).toBe(SURVEY);

  // Activity: read-only, no comment box.
  await dialog.getByRole('tab', { name: 'Activity' }).click();
  const feed = dialog.getByLabel('Activity log');
  await expect(feed.getByText('Project submitted')).toBeVisible();
  await expect(feed.getByText('File uploaded')).toBeVisible();
  await expect(feed.getByText('Task completed')).toBeVisible();
  await expect(dialog.getByText('No comments yet')).toBeVisible();
  await expect(dialog.getByLabel('Add a comment')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close dialog' }).first().click();
  await expect(dialog).toBeHidden();

  // The board: the card in Queued, the other columns empty.
  await page.getByRole('link', { name: 'Project Board' }).click();
  await expect(page).toHaveURL(/\/board$/);
  const queued = page.getByRole('region', { name: 'Queued' });
  const card = queued.locator('article', { has: page.getByRole('button', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Layout Plan')).toBeVisible();
  await expect(card.getByText('+1 more')).toBeVisible();
  await expect(card.getByText('AI', { exact: true })).toBeVisible();
  for (const column of ['In Progress', 'Needs Revision', 'Delivered']) {
    await expect(page.getByRole('region', { name: column }).getByText('No projects')).toBeVisible();
  }
  await card.getByRole('button', { name: title }).click();
  await expect(page.getByRole('dialog', { name: title }).getByRole('tab', { name: 'Details' })).toBeVisible();

  // A second client sees none of it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const second = { fullName: 'Riley Other', email: uniqueEmail(), password: PASSWORD };
  await signUpInBrowser(otherPage, second);
  await signInInBrowser(otherPage, second);
  await expect(otherPage.getByRole('heading', { name: 'Start Your First Project' })).toBeVisible();
  await expect(otherPage.getByText(title)).toHaveCount(0);
  await otherPage.goto('/board');
  await expect(otherPage.getByRole('region', { name: 'Queued' }).getByText('No projects')).toBeVisible();
  const peek = await apiFromPage(otherPage, 'GET', `/api/projects/${projectId}`);
  expect(peek.status).toBe(404);
  await other.close();
});

test('the dashboard and the board each make one projects request, no per-card calls', async ({ page, runtime }) => {
  const account = { fullName: 'Pat Counter', email: uniqueEmail(), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  for (let i = 0; i < 3; i += 1) {
    expect((await apiFromPage(page, 'POST', '/api/projects', submission(`Counted project ${i + 1}`))).status).toBe(201);
  }
  await runtime.settle();

  const projectCalls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/projects')) projectCalls.push(`${request.method()} ${path}`);
  });
  await page.goto('/dashboard');
  await expect(page.getByText('3 projects')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Counted project 3' })).toBeVisible();
  expect(projectCalls).toEqual(['GET /api/projects']);

  projectCalls.length = 0;
  await page.goto('/board');
  await expect(page.getByRole('region', { name: 'Queued' }).getByRole('article')).toHaveCount(3);
  expect(projectCalls).toEqual(['GET /api/projects']);
});

test('a member of the team sees the team project on the dashboard and the board', async ({
  page,
  browser,
  runtime,
}) => {
  const lead = { fullName: 'Lee Lead', email: uniqueEmail('lead'), password: PASSWORD };
  await signUpInBrowser(page, lead);
  await signInInBrowser(page, lead);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The member signs up; the lead makes a team and invites them; they accept with the e-mailed token.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = { fullName: 'Morgan Member', email: uniqueEmail('member'), password: PASSWORD };
  await signUpInBrowser(memberPage, member);
  await signInInBrowser(memberPage, member);

  // A team and its invitations are built on proven addresses: each proves theirs in the dialog once.
  await createTeamInBrowser(page, runtime, lead, 'Lead Studio');
  expect((await apiFromPage(page, 'POST', '/api/team/invites', { email: member.email, role: 'designer' })).status).toBe(
    201,
  );
  const outbox = await page.request.get(`${runtime.url}/outbox.json?to=${encodeURIComponent(member.email)}`);
  const [mail] = (await outbox.json()).messages as { text: string }[];
  const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail!.text)![1]!);
  await memberPage.goto(`/accept-invite?token=${encodeURIComponent(token)}`);
  await proveEmailInDialog(memberPage, runtime, member);
  await expect(memberPage.getByRole('heading', { name: 'Welcome to the Team!' })).toBeVisible();

  const title = `Team townhouse ${Date.now().toString(36)}`;
  expect((await apiFromPage(page, 'POST', '/api/projects', submission(title))).status).toBe(201);
  await runtime.settle();

  await memberPage.goto('/dashboard');
  await expect(memberPage.getByText('1 project', { exact: true })).toBeVisible();
  await expect(memberPage.getByRole('group', { name: 'Queued' })).toContainText('1');
  await memberPage.getByRole('button', { name: title }).click();
  await expect(
    memberPage.getByRole('dialog', { name: title }).getByText('Layout Plan, Concept Render, Style Board'),
  ).toBeVisible();
  await memberPage.goto('/board');
  await expect(memberPage.getByRole('region', { name: 'Queued' }).getByRole('button', { name: title })).toBeVisible();
  await memberContext.close();
});
