import { getBilling, subscriptionView } from '../queries.js';
import { httpHandler, signedIn } from '../../../platform/http/middleware.js';
import { getRuntime } from '../../../platform/runtime.js';
import type { SubscriptionResponse } from '../contracts.js';

/** check-subscription: the caller's subscription, from the subscriptions projection. */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const body: SubscriptionResponse = subscriptionView(await getBilling(getRuntime(), principal.sub));
  return { body };
});
