import { billingProvider, WebhookSignatureError } from '../provider/provider.js';
import { applyProviderEvent } from '../reconcile.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler } from '../../../app/http.js';
import { log } from '../../../platform/log.js';
import { appending } from '../../../app/runtime.js';

/**
 * Stripe's webhook (public; the signature is the authentication). The signature covers the exact
 * bytes Stripe sent, so it is checked over the raw body, decoded from base64 when API Gateway
 * delivered it so. A bad or stale (replayed) signature is refused before anything is read or written.
 */
export const handler = httpHandler({}, async (request) => {
  const { event } = request;
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : (event.body ?? '');
  const provider = await billingProvider();
  let verified;
  try {
    verified = await provider.verifyWebhook(raw, event.headers?.['stripe-signature']);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      log.warn('Refused a webhook with a bad signature', { reason: error.message });
      throw new HttpError(400, 'INVALID_SIGNATURE', 'Webhook signature verification failed.');
    }
    throw error;
  }
  const outcome = await applyProviderEvent(verified, provider, appending());
  if (outcome.ignored)
    log.info('Webhook event ignored', { id: verified.id, type: verified.type, reason: outcome.ignored });
  return { body: { received: true, ...outcome } };
});
