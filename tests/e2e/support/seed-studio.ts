import type { Browser, Page } from '@playwright/test';

/**
 * A studio with work in it, for screens that should not be empty (bin/screens.ts and the
 * browser tests that look at every screen): a client with four projects in four statuses, three
 * assigned to the seeded designer (one overdue, one urgent), a ticked task, designer comments (one
 * approved, one rejected, one pending) and a pending designer invitation. Returns each role's
 * signed-in storage state, and the ids of the projects by title.
 */

const PASSWORD = 'CorrectHorse#2026';

const DESCRIPTION =
  'A two-storey townhouse gets a new kitchen and an open living area. The wall between kitchen and dining room goes, ' +
  ('the stair is turned to face the entrance, and the upstairs bathroom is enlarged into the old linen closet. We ' +
    'want ') +
  'light oak, white walls and black steel windows, and we would like two layout options for the kitchen island first.';

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((to) => !to.pathname.startsWith('/auth'));
}

async function signUp(page: Page, url: string, account: { fullName: string; email: string }): Promise<void> {
  await page.goto(`${url}/auth`);
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Full Name').fill(account.fullName);
  await page.getByLabel('Company').fill('Studio North');
  await page.getByLabel('Cell Phone Number').fill('+1 555 010 2030');
  await page.getByLabel('User Type').selectOption('homeowner');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByText('Account created successfully. Please sign in.').waitFor();
}

/** Calls the API with the page's ID token (as the SPA does). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      let token: string | null = null;
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        if (key?.endsWith('.idToken')) token = localStorage.getItem(key);
      }
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    { method, path, body },
  );
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

const project = (title: string, property_type: string, project_type: string, deliverables: string[]) => ({
  title,
  project_category: 'Design',
  project_type,
  property_type,
  deliverables,
  description: DESCRIPTION,
  design_priority: ['Layout Optimization', 'Visualization'],
  area_sqft: 1640,
  existing_plans: true,
  room_selection: ['Kitchen', 'Living Room'],
  project_address: '12 Elm Street, Springfield',
  checklist: [
    { task_name: 'Review existing plans and site survey', estimated_hours: 1.5 },
    { task_name: 'Kitchen layout options with island variants', estimated_hours: 4 },
    { task_name: 'Living area furniture plan', estimated_hours: 3 },
    { task_name: 'Concept render', estimated_hours: 5.25 },
  ],
  grok_generated: true,
});

export async function seedStudio(
  browser: Browser,
  url: string,
  seeded: { admin: { email: string; password: string }; designer: { email: string; password: string } },
) {
  const client = { fullName: 'Quinn Client', email: `quinn.${Date.now().toString(36)}@example.test` };
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signUp(clientPage, url, client);
  await signIn(clientPage, url, client.email, PASSWORD);
  type Created = { project: { id: string } };
  const ids: Record<string, string> = {};
  for (const [title, property, type, deliverables] of [
    ['Townhouse Kitchen', 'single_family', 'Concept Design', ['Layout Plan', 'Concept Render', 'Style Board']],
    ['Loft Conversion', 'condo', 'Remodel / Space Optimization', ['Proposed Layout Options']],
    ['Backyard Studio', 'single_family', 'Concept Design', ['Layout Plan']],
    ['Lakeside Cabin', 'vacation_rental', 'Concept Design', ['Layout Plan', 'Concept Render']],
  ] as const) {
    ids[title] = (
      await api<Created>(clientPage, 'POST', '/api/projects', project(title, property, type, [...deliverables]))
    ).project.id;
  }

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, url, seeded.admin.email, seeded.admin.password);
  const designer = { designer_email: seeded.designer.email };
  await api(adminPage, 'PATCH', `/api/projects/${ids['Townhouse Kitchen']}`, {
    designer,
    due_date: isoDay(-1),
    priority: 'Urgent',
    status: 'in_progress',
  });
  await api(adminPage, 'PATCH', `/api/projects/${ids['Loft Conversion']}`, {
    designer,
    due_date: isoDay(3),
    status: 'needs_revision',
  });
  await api(adminPage, 'PATCH', `/api/projects/${ids['Backyard Studio']}`, {
    designer,
    status: 'delivered',
    priority: 'Low',
  });
  await api(adminPage, 'PATCH', `/api/projects/${ids['Townhouse Kitchen']}/tasks/${ids['Townhouse Kitchen']}-t1`, {
    completed: true,
  });
  await api(adminPage, 'POST', '/api/designers', { email: `riley.${Date.now().toString(36)}@example.test` }).catch(
    () => undefined,
  );

  const designerContext = await browser.newContext();
  const designerPage = await designerContext.newPage();
  await signIn(designerPage, url, seeded.designer.email, seeded.designer.password);
  type Posted = { comment: { id: string } };
  const comment = (content: string) =>
    api<Posted>(designerPage, 'POST', `/api/projects/${ids['Townhouse Kitchen']}/comments`, { content });
  const approved = await comment('Two island options are on the way: a 2.4 m one with four stools, and a peninsula.');
  const rejected = await comment('Call me on my cell any time.');
  await comment('The concept render follows once you pick an island.');
  await api(adminPage, 'POST', `/api/comments/${approved.comment.id}/approve`, {
    project_id: ids['Townhouse Kitchen'],
  });
  await api(adminPage, 'POST', `/api/comments/${rejected.comment.id}/reject`, { project_id: ids['Townhouse Kitchen'] });

  const states = {
    visitor: undefined,
    client: await clientContext.storageState(),
    admin: await adminContext.storageState(),
    designer: await designerContext.storageState(),
  };
  await Promise.all([clientContext.close(), adminContext.close(), designerContext.close()]);
  return { states, ids, client };
}

type StorageState = Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;

/**
 * A permit project in the city's plan check (issue 46), for the screens: the studio's client submits
 * it, the admin assigns the seeded designer and delivers it, the client records the city's first
 * round of three corrections and the designer answers two. Apart from seedStudio, so that the
 * figures the browser tests count there stay as they are.
 */
