import type { Runtime } from '../../platform/runtime.js';
import { billingProvider } from './provider/provider.js';
import { getBilling } from './queries.js';

/**
 * What other features may ask of billing (the erasure of an account): ending the account's
 * subscription at the provider now. The customer and its invoices stay with the provider, as the law
 * asks; the provider's webhook then records the cancellation on the billing stream.
 */
export async function cancelSubscriptionOf(runtime: Runtime, sub: string): Promise<void> {
  const billing = await getBilling(runtime, sub);
  if (!billing?.subscription_id || billing.status === 'canceled') return;
  await (await billingProvider()).cancelSubscription(billing.subscription_id);
}
