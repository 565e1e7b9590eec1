import { getBilling, subscriptionView } from '../../queries/billing.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { getRuntime } from '../../core/runtime.js';
import type { SubscriptionResponse } from './contracts.js';

/** check-subscription: the caller's subscription, from the subscriptions projection. */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const body: SubscriptionResponse = subscriptionView(await getBilling(getRuntime(), principal.sub));
  return { body };
});
