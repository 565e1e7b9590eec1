import type { Page } from '@playwright/test';
import {
  PASSWORD,
  expect,
  proveEmailInDialog,
  signInInBrowser,
  signUpInBrowser,
  test,
  uniqueEmail,
} from './support/fixtures.js';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test("the test-email page sends through the mail adapter to the caller, and refuses a stranger's address", async ({
  page,
  runtime,
}) => {
  const account = { fullName: 'Mae Mailer', email: uniqueEmail('mailer'), password: PASSWORD };
  await signUpInBrowser(page, account);
  await signInInBrowser(page, account);
  await page.goto('/test-resend');
  const send = page.getByRole('button', { name: 'Send Test Email' });

  await send.click();
  const required = toast(page, 'Email Required');
  await expect(required).toContainText('Please enter an email address to test.');
  await expect(required).toHaveAttribute('data-variant', 'destructive');

  // A client's test e-mail goes to their own address (or an admin's), never a stranger's.
  const to = account.email;
  await page.getByLabel('Email').fill(to);
  await send.click();
  // Mail goes out only in the name of a proven address: the first time, the page asks for the code.
  await proveEmailInDialog(page, runtime, account);
  await expect(toast(page, 'Test Email Sent')).toContainText(`Test email sent to ${to}`);
  const outbox = (await (await fetch(`${runtime.url}/outbox.json?to=${encodeURIComponent(to)}`)).json()) as {
    messages: { subject: string; tag?: string }[];
  };
  expect(outbox.messages.filter((m) => m.tag === 'test').map((m) => m.subject)).toEqual(['Design Club test email']);

  await page.getByLabel('Email').fill(uniqueEmail('stranger'));
  await send.click();
  const refused = toast(page, 'Test Failed');
  await expect(refused).toContainText(
    'Failed to send test email. Test emails can only be sent to your own email address or to an admin.',
  );
  await expect(refused).toHaveAttribute('data-variant', 'destructive');
});

test('an admin tests delivery to any address; a refused address shows the failure', async ({ page, runtime }) => {
  await page.goto('/auth');
  await signInInBrowser(page, runtime.seeded.admin);
  await page.goto('/test-resend');
  // The local mailer refuses the reserved `.invalid` domain (RFC 2606), as a real provider fails an undeliverable
  // address.
  await page.getByLabel('Email').fill('nobody@example.invalid');
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  const failed = toast(page, 'Test Failed');
  await expect(failed).toContainText('Failed to send test email');
  await expect(failed).toHaveAttribute('data-variant', 'destructive');
});

test('signed out, the test-email page shows its form and sending asks to sign in first', async ({ page }) => {
  await page.goto('/test-resend');
  await expect(page.getByRole('heading', { name: 'Test Email Delivery' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth?redirect=%2Ftest-resend');
  await page.getByLabel('Email').fill('someone@example.test');
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Ftest-resend$/);
  await expect(toast(page, 'Sign in to send a test email')).toBeVisible();
});
