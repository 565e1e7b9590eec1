import Stripe from 'stripe';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { requestHandlerOptions } from '../../../platform/aws/sdk-config.js';
import { BillingUnavailableError, WebhookSignatureError, type BillingProvider } from './provider.js';
import { captureAwsClient } from '../../../platform/observability/tracing.js';

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
    // Region, credentials and endpoint are the SDK's to resolve (AWS_ENDPOINT_URL_SECRETS_MANAGER in the adapter's
    // tests).
    const secrets = captureAwsClient(
      new SecretsManagerClient({ maxAttempts: 3, requestHandler: requestHandlerOptions() }),
    );
    const answer = await secrets
      .send(new GetSecretValueCommand({ SecretId: env.STRIPE_SECRET_ARN }))
      .finally(() => secrets.destroy());
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

/**
 * How the Stripe client waits and retries, sized to the 15 s an HTTP function has: a socket silent
 * for 5 s is abandoned (stripe-node's `timeout` is an idle timeout), and one retry (with the
 * idempotency key stripe-node adds to a retried POST) still answers within the function's time.
 */
const STRIPE_CLIENT_CONFIG = { timeout: 5_000, maxNetworkRetries: 1 } as const satisfies Stripe.StripeConfig;

/** Failures worth a later retry: Stripe's 5xx and rate limit, and a connection that failed. */
const UNAVAILABLE = new Set(['StripeAPIError', 'StripeConnectionError', 'StripeRateLimitError']);

const rethrow = (error: unknown): never => {
  throw unavailableOr(error);
};

function unavailableOr(error: unknown): unknown {
  const failure = error as { type?: string; statusCode?: number };
  return UNAVAILABLE.has(failure?.type ?? '') || (failure?.statusCode ?? 0) >= 500
    ? new BillingUnavailableError({ cause: error })
    : error;
}

/**
 * Where the Stripe client connects: api.stripe.com, unless STRIPE_API_URL names another endpoint
 * (the rehearsal's Stripe stand-in, as AWS_ENDPOINT_URL names the AWS one; stripe-node's own
 * host, port and protocol settings, as stripe-mock is reached). The stack never sets it.
 */
export function stripeConnection(
  env: NodeJS.ProcessEnv = process.env,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!env.STRIPE_API_URL) return {};
  const url = new URL(env.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Stripe: Checkout Sessions in subscription mode, the Customer Portal, signed webhooks. */
export class StripeBillingProvider implements BillingProvider {
  readonly kind = 'stripe' as const;
  private ready: Promise<{ stripe: Stripe; webhookSecret: string }> | undefined;

  /** `connection`: where the client connects (host, port, protocol), for tests against a local endpoint. */
  constructor(
    private readonly connection: Pick<
      Stripe.StripeConfig,
      'host' | 'port' | 'protocol' | 'timeout'
    > = stripeConnection(),
  ) {}

  private client() {
    this.ready ??= loadStripeSecrets()
      .then(({ secretKey, webhookSecret }) => ({
        stripe: new Stripe(secretKey, { ...STRIPE_CLIENT_CONFIG, ...this.connection }),
        webhookSecret,
      }))
      .catch((error: unknown) => {
        this.ready = undefined;
        throw error;
      });
    return this.ready;
  }

  async createCustomer({ user_id, email }: { user_id: string; email: string }) {
    const { stripe } = await this.client();
    // The idempotency key makes two racing first checkouts share one customer.
    const customer = await stripe.customers
      .create({ email, metadata: { user_id } }, { idempotencyKey: `customer-${user_id}` })
      .catch(rethrow);
    return { customer_id: customer.id };
  }

  async createCheckoutSession(input: {
    customer_id: string;
    user_id: string;
    price_id: string;
    success_url: string;
    cancel_url: string;
  }) {
    const { stripe } = await this.client();
    const session = await stripe.checkout.sessions
      .create({
        mode: 'subscription',
        customer: input.customer_id,
        client_reference_id: input.user_id,
        line_items: [{ price: input.price_id, quantity: 1 }],
        subscription_data: { metadata: { user_id: input.user_id } },
        metadata: { user_id: input.user_id },
        success_url: input.success_url,
        cancel_url: input.cancel_url,
      })
      .catch(rethrow);
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { url: session.url };
  }

  async createPortalSession(input: { customer_id: string; return_url: string }) {
    const { stripe } = await this.client();
    const session = await stripe.billingPortal.sessions
      .create({ customer: input.customer_id, return_url: input.return_url })
      .catch(rethrow);
    return { url: session.url };
  }

  async retrieveSubscription(id: string) {
    const { stripe } = await this.client();
    try {
      return await stripe.subscriptions.retrieve(id);
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing') return null;
      throw unavailableOr(error);
    }
  }

  async cancelSubscription(id: string) {
    const { stripe } = await this.client();
    try {
      const subscription = await stripe.subscriptions.retrieve(id);
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
      await stripe.subscriptions.cancel(id, {}, { idempotencyKey: `erasure-cancel-${id}` });
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing') return;
      throw unavailableOr(error);
    }
  }

  async *listSubscriptions() {
    const { stripe } = await this.client();
    try {
      yield* stripe.subscriptions.list({ status: 'all', limit: 100 });
    } catch (error) {
      throw unavailableOr(error);
    }
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
