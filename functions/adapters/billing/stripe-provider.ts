import Stripe from 'stripe';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { localEndpointConfig, requestHandlerOptions } from '../sdk-config.js';
import { WebhookSignatureError, type BillingProvider } from './provider.js';
import { captureAwsClient } from '../../core/observability/tracing.js';

interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

/**
 * The secret key (and optionally the webhook signing secret) from STRIPE_SECRET_KEY /
 * STRIPE_WEBHOOK_SECRET, or from the Secrets Manager secret named by STRIPE_SECRET_ARN: either the
 * key as plain text, or JSON `{ "secretKey": "sk_...", "webhookSecret": "whsec_..." }`.
 */
export async function loadStripeSecrets(env: NodeJS.ProcessEnv = process.env): Promise<StripeSecrets> {
  let secretKey = env.STRIPE_SECRET_KEY ?? '';
  let webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? '';
  if (!secretKey && env.STRIPE_SECRET_ARN) {
    // Read once per container (the provider keeps what it loaded), so the client is not kept either.
    const secrets = captureAwsClient(new SecretsManagerClient({ ...localEndpointConfig(env.SECRETS_MANAGER_ENDPOINT), maxAttempts: 3, requestHandler: requestHandlerOptions() }));
    const answer = await secrets.send(new GetSecretValueCommand({ SecretId: env.STRIPE_SECRET_ARN })).finally(() => secrets.destroy());
    const text = (answer.SecretString ?? '').trim();
    if (text.startsWith('{')) {
      const parsed = JSON.parse(text) as Partial<StripeSecrets>;
      secretKey = parsed.secretKey ?? '';
      webhookSecret ||= parsed.webhookSecret ?? '';
    } else {
      secretKey = text;
    }
  }
  if (!secretKey) throw new Error('The Stripe secret key is empty');
  if (!webhookSecret) throw new Error('Missing STRIPE_WEBHOOK_SECRET');
  return { secretKey, webhookSecret };
}

/** Stripe: Checkout Sessions in subscription mode, the Customer Portal, signed webhooks. */
export class StripeBillingProvider implements BillingProvider {
  readonly kind = 'stripe' as const;
  private ready: Promise<{ stripe: Stripe; webhookSecret: string }> | undefined;

  private client() {
    this.ready ??= loadStripeSecrets()
      .then(({ secretKey, webhookSecret }) => ({ stripe: new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 }), webhookSecret }))
      .catch((error: unknown) => {
        this.ready = undefined;
        throw error;
      });
    return this.ready;
  }

  async createCustomer({ user_id, email }: { user_id: string; email: string }) {
    const { stripe } = await this.client();
    // The idempotency key makes two racing first checkouts share one customer.
    const customer = await stripe.customers.create({ email, metadata: { user_id } }, { idempotencyKey: `customer-${user_id}` });
    return { customer_id: customer.id };
  }

  async createCheckoutSession(input: { customer_id: string; user_id: string; price_id: string; success_url: string; cancel_url: string }) {
    const { stripe } = await this.client();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customer_id,
      client_reference_id: input.user_id,
      line_items: [{ price: input.price_id, quantity: 1 }],
      subscription_data: { metadata: { user_id: input.user_id } },
      metadata: { user_id: input.user_id },
      success_url: input.success_url,
      cancel_url: input.cancel_url,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { url: session.url };
  }

  async createPortalSession(input: { customer_id: string; return_url: string }) {
    const { stripe } = await this.client();
    const session = await stripe.billingPortal.sessions.create({ customer: input.customer_id, return_url: input.return_url });
    return { url: session.url };
  }

  async retrieveSubscription(id: string) {
    const { stripe } = await this.client();
    try {
      return await stripe.subscriptions.retrieve(id);
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing') return null;
      throw error;
    }
  }

  async *listSubscriptions() {
    const { stripe } = await this.client();
    yield* stripe.subscriptions.list({ status: 'all', limit: 100 });
  }

  async verifyWebhook(rawBody: string | Buffer, signature: string | undefined) {
    const { stripe, webhookSecret } = await this.client();
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
  }
}
