import { isSubscribed } from '../state.js';
import { checkoutReturnUrls, planForPrice, priceIdFor } from '../provider/config.js';
import { billingProvider } from '../provider/provider.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { billingState, ensureCustomer } from '../account.js';
import { checkoutBody, type RedirectResponse } from '../contracts.js';

/** create-checkout: a Checkout Session in subscription mode for one of the two plans. */
export const handler = httpHandler({ body: checkoutBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const priceId = request.body.tier ? priceIdFor(request.body.tier) : request.body.price_id!;
  if (!planForPrice(priceId)) throw new HttpError(400, 'UNKNOWN_PLAN', 'There is no plan with this price id.');

  const state = await billingState(principal, runtime);
  if (isSubscribed(state)) {
    throw new HttpError(
      409,
      'ALREADY_SUBSCRIBED',
      'You already have an active subscription. Use Manage Plan to change it.',
    );
  }
  const provider = await billingProvider();
  const customerId = await ensureCustomer(principal, state, provider, runtime, request.correlationId);
  const { url } = await provider.createCheckoutSession({
    customer_id: customerId,
    user_id: principal.sub,
    price_id: priceId,
    ...checkoutReturnUrls(),
  });
  const body: RedirectResponse = { url };
  return { body };
});
