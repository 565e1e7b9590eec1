import { getBilling, subscriptionView } from '../queries.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { reading } from '../../../platform/views/reader.js';
import type { SubscriptionResponse } from '../contracts.js';

/** check-subscription: the caller's subscription, from the subscriptions projection. */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const body: SubscriptionResponse = subscriptionView(await getBilling(reading(), principal.sub));
  return { body };
});
