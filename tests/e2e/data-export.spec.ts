import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { PASSWORD, clientWithProject, expect, test, uniqueEmail } from './support/fixtures.js';

/**
 * 'Download My Data' on the profile: the archive is prepared in the background, the bell says when it
 * is ready, and the link on the profile downloads a zip whose manifest lists the person's data.
 */
test("'Download My Data' prepares an archive, the bell tells, and the link downloads it", async ({ page, runtime }) => {
  const account = { fullName: 'Dora Download', email: uniqueEmail('dora'), password: PASSWORD };
  const projectId = await clientWithProject(page, runtime, account, {
    title: 'Dora loft conversion',
    description:
      'Turn the loft into a studio with a skylight and storage under the eaves. '.repeat(6) +
      'Keep the chimney breast, move the stair to the gable end, and add a small shower room.',
    property_type: 'single_family',
    area_sqft: 640,
    room: 'Bedroom',
    task: 'Measure the loft',
  });

  await page.goto('/profile');
  const bell = page.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName('Notifications, none unread');
  await page.getByRole('button', { name: 'Download My Data' }).click();

  // Ready without a reload: the bell lights up and the link appears with its expiry.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
  const link = page.getByRole('button', { name: /^Download your archive/ });
  await expect(link).toBeVisible();
  await expect(page.getByText(/^Available until /)).toBeVisible();
  // One a day: the button waits for tomorrow and says so.
  await expect(page.getByRole('button', { name: 'Download My Data' })).toBeDisabled();
  await expect(page.getByText(/^You can ask for a new archive after /)).toBeVisible();

  await bell.click();
  await expect(
    page.getByRole('dialog', { name: 'Notifications' }).getByText(/Your data archive is ready/),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^design-club-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(readFileSync((await download.path())!));
  const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
    entries: { kind: string; path: string }[];
  };
  expect(manifest.entries.map((entry) => entry.path)).toEqual(
    expect.arrayContaining([
      'profile.json',
      'subscription.json',
      'billing-events.json',
      'projects.json',
      'checklists.json',
      'comments.json',
      'review-notes.json',
      'activity.json',
      'notifications.json',
      'team-memberships.json',
    ]),
  );
  const projects = JSON.parse(strFromU8(files['projects.json']!)) as { id: string; title: string }[];
  expect(projects.map((project) => [project.id, project.title])).toEqual([[projectId, 'Dora loft conversion']]);
  expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({
    email: account.email,
    full_name: 'Dora Download',
  });
});
