import { siteUrl } from '../provider/config.js';
import { billingProvider } from '../provider/provider.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { eventReading } from '../../../app/runtime.js';
import { billingState } from '../account.js';
import type { RedirectResponse } from '../contracts.js';

/** customer-portal: the provider's page where the subscriber changes plan, payment method or cancels. */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const state = await billingState(principal, eventReading());
  if (!state.customer_id)
    throw new HttpError(404, 'NO_BILLING_ACCOUNT', 'You have no billing account yet. Choose a plan first.');
  const provider = await billingProvider();
  const { url } = await provider.createPortalSession({
    customer_id: state.customer_id,
    return_url: `${siteUrl()}/dashboard`,
  });
  const body: RedirectResponse = { url };
  return { body };
});
