import type { Page } from '@playwright/test';
import { expect, proveEmailInDialog, type E2ERuntime } from './fixtures.js';

/** The designer invitation link in the newest such e-mail to `email` (the local outbox), as a path. */
export async function designerInvitationPath(runtime: E2ERuntime, email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (
        await fetch(`${runtime.url}/outbox.json?to=${encodeURIComponent(email)}`)
      ).json()) as { messages: { text: string; tag?: string }[] };
      const mail = messages.find((message) => message.tag === 'designer-invite');
      path = mail ? /(\/designer-invite\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)?.[1] : undefined;
      return path;
    })
    .toBeTruthy();
  return path!;
}

/**
 * Follows the invitation link signed in with the invited address and accepts: the page goes on to
 * /designer. An address not proven yet is proven first in the dialog the page opens (the code from
 * the outbox; the session carries on with no second sign-in), as the user would.
 */
export async function acceptDesignerInvitation(page: Page, runtime: E2ERuntime, email: string): Promise<void> {
  await page.goto(await designerInvitationPath(runtime, email));
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify Your Email' });
  await expect.poll(async () => (await verify.isVisible()) || /\/designer$/.test(page.url())).toBe(true);
  if (await verify.isVisible()) await proveEmailInDialog(page, runtime, { email });
  await expect(page).toHaveURL(/\/designer$/);
}
