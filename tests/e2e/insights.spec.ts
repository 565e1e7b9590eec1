import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD, expect, signInInBrowser, test, uniqueEmail, type E2ERuntime } from './support/fixtures.js';

/**
 * The admin's Insights tab in Chromium: a few projects seeded through the API (one delivered on
 * time, one reopened and delivered again, one overdue whose title starts like a formula), the
 * figures and charts shown, a table view, a CSV download, and an axe scan.
 */
const DESCRIPTION =
  'We are converting a 1960s ranch house into an open-plan family home. The kitchen wall between the dining room and ' +
  'the kitchen comes out, ' +
  ('the pantry becomes a mudroom with built-in storage, and the primary bathroom gets a curbless shower. We want ' +
    'warm ' +
    'oak, matte black fixtures, ') +
  'and plenty of daylight. Please plan the layout first and show two options for the island.';

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function seed(runtime: E2ERuntime) {
  const config = (await (await fetch(`${runtime.url}/config.json`)).json()) as {
    region: string;
    userPoolClientId: string;
    userPoolEndpoint: string;
  };
  const cognito = new CognitoIdentityProviderClient({
    endpoint: config.userPoolEndpoint,
    region: config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const signIn = async (email: string, password: string) => {
    const result = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.userPoolClientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = result.AuthenticationResult!.IdToken!;
    return { token, sub: JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string };
  };
  const clientEmail = uniqueEmail('insights-e2e');
  await cognito.send(
    new SignUpCommand({
      ClientId: config.userPoolClientId,
      Username: clientEmail,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: clientEmail },
        { Name: 'name', Value: 'Iris Insight' },
      ],
    }),
  );
  await runtime.settle();
  const client = await signIn(clientEmail, PASSWORD);
  const admin = await signIn(runtime.seeded.admin.email, runtime.seeded.admin.password);
  const designer = await signIn(runtime.seeded.designer.email, runtime.seeded.designer.password);
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${runtime.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    expect(response.status, JSON.stringify(json)).toBeLessThan(300);
    return json;
  };
  const submit = async (title: string) =>
    (
      await call(client.token, 'POST', '/api/projects', {
        title,
        project_category: 'Design',
        project_type: 'Concept Design',
        property_type: 'single_family',
        deliverables: ['Layout Plan'],
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
      })
    ).project.id as string;
  const patch = async (id: string, body: unknown) => {
    await call(admin.token, 'PATCH', `/api/projects/${id}`, body);
    await runtime.settle();
  };
  const onTime = await submit('Kitchen Refresh');
  await patch(onTime, { designer: { designer_id: designer.sub }, due_date: dayFromToday(5) });
  await patch(onTime, { status: 'in_progress' });
  await patch(onTime, { status: 'delivered' });
  const reopened = await submit('Backyard Studio');
  await patch(reopened, { designer: { designer_id: designer.sub } });
  await patch(reopened, { status: 'in_progress' });
  await patch(reopened, { status: 'delivered' });
  await patch(reopened, { status: 'needs_revision' });
  await patch(reopened, { status: 'delivered' });
  const overdue = await submit('=SUM(1,2) Garage');
  await patch(overdue, { due_date: dayFromToday(-3) });
}

let seeding: Promise<void> | undefined;
test.beforeEach(async ({ runtime }) => {
  seeding ??= seed(runtime);
  await seeding;
});

test('the Insights tab shows the studio figures, charts with a table view, CSV export, and passes axe', async ({
  page,
  runtime,
}) => {
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/tab=insights/);
  await expect(page.getByRole('heading', { level: 2, name: 'Insights' })).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(dayFromToday(-29));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(dayFromToday(0));

  const headline = (label: string) =>
    page
      .locator('.insights-headlines__item')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(headline('Delivered in range')).toHaveText('2');
  await expect(headline('Delivered on time')).toHaveText('100%');
  await expect(headline('Overdue now')).toHaveText('1');

  // Each chart is a picture named by its summary; its table is a toggle away.
  const chart = page.getByRole('img', {
    name: /Submitted, started and delivered per week\. 3 projects submitted, 2 started and 2 delivered/,
  });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(page.getByText(/went to Needs Revision \(1 time in all/)).toBeVisible();
  await expect(page.getByText(/1 were reopened after delivery/)).toBeVisible();
  await page.getByRole('button', { name: 'Show Submitted, started and delivered per week as a table' }).click();
  const weekly = page.getByRole('table', { name: 'Submitted, started and delivered per week' });
  await expect(weekly).toBeVisible();
  await expect(weekly.getByRole('columnheader', { name: 'Delivered' })).toBeVisible();

  // The overdue table (no chart) and its CSV, with the formula-like title neutralised.
  const overdue = page.getByRole('table', { name: 'Overdue now' });
  await expect(overdue.getByRole('cell', { name: '=SUM(1,2) Garage' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Overdue now as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('overdue-now.csv');
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('"Project","Due date","Days overdue","Designer"');
  expect(csv).toContain(`"'=SUM(1,2) Garage","${dayFromToday(-3)}",3,"Unassigned"`);

  // Filters: a category with nothing delivered empties the figures.
  await page.getByLabel('Category', { exact: true }).selectOption('Permit');
  await expect(headline('Delivered in range')).toHaveText('0');
  await expect(page.getByText('No project was delivered in this range.').first()).toBeVisible();
  await page.getByLabel('Category', { exact: true }).selectOption('');
  await expect(headline('Delivered in range')).toHaveText('2');

  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.map(
      (v) =>
        `${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .slice(0, 2)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    ),
  ).toEqual([]);

  // On a phone the page does not widen: figures stack, wide tables scroll in their own box.
  // The charts follow their box's size a frame or two after the resize (recharts' ResizeObserver).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a bad range shows the server's message and changes nothing", async ({ page, runtime }) => {
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);
  await page.goto('/admin?tab=insights');
  await expect(page.getByRole('heading', { level: 2, name: 'Insights' })).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(dayFromToday(5));
  await expect(page.getByText('The start date must not be after the end date')).toBeVisible();
});
