import type { Page } from '@playwright/test';
import type { SubmitProjectBody } from '../../functions/features/projects/contracts.js';
import {
  PASSWORD,
  apiFromPage,
  createTeamInBrowser,
  expect,
  proveEmailInDialog,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
} from './support/fixtures.js';

const DESCRIPTION =
  'A shared studio project: we are turning a 1960s ranch house into an open-plan family home. The wall between the ' +
  'kitchen ' +
  ('and the dining room comes out, the pantry becomes a mudroom with built-in storage, and the primary bathroom gets ' +
    'a ') +
  'curbless shower. We want warm oak, matte black fixtures and plenty of daylight; please plan the layout first.';

/** The invitation link in the newest invitation e-mail to `to`, read from the local outbox (/outbox.json?to=). */
async function invitationLink(page: Page, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/outbox.json?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: { subject: string; text: string; tag?: string }[] };
      const invitation = messages.find((message) => message.tag === 'team-invite');
      link = invitation ? /(https?:\/\/\S+\/accept-invite\?token=\S+)/.exec(invitation.text)?.[1] : undefined;
      return link;
    })
    .toBeTruthy();
  return link!;
}

test(
  'a client builds a team by e-mail invitation; the invitee joins and sees its projects; the admin manages ' +
    'members; a revoked link fails',
  async ({ page, browser, runtime }) => {
    test.setTimeout(150_000);
    const owner = { fullName: 'Olive Owner', email: uniqueEmail('owner'), password: PASSWORD };
    const teamName = `Studio ${Date.now().toString(36)}`;
    await signUpInBrowser(page, owner);
    await signInInBrowser(page, owner);
    await expect(page).toHaveURL(/\/dashboard$/);

    // Team Management: a client in no team names one and becomes its admin.
    await page.getByRole('button', { name: /Profile settings/ }).click();
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('tab', { name: 'Team Management' }).click();
    await page.getByLabel('Team Name').fill(teamName);
    await page.getByRole('button', { name: 'Create Team' }).click();
    // A team is built on a proven address: the first time, the code Cognito mails (no second sign-in).
    await proveEmailInDialog(page, runtime, owner);
    await expect(page.getByRole('heading', { name: teamName })).toBeVisible();
    const members = page.getByRole('table', { name: 'Team members' });
    await expect(members.getByRole('row', { name: /Olive Owner/ })).toContainText('Admin');
    await expect(members.getByRole('row', { name: /Olive Owner/ })).toContainText('Active');
    // Nobody changes or removes themselves.
    await expect(page.getByRole('button', { name: 'Remove Olive Owner' })).toHaveCount(0);

    // A team project, submitted once the owner is in the team.
    await runtime.settle();
    const projectTitle = `Team ranch house ${Date.now().toString(36)}`;
    const submission = {
      title: projectTitle,
      project_category: 'Design',
      project_type: 'Concept Design',
      property_type: 'single_family',
      deliverables: ['Layout Plan'],
      description: DESCRIPTION,
      design_priority: [],
      area_sqft: 1400,
      existing_plans: false,
      permit_needs: null,
      room_selection: [],
      room_notes: null,
      inspiration_links: [],
      checklist: [{ task_name: 'Measure site', estimated_hours: 3 }],
      total_estimated_hours: 3,
      estimated_turnaround_days: 2,
      grok_generated: true,
    } satisfies SubmitProjectBody;
    expect((await apiFromPage(page, 'POST', '/api/projects', submission)).status).toBe(201);

    // Invite a Designer by e-mail: the working form, with the BETA note and the Designer-only note.
    const inviteeEmail = uniqueEmail('dana');
    await page.getByRole('button', { name: 'Invite Team Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
    await expect(dialog.getByText('BETA users will have unlimited seat invites.', { exact: false })).toBeVisible();
    await expect(dialog.getByText('Currently, only Designer role is available for new team members.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Send Invite' })).toBeDisabled();
    await dialog.getByLabel('Email Address').fill(inviteeEmail);
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await expect(page.getByText(`Invite sent successfully to ${inviteeEmail}`)).toBeVisible();
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await expect(pending.getByText(inviteeEmail)).toBeVisible();

    // A second invitation, revoked: its link must fail.
    const revokedEmail = uniqueEmail('revoked');
    await page.getByRole('button', { name: 'Invite Team Member' }).click();
    await dialog.getByLabel('Email Address').fill(revokedEmail);
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await expect(page.getByText(`Invite sent successfully to ${revokedEmail}`)).toBeVisible();
    const revokedLink = await invitationLink(page, revokedEmail);
    await page.getByRole('button', { name: `Revoke invitation to ${revokedEmail}` }).click();
    await expect(page.getByText('Invitation revoked', { exact: true })).toBeVisible();
    await expect(pending.getByText(revokedEmail)).toHaveCount(0);

    // The invitee opens the link from the e-mail, in a browser of their own, signed out.
    const link = await invitationLink(page, inviteeEmail);
    expect(link.startsWith(`${runtime.url}/accept-invite?token=`)).toBe(true);
    const inviteeContext = await browser.newContext({ baseURL: runtime.url });
    const invitee = await inviteeContext.newPage();
    await invitee.goto(link);
    await expect(invitee.getByText('Please create an account to accept the invitation')).toBeVisible();
    await expect(invitee).toHaveURL(/\/invite-signup\?token=/);
    await expect(invitee.getByRole('heading', { name: `Join ${teamName}` })).toBeVisible();
    await expect(invitee.getByText('Olive Owner invited you to collaborate')).toBeVisible();
    await expect(invitee.getByLabel('Email')).toHaveValue(inviteeEmail);
    await expect(invitee.getByLabel('Email')).not.toBeEditable();
    const token = new URL(link).searchParams.get('token')!;
    await expect(invitee.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/auth?redirect=${encodeURIComponent(`/accept-invite?token=${token}`)}`,
    );

    // The form's rules first.
    await invitee.getByLabel('Full Name').fill('D');
    await invitee.getByLabel('Phone (optional)').fill('555-12');
    await invitee.getByLabel('Password', { exact: true }).fill('short');
    await invitee.getByLabel('Confirm Password').fill('different');
    await invitee.getByRole('button', { name: 'Create Account & Join Team' }).click();
    await expect(invitee.getByText('Please fix the errors in the form')).toBeVisible();
    await expect(invitee.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(invitee.getByText('Phone number must be at least 10 digits')).toBeVisible();
    await expect(invitee.getByText('Password must be at least 12 characters')).toBeVisible();
    await expect(invitee.getByText("Passwords don't match")).toBeVisible();

    await invitee.getByLabel('Full Name').fill('Dana Designer');
    await invitee.getByLabel('Phone (optional)').fill('+1 555 010 2040');
    await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invitee.getByLabel('Confirm Password').fill(PASSWORD);
    await invitee.getByRole('button', { name: 'Create Account & Join Team' }).click();
    await expect(invitee.getByText('Account created successfully!')).toBeVisible();
    await expect(invitee.getByText('Successfully joined the team!')).toBeVisible();
    await expect(invitee).toHaveURL(/\/dashboard$/);

    // In the team: the team's projects are the member's too.
    await runtime.settle();
    await invitee.goto('/board');
    await expect(invitee.getByRole('button', { name: projectTitle })).toBeVisible();
    await invitee.goto('/profile?tab=team');
    await expect(invitee.getByRole('heading', { name: teamName })).toBeVisible();
    await expect(invitee.getByRole('button', { name: 'Invite Team Member' })).toHaveCount(0);
    await expect(invitee.getByText('Pending Invitations')).toHaveCount(0);

    // The admin changes the member's role inline, then removes them.
    await page.getByRole('button', { name: 'Refresh' }).click();
    const dana = members.getByRole('row', { name: /Dana Designer/ });
    await expect(dana).toContainText('Designer');
    await expect(dana).toContainText('Active');
    await page.getByRole('button', { name: 'Change role of Dana Designer' }).click();
    await expect(dana.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await page.getByLabel('Role for Dana Designer').selectOption('admin');
    await expect(page.getByText('Role updated', { exact: true })).toBeVisible();
    await expect(dana.getByText('Admin', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Remove Dana Designer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove team member' });
    await confirm.getByRole('button', { name: 'Remove Member' }).click();
    await expect(page.getByText('Member removed', { exact: true })).toBeVisible();
    await expect(members.getByRole('row', { name: /Dana Designer/ })).toHaveCount(0);

    // The revoked invitation's link fails, with the spec's message, and leads to /auth.
    const strangerContext = await browser.newContext({ baseURL: runtime.url });
    const stranger = await strangerContext.newPage();
    await stranger.goto(revokedLink);
    await expect(stranger.getByText('Invalid or expired invitation')).toBeVisible();
    await expect(stranger).toHaveURL(/\/auth$/);

    // Without a token there is nothing to accept.
    await stranger.goto('/accept-invite');
    await expect(stranger.getByRole('heading', { name: 'Unable to Accept Invitation' })).toBeVisible();
    await expect(stranger.getByText('Invalid invitation link')).toBeVisible();
    await expect(stranger.getByRole('button', { name: 'Go to Dashboard' })).toBeVisible();
    await stranger.getByRole('button', { name: 'Sign In' }).click();
    await expect(stranger).toHaveURL(/\/auth/);

    await inviteeContext.close();
    await strangerContext.close();
  },
);

test('a signed-in invitee accepts from the link: Welcome to the Team!, then the dashboard', async ({
  page,
  browser,
  runtime,
}) => {
  const owner = { fullName: 'Ada Admin', email: uniqueEmail('ada'), password: PASSWORD };
  await signUpInBrowser(page, owner);
  await signInInBrowser(page, owner);
  await runtime.settle();
  await createTeamInBrowser(page, runtime, owner, 'Ada Studio');
  await runtime.settle();
  const guestEmail = uniqueEmail('guest');
  const sent = await apiFromPage<{ message: string }>(page, 'POST', '/api/team/invites', { email: guestEmail });
  expect(sent.body.message).toBe(`Invite sent successfully to ${guestEmail}`);
  const link = await invitationLink(page, guestEmail);

  // An existing account: sign up on /auth first, then follow the link signed in.
  const guestContext = await browser.newContext({ baseURL: runtime.url });
  const guest = await guestContext.newPage();
  await signUpInBrowser(guest, { fullName: 'Gus Guest', email: guestEmail, password: PASSWORD });
  await signInInBrowser(guest, { email: guestEmail, password: PASSWORD });
  await guest.goto(link);
  // A link can leak: accepting needs the address proven, once (the code, then the password).
  await proveEmailInDialog(guest, runtime, { email: guestEmail });
  await expect(guest.getByRole('heading', { name: 'Welcome to the Team!' })).toBeVisible();
  await expect(guest).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  // Used once: the same link now fails.
  await guest.goto(link);
  await expect(guest.getByText('Invalid or expired invitation')).toBeVisible();
  await guestContext.close();
});

test('an invitation whose e-mail cannot be sent stays pending; resending it fails too', async ({ page, runtime }) => {
  const owner = { fullName: 'Fay Failing', email: uniqueEmail('fay'), password: PASSWORD };
  await signUpInBrowser(page, owner);
  await signInInBrowser(page, owner);
  await runtime.settle();
  await createTeamInBrowser(page, runtime, owner, 'Fay Studio');
  await runtime.settle();
  // The local mailer refuses the reserved .invalid domain, as a real provider would fail the address.
  const undeliverable = `nobody.${Date.now().toString(36)}@example.invalid`;
  await page.getByRole('button', { name: 'Invite Team Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
  await dialog.getByLabel('Email Address').fill(undeliverable);
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(page.getByText('Invite created but email failed to send. Please try resending.')).toBeVisible();
  const item = page
    .getByRole('list', { name: 'Pending invitations' })
    .getByRole('listitem')
    .filter({ hasText: undeliverable });
  await expect(item.getByText('Email not sent')).toBeVisible();
  await page.getByRole('button', { name: `Resend invitation to ${undeliverable}` }).click();
  await expect(page.getByText('Failed to resend invitation')).toBeVisible();
});