export async function seedPermitProject(
  browser: Browser,
  url: string,
  states: { client: StorageState; admin: StorageState; designer: StorageState },
  designerEmail: string,
  title = 'Maple Court ADU',
): Promise<string> {
  const open = async (state: StorageState) => {
    const context = await browser.newContext({ storageState: state });
    const page = await context.newPage();
    await page.goto(`${url}/`);
    return { context, page };
  };
  const [client, admin, designer] = [await open(states.client), await open(states.admin), await open(states.designer)];
  try {
    const created = await api<{ project: { id: string } }>(client.page, 'POST', '/api/projects', {
      ...project(title, 'single_family', 'ADU / Addition Permit Set', ['Floor Plan', 'Site Plan']),
      project_category: 'Permit',
      area_sqft: 640,
      permit_needs: 'Building permit for a new detached ADU behind the main house',
      checklist: [{ task_name: 'Permit drawing set', estimated_hours: 14 }],
    });
    const path = `/api/projects/${created.project.id}`;
    await api(admin.page, 'PATCH', path, { designer: { designer_email: designerEmail } });
    await api(admin.page, 'PATCH', path, { status: 'delivered' });
    await api(client.page, 'POST', `${path}/city-review`, {
      action: 'record_corrections',
      items: [
        { comment: 'Show the rear and side setbacks, dimensioned, on the site plan.', sheet: 'A-1' },
        { comment: 'Add smoke and CO alarm locations to the floor plan.', sheet: 'A-2', code_reference: 'CRC R314' },
        { comment: 'Provide the egress window size for the bedroom.', sheet: 'A-2', code_reference: 'CRC R310.2' },
      ],
    });
    const review = await api<{ round: { items: { item_id: string }[] } }>(designer.page, 'GET', `${path}/city-review`);
    const answers = [
      'Setbacks of 5 ft (side) and 10 ft (rear) are now dimensioned on sheet A-1.',
      'Smoke and CO alarms are shown in the bedroom, the hall and the living area on sheet A-2.',
    ];
    for (const [index, response] of answers.entries())
      await api(designer.page, 'POST', `${path}/city-review`, {
        action: 'address',
        round: 1,
        item_id: review.round.items[index]!.item_id,
        response,
      });
    return created.project.id;
  } finally {
    await Promise.all([client.context.close(), admin.context.close(), designer.context.close()]);
  }
}
