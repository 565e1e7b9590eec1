import {
  PASSWORD,
  apiFromPage,
  clientWithProject,
  expect,
  signedInPage,
  subOf,
  test,
  uniqueEmail,
} from './support/fixtures.js';

const DESCRIPTION =
  'A narrow Victorian terrace needs a rear kitchen extension with a glazed roof, a utility room under the stairs and ' +
  'a ' +
  'downstairs shower room. Light is the main problem: the middle of the house is dark all day. We would like two ' +
  'layout options, a material palette in brick and oak, and a rendering of the garden view from the new kitchen.';

/** Two people, two browsers, no reloads: what one does appears on the other's open screen. */
test(
  'a designer comment appears in the admin open dialog, and a status change moves the card on the client open ' +
    'board',
  async ({ page, browser, runtime }) => {
    const client = { fullName: 'Livia Live', email: uniqueEmail(), password: PASSWORD };
    const title = `Terrace extension ${Date.now().toString(36)}`;
    const id = await clientWithProject(page, runtime, client, {
      title,
      description: DESCRIPTION,
      property_type: 'townhouse',
      area_sqft: 1400,
      room: 'Kitchen',
      task: 'Survey review',
    });

    const admin = await signedInPage(browser, runtime, runtime.seeded.admin);
    const designer = await signedInPage(browser, runtime, runtime.seeded.designer);
    const designerSub = await subOf(designer);
    expect(
      (await apiFromPage(admin, 'PATCH', `/api/projects/${id}`, { designer: { designer_id: designerSub } })).status,
    ).toBe(200);
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
    expect(
      (
        await apiFromPage(designer, 'POST', `/api/projects/${id}/comments`, {
          content: 'The glazed roof needs a 15 degree pitch.',
        })
      ).status,
    ).toBeLessThan(300);
    // The comment itself (its 'Comment posted' entry in the feed quotes it too).
    await expect(
      dialog.getByRole('listitem', { name: /^Comment by/ }).getByText('The glazed roof needs a 15 degree pitch.'),
    ).toBeVisible({ timeout: 10_000 });
    await expect(dialog.getByText('Pending Approval')).toBeVisible();

    // The admin moves the project to In Progress: the card moves on the client's board.
    expect((await apiFromPage(admin, 'PATCH', `/api/projects/${id}`, { status: 'in_progress' })).status).toBe(200);
    await expect(page.getByRole('region', { name: 'In Progress' }).getByRole('button', { name: title })).toBeVisible({
      timeout: 10_000,
    });
    await expect(page.getByRole('region', { name: 'Queued' }).getByRole('button', { name: title })).toHaveCount(0);

    // Neither page was reloaded.
    expect(await admin.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
    await admin.context().close();
    await designer.context().close();
  },
);
