import type { Locator } from '@playwright/test';
import type { ListDesignersResponse } from '../../functions/features/designers/contracts.js';
import { acceptDesignerInvitation } from './support/designer-invite.js';
import {
  PASSWORD,
  apiFromPage,
  expect,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
} from './support/fixtures.js';

/**
 * Designer Management shows names: each designer by the name they registered with, the e-mail beneath,
 * an invited designer who has not registered yet by e-mail with 'Invitation pending', and no internal
 * id in the row's visible text (it sits behind 'Details').
 */

/** What a person sees in the row (innerText: a closed 'Details' is not rendered). */
const visibleText = (locator: Locator) => locator.evaluate((element) => (element as HTMLElement).innerText);

test('designers are listed by name and e-mail, invited ones by e-mail and invitation, ids only behind Details', async ({
  page,
  browser,
  runtime,
}) => {
  test.setTimeout(120_000);
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);

  // An invited designer who has not registered yet.
  const invited = uniqueEmail('named-designer');
  expect((await apiFromPage(page, 'POST', '/api/designers', { email: invited })).status).toBeLessThan(300);
  await runtime.settle();

  await page.goto('/admin/designer-management');
  const table = page.getByRole('table', { name: 'Designers' });
  const row = (email: string) => table.getByRole('row').filter({ hasText: email });
  const seeded = runtime.seeded.designer.email;
  const { body: listed } = await apiFromPage<ListDesignersResponse>(page, 'GET', '/api/designers');
  const seededRow = listed.designers.find((designer) => designer.email === seeded)!;
  // The list answers the names (the users' profiles joined on the page).
  expect(seededRow.full_name).toBe('Dana Designer');
  expect(listed.designers.find((designer) => designer.email === invited)).toMatchObject({
    user_id: null,
    full_name: null,
    invitation: 'pending',
  });

  // The seeded designer: name first, e-mail as secondary text, no raw id in what is shown.
  const who = row(seeded).getByRole('cell').first();
  await expect(who.locator('.designer-identity__name')).toHaveText('Dana Designer');
  await expect(who.locator('.designer-identity__email')).toHaveText(seeded);
  expect(await visibleText(row(seeded))).not.toContain(seededRow.user_id!);
  expect(await visibleText(row(seeded))).not.toContain(seededRow.user_id!.slice(0, 8));
  // …which 'Details' discloses for whoever needs it.
  await who.getByText('Details', { exact: true }).click();
  await expect(who).toContainText(`Account ID: ${seededRow.user_id}`, { useInnerText: true });

  // The invited designer: the e-mail, and where the invitation stands.
  const invitedCell = row(invited).getByRole('cell').first();
  await expect(invitedCell.locator('.designer-identity__name')).toHaveText(invited);
  await expect(invitedCell).toContainText('Invitation pending');
  await expect(invitedCell.getByText('Details', { exact: true })).toHaveCount(0);

  // Once they register (with their name) and follow the link, the row names them.
  const designer = await (await browser.newContext({ baseURL: runtime.url })).newPage();
  await signUpInBrowser(designer, { fullName: 'Noor Newdesigner', email: invited, password: PASSWORD });
  await signInInBrowser(designer, { email: invited, password: PASSWORD });
  await acceptDesignerInvitation(designer, runtime, invited);
  await runtime.settle();
  await expect(async () => {
    await page.reload();
    await expect(invitedCell.locator('.designer-identity__name')).toHaveText('Noor Newdesigner', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(invitedCell.locator('.designer-identity__email')).toHaveText(invited);
  await expect(invitedCell).toContainText('Invitation accepted');
  const { body: after } = await apiFromPage<ListDesignersResponse>(page, 'GET', '/api/designers');
  const linked = after.designers.find((each) => each.email === invited)!;
  expect(linked.user_id).toBeTruthy();
  expect(await visibleText(row(invited))).not.toContain(linked.user_id!);
});
