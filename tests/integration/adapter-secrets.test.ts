import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StripeBillingProvider, loadStripeSecrets } from '../../functions/features/billing/provider/stripe-provider.js';
import { httpHandler, type HttpEvent } from '../../functions/app/http.js';
import { GET_SECRET_VALUE, SECRETS_REFUSALS, secretValue } from '../support/aws-endpoints/secrets-manager.js';
import { targetOf } from '../support/aws-endpoints/aws-json.js';
import { signedScope, startAwsEndpoint, useEndpointEnv, type AwsEndpoint } from '../support/aws-endpoints/server.js';

/**
 * The Stripe keys read from Secrets Manager (STRIPE_SECRET_ARN) through the client the loader
 * builds (three attempts), against a local endpoint that answers GetSecretValue in awsJson1_1 as
 * Secrets Manager does. The client reaches it by AWS_ENDPOINT_URL_SECRETS_MANAGER, the SDK's own
 * setting; the Stripe calls that follow go to a second local endpoint, as in stripe-provider.test.ts.
 */
const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:design-club/dev/stripe-AbCdEf';
let secrets: AwsEndpoint;
let stripe: AwsEndpoint;
let restoreEnv: () => void;

beforeAll(async () => {
  secrets = await startAwsEndpoint();
  stripe = await startAwsEndpoint();
  restoreEnv = useEndpointEnv({ SECRETS_MANAGER: secrets.url });
});
afterAll(async () => {
  restoreEnv();
  await secrets.close();
  await stripe.close();
});
beforeEach(() => {
  secrets.reset();
  stripe.reset();
  vi.unstubAllEnvs();
  vi.stubEnv('STRIPE_SECRET_KEY', '');
  vi.stubEnv('STRIPE_WEBHOOK_SECRET', '');
  vi.stubEnv('STRIPE_SECRET_ARN', ARN);
});

const both = JSON.stringify({ secretKey: 'sk_test_from_secret', webhookSecret: 'whsec_from_secret' });

describe('GetSecretValue as the SDK sends it', () => {
  it(
    'asks for the secret by ARN (awsJson1_1, X-Amz-Target), signed for Secrets Manager, and reads both keys from ' +
      'its JSON',
    async () => {
      secrets.answerInTurn(secretValue(ARN, both));
      expect(await loadStripeSecrets()).toEqual({
        secretKey: 'sk_test_from_secret',
        webhookSecret: 'whsec_from_secret',
      });
      expect(secrets.seen).toHaveLength(1);
      expect(secrets.seen[0]).toMatchObject({ method: 'POST', url: '/' });
      expect(targetOf(secrets.seen[0]!)).toBe(GET_SECRET_VALUE);
      expect(secrets.seen[0]!.headers['content-type']).toBe('application/x-amz-json-1.1');
      expect(signedScope(secrets.seen[0]!)).toEqual({
        accessKeyId: 'AKIDLOCALTEST',
        region: 'us-east-1',
        service: 'secretsmanager',
      });
      expect(secrets.json()).toEqual({ SecretId: ARN });
    },
  );

  it('a plain-text secret is the secret key; the webhook secret then comes from the environment', async () => {
    secrets.answerInTurn(secretValue(ARN, '  sk_test_plain\n'));
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_env');
    expect(await loadStripeSecrets()).toEqual({ secretKey: 'sk_test_plain', webhookSecret: 'whsec_env' });
  });

  it('an empty secret is refused with a message that says so', async () => {
    secrets.answerInTurn(secretValue(ARN, '{}'));
    await expect(loadStripeSecrets()).rejects.toThrow('The Stripe secret key is empty');
  });

  it('the key the secret holds is the one Stripe is called with', async () => {
    secrets.answerInTurn(secretValue(ARN, both));
    stripe.answerInTurn({ status: 200, body: { id: 'cus_1', object: 'customer' } });
    const port = Number(new URL(stripe.url).port);
    await new StripeBillingProvider({ host: '127.0.0.1', port, protocol: 'http' }).createCustomer({
      user_id: 'u1',
      email: 'a@example.com',
    });
    expect(stripe.seen[0]).toMatchObject({ method: 'POST', url: '/v1/customers' });
    expect(stripe.seen[0]!.headers.authorization).toBe('Bearer sk_test_from_secret');
  });
});

describe("Secrets Manager's refusals and the SDK's retries", () => {
  it('a throttled read (ThrottlingException) is retried, and the retry reads the secret', async () => {
    secrets.answerInTurn(SECRETS_REFUSALS.throttled, secretValue(ARN, both));
    expect((await loadStripeSecrets()).secretKey).toBe('sk_test_from_secret');
    expect(secrets.seen).toHaveLength(2);
    expect(secrets.json(1)).toEqual({ SecretId: ARN });
  });

  it.each([
    ['a secret that does not exist', SECRETS_REFUSALS.notFound, 'ResourceNotFoundException'],
    ['a role that may not read it', SECRETS_REFUSALS.accessDenied, 'AccessDeniedException'],
    ['a key that cannot decrypt it', SECRETS_REFUSALS.decryptionFailure, 'DecryptionFailure'],
  ])('%s: not retried, the error names it', async (_case, refusal, name) => {
    secrets.answerInTurn(refusal);
    await expect(loadStripeSecrets()).rejects.toMatchObject({ name });
    expect(secrets.seen).toHaveLength(1);
  });

  it(
    'a provider whose first read failed reads the secret ' + 'again on its next call, instead of keeping the failure',
    async () => {
      secrets.answerInTurn(SECRETS_REFUSALS.accessDenied, secretValue(ARN, both));
      stripe.answerInTurn({ status: 200, body: { id: 'cus_2', object: 'customer' } });
      const port = Number(new URL(stripe.url).port);
      const provider = new StripeBillingProvider({ host: '127.0.0.1', port, protocol: 'http' });
      await expect(provider.createCustomer({ user_id: 'u2', email: 'b@example.com' })).rejects.toMatchObject({
        name: 'AccessDeniedException',
      });
      expect(await provider.createCustomer({ user_id: 'u2', email: 'b@example.com' })).toEqual({
        customer_id: 'cus_2',
      });
      expect(secrets.seen).toHaveLength(2);
    },
  );

  it('a 500 on every attempt: three attempts, then the API answers 503 with a retry hint', async () => {
    secrets.answerInTurn(SECRETS_REFUSALS.internal);
    const provider = new StripeBillingProvider({
      host: '127.0.0.1',
      port: Number(new URL(stripe.url).port),
      protocol: 'http',
    });
    // A public route's chain: the status comes from the error mapping alone.
    const handler = httpHandler({}, async () => ({
      body: await provider.createCustomer({ user_id: 'u3', email: 'c@example.com' }),
    }));
    const response = await handler(
      {
        routeKey: 'GET /api/health',
        isBase64Encoded: false,
        requestContext: { requestId: 'r-1' },
      } as unknown as HttpEvent,
      {} as never,
    );
    expect(response.statusCode).toBe(503);
    expect(response.headers?.['retry-after']).toBe('2');
    expect(secrets.seen).toHaveLength(3);
    expect(stripe.seen).toHaveLength(0);
  });
});
