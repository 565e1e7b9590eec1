import { getBilling, subscriptionView } from '../../lib/billing/queries.js';
import { httpHandler, signedIn } from '../../lib/http.js';
import { getRuntime } from '../../lib/runtime.js';
import type { SubscriptionResponse } from './contracts.js';

/** check-subscription: the caller's subscription, from the subscriptions projection. */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const body: SubscriptionResponse = subscriptionView(await getBilling(getRuntime(), principal.sub));
  return { body };
});
