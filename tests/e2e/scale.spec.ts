import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD, expect, signInInBrowser, test, uniqueEmail, type E2ERuntime } from './support/fixtures.js';

/**
 * Issue 21 in Chromium: a long board pages per column ("Load more" at the foot of a column), and the
 * admin filters and search are answered by the server on a board longer than a page.
 */
test.describe.configure({ mode: 'serial' });

const DESCRIPTION =
  'We are converting a 1960s ranch house into an open-plan family home. The kitchen wall between the dining room and ' +
  'the kitchen comes out, ' +
  ('the pantry becomes a mudroom with built-in storage, and the primary bathroom gets a curbless shower. We want ' +
    'warm ' +
    'oak, matte black fixtures, ') +
  'and plenty of daylight. Please plan the layout first and show two options for the island.';
const QUEUED = 32;

async function tokenOf(runtime: E2ERuntime, email: string, password: string, signUp = false): Promise<string> {
  const config = (await (await fetch(`${runtime.url}/config.json`)).json()) as {
    region: string;
    userPoolClientId: string;
    userPoolEndpoint: string;
  };
  const client = new CognitoIdentityProviderClient({
    endpoint: config.userPoolEndpoint,
    region: config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  if (signUp) {
    await client.send(
      new SignUpCommand({
        ClientId: config.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: 'Lena Longboard' },
        ],
      }),
    );
    await runtime.settle();
  }
  const result = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return result.AuthenticationResult!.IdToken!;
}

async function call(runtime: E2ERuntime, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${runtime.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json();
}

let seeding: Promise<void> | undefined;

async function seed(runtime: E2ERuntime): Promise<void> {
  const client = await tokenOf(runtime, uniqueEmail('scale-e2e'), PASSWORD, true);
  const admin = await tokenOf(runtime, runtime.seeded.admin.email, runtime.seeded.admin.password);
  const ids: string[] = [];
  for (let i = 0; i < QUEUED; i += 1) {
    // Two of them carry a rare word; every fourth is urgent.
    const title = i === 3 || i === 20 ? `Zephyr cottage ${i}` : `Board project ${String(i).padStart(2, '0')}`;
    const created = await call(runtime, client, 'POST', '/api/projects', {
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
    });
    ids.push(created.project.id);
  }
  await runtime.settle();
  for (const [i, id] of ids.entries())
    if (i % 4 === 0) await call(runtime, admin, 'PATCH', `/api/projects/${id}`, { priority: 'Urgent' });
  await runtime.settle();
}

test.beforeEach(async ({ runtime }) => {
  seeding ??= seed(runtime);
  await seeding;
});

test('a long column shows a page, its full count, and "Load more" at its foot brings the rest', async ({
  page,
  runtime,
}) => {
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);
  await page.goto('/admin');
  const queued = page.getByRole('region', { name: 'Queued', exact: true });
  await expect(queued.getByRole('article')).toHaveCount(25);
  // The count is the column's, not the page's.
  await expect(queued.locator('.board-column__header')).toContainText(String(QUEUED));
  // Short columns have no button.
  await expect(
    page.getByRole('region', { name: 'Delivered', exact: true }).getByRole('button', { name: 'Load more' }),
  ).toHaveCount(0);
  await queued.getByRole('button', { name: 'Load more' }).click();
  await expect(queued.getByRole('article')).toHaveCount(QUEUED);
  await expect(queued.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  // Newest first, each once.
  await expect(queued.getByRole('article').first()).toHaveAccessibleName(`Board project ${QUEUED - 1}`);
  await expect(queued.getByRole('article', { name: 'Board project 00' })).toHaveCount(1);
});

test('the filters and the search on a long board ask the server', async ({ page, runtime }) => {
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);
  await page.goto('/admin');
  const queued = page.getByRole('region', { name: 'Queued', exact: true });
  await expect(queued.getByRole('article')).toHaveCount(25);

  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/projects?')) requests.push(request.url());
  });
  await page.getByPlaceholder('Search projects...').fill('zéphyr');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article', { name: 'Zephyr cottage 20' })).toBeVisible();
  expect(requests.some((url) => new URL(url).searchParams.get('q') === 'zéphyr')).toBe(true);

  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(queued.getByRole('article')).toHaveCount(25);
  await page.getByLabel('Priority', { exact: true }).selectOption('Urgent');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(queued.getByRole('article')).toHaveCount(QUEUED / 4);
  await expect(queued.locator('.board-column__header')).toContainText(String(QUEUED / 4));
  await expect(queued.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  expect(requests.some((url) => new URL(url).searchParams.get('priority') === 'Urgent')).toBe(true);

  await page.getByLabel('Priority', { exact: true }).selectOption('');
  await page.getByLabel('Status', { exact: true }).selectOption('queued');
  await page.getByLabel('Designer', { exact: true }).selectOption('unassigned');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(queued.getByRole('article')).toHaveCount(25);
  await queued.getByRole('button', { name: 'Load more' }).click();
  await expect(queued.getByRole('article')).toHaveCount(QUEUED);
});
