import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from '@playwright/test';
import {
  PASSWORD,
  apiFromPage,
  expect,
  idTokenOf,
  setCheckbox,
  signInInBrowser,
  test,
  uniqueEmail,
  type E2ERuntime,
} from './support/fixtures.js';

/**
 * The admin dashboard (docs/product.md#screens /admin) in Chromium, through every tab, with data seeded through the
 * API: three clients, six projects, the seeded designer with two assignments and two pending comments.
 * The tests share one runtime and run in order; 'Sign Out All Designers' comes last.
 */
test.describe.configure({ mode: 'serial' });

const DESCRIPTION =
  'We are converting a 1960s ranch house into an open-plan family home. The kitchen wall between the dining room and ' +
  'the kitchen comes out, ' +
  ('the pantry becomes a mudroom with built-in storage, and the primary bathroom gets a curbless shower. We want ' +
    'warm ' +
    'oak, matte black fixtures, ') +
  'and plenty of daylight. Please plan the layout first and show two options for the island.';

interface Account {
  email: string;
  password: string;
  name: string;
  sub: string;
  token: string;
}

interface Seed {
  cora: Account;
  dev: Account;
  hana: Account;
  designer: Account;
  admin: Account;
  ids: Record<string, string>;
}

/** Local date n days from today, yyyy-mm-dd. */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

const longDate = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Talks to the runtime's Cognito and API from the test process, as the SPA would. */
class Seeder {
  private config!: { region: string; userPoolClientId: string; userPoolEndpoint: string };

  constructor(private readonly runtime: E2ERuntime) {}

