import {
  PASSWORD,
  apiFromPage,
  clientWithProject,
  expect,
  signInInBrowser,
  signUpInBrowser,
  signedInPage,
  subOf,
  test,
  uniqueEmail,
} from './support/fixtures.js';

const DESCRIPTION =
  'A small cottage needs its attic converted into a bedroom with a dormer window and a compact shower room. The ' +
  'stair ' +
  ('has to fit beside the chimney breast, and the client wants the room to feel bright and calm, with a built-in ' +
    'desk. ') +
  'We would like two layout options, a simple material palette in oak and white plaster, and a view of the new dormer.';

/**
 * A designer moves a project: the client's bell lights up without a reload, the notification opens the project, the
 * e-mail links to it.
 */
test(
  "a designer's status change reaches the client's bell live, opens the project, and the e-mail links " + 'to it',
  async ({ page, browser, runtime }) => {
    const client = { fullName: 'Nora Notified', email: uniqueEmail(), password: PASSWORD };
    const title = `Attic bedroom ${Date.now().toString(36)}`;
    const id = await clientWithProject(page, runtime, client, {
      title,
      description: DESCRIPTION,
      property_type: 'single_family',
      area_sqft: 400,
      room: 'Bedroom',
      task: 'Survey review',
    });

    const admin = await signedInPage(browser, runtime, runtime.seeded.admin);
    const designer = await signedInPage(browser, runtime, runtime.seeded.designer);
    const designerSub = await subOf(designer);
    expect(
      (await apiFromPage(admin, 'PATCH', `/api/projects/${id}`, { designer: { designer_id: designerSub } })).status,
    ).toBe(200);
    await runtime.settle();

    await page.goto('/dashboard');
    const bell = page.getByRole('button', { name: /^Notifications, / });
    await expect(bell).toHaveAccessibleName('Notifications, none unread');
    await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));

    // The designer starts work: within seconds, and without a reload, the client's bell says so.
    expect((await apiFromPage(designer, 'PATCH', `/api/projects/${id}`, { status: 'in_progress' })).status).toBe(200);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 10_000 });
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);

    // The panel: the notification names the project; Escape closes it, focus back on the bell.
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(
      panel
        .getByRole('list', { name: 'Latest notifications' })
        .getByRole('button', { name: new RegExp(`${title} is now In Progress`) }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(bell).toBeFocused();

    // Opening it opens the project's dialog.
    await bell.click();
    await panel.getByRole('button', { name: new RegExp(`${title} is now In Progress`) }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible({ timeout: 10_000 });
    await page.keyboard.press('Escape');

    // Mark all as read: the badge goes.
    await bell.click();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications, none unread');
    await expect(page.getByTestId('notification-count')).toHaveCount(0);

    // The e-mail in the outbox links to the project, which opens from the link.
    const outbox = await page.request.get(`${runtime.url}/outbox.json?to=${encodeURIComponent(client.email)}`);
    const mail = (
      (await outbox.json()).messages as {
        subject: string;
        text: string;
        html: string;
        headers?: Record<string, string>;
      }[]
    ).find((message) => message.subject === `${title} is now In Progress`);
    expect(mail).toBeDefined();
    const link = `${runtime.url}/dashboard?project=${id}`;
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    await page.goto(link);
    await expect(page.getByRole('dialog', { name: title })).toBeVisible({ timeout: 10_000 });

    // The footer's unsubscribe link asks first (a mail scanner's visit changes nothing), then turns status e-mails off.
    const footer = /Stop e-mails about project status changes: (\S+)/.exec(mail!.text)?.[1];
    expect(footer).toMatch(new RegExp(`^${runtime.url}/unsubscribe\\?token=`));
    await page.goto(footer!);
    await expect(page.getByText('Confirm to stop e-mails about: Project status changes.')).toBeVisible();
    const before = await apiFromPage<{ preferences: Record<string, string> }>(
      page,
      'GET',
      '/api/me/notification-preferences',
    );
    expect(before.body.preferences.status).toBe('immediate');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(
      page.getByRole('status').getByText('You will no longer get e-mails about: Project status changes.'),
    ).toBeVisible();
    await runtime.settle();
    expect(
      (await apiFromPage<{ preferences: Record<string, string> }>(page, 'GET', '/api/me/notification-preferences')).body
        .preferences.status,
    ).toBe('off');

    await admin.context().close();
    await designer.context().close();
  },
);

test('the Notifications tab on /profile saves per-kind e-mail choices', async ({ page }) => {
  const client = { fullName: 'Pia Prefs', email: uniqueEmail(), password: PASSWORD };
  await signUpInBrowser(page, client);
  await signInInBrowser(page, client);
  await page.goto('/profile?tab=notifications');
  const status = page.getByRole('radiogroup', { name: 'Project status changes' });
  await expect(status.getByRole('radio', { name: 'Immediately' })).toBeChecked();
  await expect(
    page.getByRole('radiogroup', { name: 'Approved comments' }).getByRole('radio', { name: 'In a daily digest' }),
  ).toBeChecked();
  // Amplify's radio draws its own circle over the input: choose it by its label, as a person does.
  await status.getByText('Not by e-mail').click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Notification preferences saved')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: 'Project status changes' }).getByRole('radio', { name: 'Not by e-mail' }),
  ).toBeChecked();
});