  private async cognito() {
    this.config ??= (await (await fetch(`${this.runtime.url}/config.json`)).json()) as Seeder['config'];
    return new CognitoIdentityProviderClient({
      endpoint: this.config.userPoolEndpoint,
      region: this.config.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }

  async signIn(email: string, password: string, name = ''): Promise<Account> {
    const client = await this.cognito();
    const result = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: this.config.userPoolClientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = result.AuthenticationResult!.IdToken!;
    const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    return { email, password, name, sub, token };
  }

  async signUp(name: string, attributes: Record<string, string> = {}): Promise<Account> {
    const client = await this.cognito();
    const email = uniqueEmail('admin-e2e');
    await client.send(
      new SignUpCommand({
        ClientId: this.config.userPoolClientId,
        Username: email,
        Password: PASSWORD,
        UserAttributes: Object.entries({ email, name, ...attributes }).map(([Name, Value]) => ({ Name, Value })),
      }),
    );
    await this.runtime.settle();
    return this.signIn(email, PASSWORD, name);
  }

  async api<T = any>(
    account: Account,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.runtime.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${account.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  async submit(account: Account, title: string, overrides: Record<string, unknown> = {}): Promise<string> {
    const created = await this.api(account, 'POST', '/api/projects', {
      title,
      project_category: 'Design',
      project_type: 'Concept Design',
      property_type: 'single_family',
      deliverables: ['Layout Plan', 'Concept Render'],
      description: DESCRIPTION,
      design_priority: [],
      area_sqft: 1200,
      existing_plans: false,
      permit_needs: null,
      room_selection: [],
      room_notes: null,
      inspiration_links: [],
      checklist: [{ task_name: 'Measure up', estimated_hours: 2 }],
      grok_generated: true,
      ...overrides,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.project.id as string;
  }
}

let seeding: Promise<Seed> | undefined;

async function seed(runtime: E2ERuntime): Promise<Seed> {
  const s = new Seeder(runtime);
  const admin = await s.signIn(runtime.seeded.admin.email, runtime.seeded.admin.password, 'Avery Admin');
  const designer = await s.signIn(runtime.seeded.designer.email, runtime.seeded.designer.password, 'Dana Designer');
  const cora = await s.signUp('Cora Client', { 'custom:company': 'Cora Homes', 'custom:phone': '5550102030' });
  const dev = await s.signUp('Dev Developer', { 'custom:company': 'Dev Co', 'custom:user_type': 'developer' });
  const hana = await s.signUp('Hana Homeowner', { 'custom:user_type': 'homeowner' });

  const ids: Record<string, string> = {};
  for (const title of ['Kitchen Refresh', 'Backyard Studio', 'Loft Conversion'])
    ids[title] = await s.submit(cora, title);
  ids['Duplex Permit Set'] = await s.submit(dev, 'Duplex Permit Set', {
    project_category: 'Permit',
    project_type: 'New Construction Permit Set',
    property_type: 'multi_family',
    deliverables: ['Floor Plan', 'Site Plan'],
    permit_needs: 'New duplex on an empty lot',
    project_address: '12 Elm Street',
  });
  ids['Office Fit-out'] = await s.submit(dev, 'Office Fit-out');
  ids['Bathroom Remodel'] = await s.submit(hana, 'Bathroom Remodel');
  await runtime.settle();

  const patch = async (title: string, body: unknown) => {
    const response = await s.api(admin, 'PATCH', `/api/projects/${ids[title]}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  await patch('Kitchen Refresh', { priority: 'Urgent', due_date: '2024-01-15' });
  await patch('Duplex Permit Set', {
    designer: { designer_id: designer.sub },
    status: 'needs_revision',
    due_date: dayFromToday(1),
  });
  await patch('Office Fit-out', { designer: { designer_id: designer.sub }, status: 'needs_revision', priority: 'Low' });
  await patch('Bathroom Remodel', { status: 'in_progress', due_date: dayFromToday(-3) });
  await runtime.settle();

  for (const [title, content] of [
    ['Duplex Permit Set', 'Please confirm the setback distances with the city.'],
    ['Office Fit-out', 'The client asked for a second layout option.'],
  ] as const) {
    const posted = await s.api(designer, 'POST', `/api/projects/${ids[title]}/comments`, { content });
    expect(posted.status, JSON.stringify(posted.body)).toBeLessThan(300);
  }
  await runtime.settle();
  return { cora, dev, hana, designer, admin, ids };
}

async function signInAsAdmin(page: Page, runtime: E2ERuntime): Promise<void> {
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.beforeEach(async ({ runtime }) => {
  seeding ??= seed(runtime);
  await seeding;
});

test('a client is turned away from /admin to /dashboard', async ({ page }) => {
  const { cora } = await seeding!;
  await page.goto('/auth');
  await signInInBrowser(page, cora);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Access denied. Admin privileges required.')).toBeVisible();
});

test(
  'on a phone the tabs scroll in their own bar, the selected one in sight, the page does not widen, and long ' +
    'e-mails wrap',
  async ({ page, runtime }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth');
    await signInInBrowser(page, runtime.seeded.admin);
    await page.goto('/admin?tab=activity');
    const selected = page.getByRole('tab', { name: 'Global Activity' });
    await expect(selected).toHaveAttribute('aria-selected', 'true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const bar = await page.getByRole('tablist').boundingBox();
    const tab = await selected.boundingBox();
    expect(tab!.x).toBeGreaterThanOrEqual(bar!.x);
    expect(tab!.x + tab!.width).toBeLessThanOrEqual(bar!.x + bar!.width + 1);
    await expect(page.getByRole('button', { name: 'Profile settings (AA)' })).toBeInViewport();

    // A client's long e-mail wraps inside the dialog's client panel.
    await page.goto('/board');
    await page.getByRole('button', { name: 'Duplex Permit Set' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Duplex Permit Set' }).getByLabel('Client information');
    const email = panel.locator('dd').nth(1);
    await expect(email).toContainText('@example');
    const [panelBox, emailBox] = [await panel.boundingBox(), await email.boundingBox()];
    expect(emailBox!.x + emailBox!.width).toBeLessThanOrEqual(panelBox!.x + panelBox!.width);
  },
);

test('Projects tab: the board, filters that narrow it, the detail dialog, bulk status and bulk assignment', async ({
  page,
  runtime,
}) => {
  const { ids } = await seeding!;
  await signInAsAdmin(page, runtime);

  // The header's three buttons and the tabs (the five of the spec first, then the audit and the insights).
  for (const name of ['Sync All Subscriptions', 'Sign Out All Designers'])
    await expect(page.getByRole('button', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Designer Management' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([
    'Projects',
    'Designer Review',
    'Comment Moderation',
    'Global Activity',
    'Users',
    'Audit',
    'Insights',
  ]);
  await expect(page.getByRole('tab', { name: 'Projects' })).toHaveAttribute('aria-selected', 'true');

  // The board: four columns with counts; cards with priority, category, designer, due date, client.
  const column = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(column('Queued').getByRole('article')).toHaveCount(3);
  await expect(column('In Progress').getByRole('article')).toHaveCount(1);
  await expect(column('Needs Revision').getByRole('article')).toHaveCount(2);
  await expect(column('Delivered')).toContainText('No projects');
  const kitchen = page.getByRole('article', { name: 'Kitchen Refresh' });
  await expect(kitchen).toContainText('Urgent');
  await expect(kitchen).toContainText('Design');
  await expect(kitchen).toContainText('Unassigned');
  await expect(kitchen).toContainText('Due: Jan 15, 2024 (Overdue)');
  await expect(kitchen.getByText('Due: Jan 15, 2024 (Overdue)')).toHaveCSS('color', 'rgb(185, 28, 28)');
  await expect(kitchen).toContainText('Client: Cora Client');
  await expect(kitchen).toContainText('Cora Homes');
  const duplex = page.getByRole('article', { name: 'Duplex Permit Set' });
  await expect(duplex).toContainText('Permit');
  await expect(duplex).toContainText('Designer: Dana Designer');
  await expect(duplex).toContainText('Normal');
  await expect(duplex).toContainText('Client: Dev Developer');
  await expect(duplex).not.toContainText('(Overdue)');

  // Filters narrow the board; 'Clear All' shows only while a filter is active.
  await expect(page.getByRole('button', { name: 'Clear All' })).toHaveCount(0);
  await page.getByPlaceholder('Search projects...').fill('refresh');
  await expect(page.getByRole('button', { name: 'Clear All' })).toBeVisible();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/[?&]q=refresh/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Kitchen Refresh' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByRole('article')).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Clear All' })).toHaveCount(0);

  await page.getByLabel('Status', { exact: true }).selectOption('needs_revision');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByLabel('Status', { exact: true }).selectOption('');
  await page
    .getByLabel('Designer', { exact: true })
    .selectOption({ label: `Dana Designer (${runtime.seeded.designer.email})` });
  await page.getByLabel('Priority', { exact: true }).selectOption('Low');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Office Fit-out' })).toBeVisible();
  await page.getByLabel('Priority', { exact: true }).selectOption('');
  await page.getByLabel('Designer', { exact: true }).selectOption('unassigned');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByRole('article')).toHaveCount(4);
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByRole('article')).toHaveCount(6);

  // Date from/to live in the address bar (no inputs): a range before any project empties the board.
  await page.goto('/admin?from=2000-01-01&to=2000-12-31');
  await expect(
    page.getByText("No projects found - Once users submit projects, they'll appear here for review and assignment."),
  ).toBeVisible();
  await page.goto(`/admin?from=${dayFromToday(-1)}&to=${dayFromToday(1)}`);
  await expect(page.getByRole('article')).toHaveCount(6);
  await page.getByRole('button', { name: 'Clear All' }).click();

  // Clicking a card opens the project management dialog.
  await page.getByRole('article', { name: 'Backyard Studio' }).click({ position: { x: 150, y: 60 } });
  const dialog = page.getByRole('dialog', { name: 'Backyard Studio' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Management' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog).toBeHidden();

  // Bulk: select the three queued projects and deliver them: 'Updated 3 project(s)', three events.
  const queued = ['Kitchen Refresh', 'Backyard Studio', 'Loft Conversion'];
  const versions = async () =>
    Promise.all(
      queued.map(
        async (title) =>
          (
            await apiFromPage<{ events: { type: string; data: any }[] }>(
              page,
              'GET',
              `/api/audit/project-${ids[title]}`,
            )
          ).body.events,
      ),
    );
  const before = await versions();
  for (const title of queued) await setCheckbox(page.getByRole('checkbox', { name: `Select ${title}` }));
  const bulkBar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulkBar).toContainText('3 project(s) selected');
  await bulkBar.getByLabel('Update Status').selectOption('delivered');
  await expect(toast(page, 'Updated 3 project(s)')).toBeVisible();
  await expect(bulkBar).toBeHidden();
  await expect(column('Delivered').getByRole('article')).toHaveCount(3);
  await expect(column('Queued')).toContainText('No projects');
  const after = await versions();
  after.forEach((events, i) => {
    expect(events).toHaveLength(before[i]!.length + 1);
    expect(events.at(-1)).toMatchObject({ type: 'ProjectStatusChanged', data: { from: 'queued', to: 'delivered' } });
  });

  // Bulk assignment, and Clear Selection.
  await setCheckbox(page.getByRole('checkbox', { name: 'Select Kitchen Refresh' }));
  await setCheckbox(page.getByRole('checkbox', { name: 'Select Bathroom Remodel' }));
  await expect(bulkBar).toContainText('2 project(s) selected');
  await bulkBar
    .getByLabel('Assign Designer')
    .selectOption({ label: `Dana Designer (${runtime.seeded.designer.email})` });
  await expect(toast(page, 'Assigned 2 project(s)')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Kitchen Refresh' })).toContainText('Designer: Dana Designer');
  await expect(page.getByRole('article', { name: 'Bathroom Remodel' })).toContainText('Designer: Dana Designer');
  await setCheckbox(page.getByRole('checkbox', { name: 'Select Loft Conversion' }));
  await expect(bulkBar).toContainText('1 project(s) selected');
  await bulkBar.getByRole('button', { name: 'Clear Selection' }).click();
  await expect(bulkBar).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Select Loft Conversion' })).not.toBeChecked();
});

test('Designer Review tab: needs_revision projects with the days remaining, View opens the dialog', async ({
  page,
  runtime,
}) => {
  await signInAsAdmin(page, runtime);
  await page.getByRole('tab', { name: 'Designer Review' }).click();
  await expect(page.getByRole('heading', { name: 'Designer Review Queue' })).toBeVisible();
  const duplex = page.getByRole('article', { name: 'Duplex Permit Set' });
  const office = page.getByRole('article', { name: 'Office Fit-out' });
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(duplex).toContainText('1 day remaining');
  await expect(duplex).toContainText('Normal');
  await expect(duplex).toContainText('Designer: Dana Designer');
  await expect(duplex).toContainText('Client: Dev Developer (Dev Co)');
  await expect(duplex).toContainText(`Submitted: ${longDate(new Date())}`);
  await expect(office).toContainText('No due date');
  await expect(office).toContainText('Low');

  await duplex.getByRole('button', { name: 'View' }).click();
  const dialog = page.getByRole('dialog', { name: 'Duplex Permit Set' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: 'Management' }).click();
  await expect(dialog.getByRole('tabpanel')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog).toBeHidden();
});

test('Comment Moderation tab: pending comments, Approve and Reject', async ({ page, runtime }) => {
  await signInAsAdmin(page, runtime);
  await page.getByRole('tab', { name: 'Comment Moderation' }).click();
  await expect(page.getByText('2 Pending', { exact: true })).toBeVisible();
  const setback = page.getByRole('article', { name: 'Comment by Dana Designer on Duplex Permit Set' });
  const layout = page.getByRole('article', { name: 'Comment by Dana Designer on Office Fit-out' });
  await expect(setback).toContainText('Please confirm the setback distances with the city.');
  await expect(setback).toContainText(longDate(new Date()));
  await expect(layout).toContainText('The client asked for a second layout option.');

  await setback.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Comment approved')).toBeVisible();
  await expect(page.getByText('1 Pending', { exact: true })).toBeVisible();
  await expect(setback).toHaveCount(0);
  await layout.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, 'Comment rejected')).toBeVisible();
  await expect(page.getByText('No pending comments to review')).toBeVisible();
  await expect(page.getByText('0 Pending', { exact: true })).toBeVisible();

  // The decisions stuck: a reload shows no pending comment.
  await page.reload();
  await expect(page.getByText('No pending comments to review')).toBeVisible();
});

test('Global Activity tab: Today / Yesterday / Earlier, text search and the type filter', async ({
  page,
  browser,
  runtime,
}) => {
  await signInAsAdmin(page, runtime);
  await page.getByRole('tab', { name: 'Global Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Global Activity' })).toBeVisible();
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Yesterday' })).toHaveCount(0);
  const count = Number(await page.getByLabel(/\d+ activities/).textContent());
  expect(count).toBeGreaterThan(15);
  await expect(today.getByRole('listitem')).toHaveCount(count);

  // Icon and colour by kind.
  const approved = today.getByRole('listitem').filter({ hasText: 'Comment approved' });
  await expect(approved.getByRole('img', { name: 'Comment' })).toHaveCSS('color', 'rgb(29, 78, 216)');
  const status = today.getByRole('listitem').filter({ hasText: 'Status updated to Delivered' }).first();
  await expect(status.getByRole('img', { name: 'Status change' })).toHaveCSS('color', 'rgb(126, 34, 206)');
  await expect(status).toContainText('Avery Admin');

  // Type filter.
  await page.getByLabel('Type').selectOption({ label: 'Comments' });
  await expect(page.getByLabel('4 activities')).toBeVisible();
  for (const action of ['Comment posted', 'Comment approved', 'Comment rejected'])
    await expect(today.getByText(action).first()).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: 'Status Changes' });
  await expect(today.getByRole('listitem').first()).toBeVisible();
  for (const item of await today.getByRole('listitem').all())
    await expect(item).toContainText(/Status (updated|changed) to/);
  await page.getByLabel('Type').selectOption({ label: 'Files' });
  await expect(page.getByText('No activities found')).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: 'All' });

  // Text search.
  await page.getByLabel('Search activity').fill('bathroom');
  await expect(page.getByLabel(/^\d+ activities$/)).not.toHaveText(String(count));
  for (const item of await today.getByRole('listitem').all()) await expect(item).toContainText('Bathroom Remodel');
  await page.getByLabel('Search activity').fill('no such words anywhere');
  await expect(page.getByText('No activities found')).toBeVisible();

  // The same feed seen a day and a week later: every entry is under Yesterday, then Earlier.
  for (const [days, group] of [
    [1, 'Yesterday'],
    [7, 'Earlier'],
  ] as const) {
    const context = await browser.newContext({ baseURL: runtime.url });
    const later = await context.newPage();
    await later.clock.setFixedTime(new Date(Date.now() + days * 86_400_000));
    await signInAsAdmin(later, runtime);
    await later.getByRole('tab', { name: 'Global Activity' }).click();
    await expect(later.getByRole('region', { name: group }).getByRole('listitem')).toHaveCount(count);
    await expect(later.getByRole('region', { name: 'Today' })).toHaveCount(0);
    await context.close();
  }
});

test('Users tab: the counts, the table and the details dialog', async ({ page, runtime }) => {
  const { cora, dev } = await seeding!;
  await signInAsAdmin(page, runtime);
  await page.getByRole('tab', { name: 'Users' }).click();
  const stat = (name: string) => page.getByRole('group', { name, exact: true });
  // Three clients of this file (one of them a developer), the admin and the designer.
  await expect(stat('Total Users')).toContainText('5');
  await expect(stat('Active Subscriptions')).toContainText('0');
  await expect(stat('Architects')).toContainText('1');
  await expect(stat('Designers')).toContainText('1');

  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Name',
    'Email',
    'Phone',
    'Role',
    'Subscription',
    'Joined',
    'Actions',
  ]);
  const coraRow = table.getByRole('row').filter({ hasText: cora.email });
  await expect(coraRow).toContainText('Cora Client');
  await expect(coraRow).toContainText('5550102030');
  await expect(coraRow).toContainText('Architect');
  await expect(coraRow).toContainText('None');
  await expect(coraRow).toContainText(longDate(new Date()));
  await expect(table.getByRole('row').filter({ hasText: dev.email })).toContainText('Developer');
  await expect(table.getByRole('row').filter({ hasText: runtime.seeded.designer.email })).toContainText('Designer');
  await expect(table.getByRole('row').filter({ hasText: runtime.seeded.admin.email })).toContainText('Admin');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(coraRow).toBeVisible();

  // 'Sync All Subscriptions' asks first (the app's confirmation dialog), then reports.
  await page.getByRole('button', { name: 'Sync All Subscriptions' }).click();
  const asking = page.getByRole('dialog', { name: 'Sync all subscriptions?' });
  await expect(asking).toContainText(
    'This will sync all user subscription statuses with Stripe. This may take a few moments. Continue?',
  );
  await asking.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Subscription sync complete! Updated:')).toBeVisible();
  await expect(asking).toBeHidden();

  await coraRow.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'User Details' });
  await expect(dialog.getByRole('tab')).toHaveText(['Overview', 'Projects', 'Team']);
  await expect(dialog).toContainText('Cora Homes');
  await expect(dialog).toContainText('No active subscription');
  // Kitchen Refresh, Backyard Studio and Loft Conversion were delivered by the bulk change: 3 in all, 0 active, 3
  // completed.
  await expect(dialog.getByRole('group', { name: 'Total Projects' })).toContainText('3');
  await expect(dialog.getByRole('group', { name: 'Active' })).toContainText('0');
  await expect(dialog.getByRole('group', { name: 'Completed' })).toContainText('3');
  await dialog.getByRole('tab', { name: 'Projects' }).click();
  const projects = dialog.getByRole('table', { name: 'Projects' });
  await expect(projects.getByRole('row')).toHaveCount(4);
  await expect(projects.getByRole('row').filter({ hasText: 'Loft Conversion' })).toContainText('Concept Design');
  await expect(projects.getByRole('row').filter({ hasText: 'Loft Conversion' })).toContainText('Delivered');
  await expect(projects.getByRole('row').filter({ hasText: 'Loft Conversion' })).toContainText(longDate(new Date()));
  await dialog.getByRole('tab', { name: 'Team' }).click();
  await expect(dialog.getByText('No team information available')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close dialog' }).click();

  // Bathroom Remodel is in progress: Hana has 1 active project.
  await table
    .getByRole('row')
    .filter({ hasText: 'Hana Homeowner' })
    .getByRole('button', { name: 'View Details' })
    .click();
  await expect(dialog.getByRole('group', { name: 'Active' })).toContainText('1');
});

test('Audit tab: a project history from the dashboard', async ({ page, runtime }) => {
  await signInAsAdmin(page, runtime);
  await page.getByRole('tab', { name: 'Audit' }).click();
  await page.getByLabel('Project', { exact: true }).selectOption({ label: 'Loft Conversion' });
  await expect(page).toHaveURL(/stream=project-/);
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
});

test("'Sign Out All Designers': the designer's next API call is refused and the SPA returns to sign-in", async ({
  page,
  browser,
  runtime,
}) => {
  // The designer works in their own browser.
  const designerContext = await browser.newContext({ baseURL: runtime.url });
  const designerPage = await designerContext.newPage();
  await designerPage.goto('/auth');
  await signInInBrowser(designerPage, runtime.seeded.designer);
  await expect(designerPage).toHaveURL(/\/designer$/);
  expect((await apiFromPage(designerPage, 'GET', '/api/projects')).status).toBe(200);
  const designerToken = await idTokenOf(designerPage);

  await signInAsAdmin(page, runtime);
  // Tokens carry whole seconds: the revocation must come after the designer's sign-in second.
  await page.waitForTimeout(1100);
  await page.getByRole('button', { name: 'Sign Out All Designers' }).click();
  const asking = page.getByRole('dialog', { name: 'Sign out all designers?' });
  await expect(asking).toContainText(
    'Are you sure you want to sign out all designers? This will immediately end all active designer sessions.',
  );
  await asking.getByRole('button', { name: 'Sign Out All' }).click();
  await expect(toast(page, 'Successfully signed out 1 of 1 designers')).toBeVisible();
  await expect(toast(page, 'Successfully signed out 1 of 1 designers')).toContainText('Errors: 0');

  // The designer's token is refused…
  const refused = await fetch(`${runtime.url}/api/projects`, { headers: { authorization: `Bearer ${designerToken}` } });
  expect(refused.status).toBe(401);
  // …and the SPA shows the sign-in page, saying why: its live socket was closed for the ended
  // session (or, were the socket down, its next call was refused).
  await expect(designerPage).toHaveURL(/\/auth/);
  await expect(designerPage.getByText('Not authenticated', { exact: true }).first()).toBeVisible();
  await expect(designerPage.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

  // Signing in again (a second later: token times are whole seconds) works: new sessions are not affected.
  await designerPage.waitForTimeout(1100);
  await signInInBrowser(designerPage, runtime.seeded.designer);
  expect((await apiFromPage(designerPage, 'GET', '/api/projects')).status).toBe(200);
  await designerContext.close();

  // Cancelling the confirmation does nothing.
  await page.getByRole('button', { name: 'Sign Out All Designers' }).click();
  await asking.getByRole('button', { name: 'Cancel' }).click();
  await expect(asking).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign Out All Designers' })).toBeEnabled();
});
