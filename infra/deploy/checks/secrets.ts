import { DescribeSecretCommand } from '@aws-sdk/client-secrets-manager';
import { guarded, isNamed, type CheckResult } from '../outcome.js';
import type { CheckContext } from '../preflight.js';

const CHECK = 'Stripe secret';

/** The stack reads the Stripe keys' secret by name but never creates it. */
export function checkStripeSecret({ needs, clients, region }: CheckContext): Promise<CheckResult[]> {
  const name = needs.stripeSecretName;
  if (!name) return Promise.resolve([]);
  const create = [
    `aws secretsmanager create-secret --name ${name} --region ${region} \\`,
    `  --secret-string '{"secretKey":"sk_live_…","webhookSecret":"whsec_…"}'`,
    '(webhookSecret is the signing secret of the Stripe webhook, made after the first deploy: until then ' +
      'whsec_pending; docs/deploy.md, "Stripe webhook")',
  ];
  return guarded(CHECK, `secretsmanager:DescribeSecret on ${name}`, async () => {
    try {
      const secret = await clients.secrets.send(new DescribeSecretCommand({ SecretId: name }));
      if (secret.DeletedDate) {
        return {
          check: CHECK,
          outcome: 'missing',
          detail: `${name} is scheduled for deletion (since ${secret.DeletedDate.toISOString().slice(0, 10)}).`,
          fix: [`aws secretsmanager restore-secret --secret-id ${name} --region ${region}`],
        };
      }
      return { check: CHECK, outcome: 'ok', detail: `${name} exists in ${region}.` };
    } catch (error) {
      if (!isNamed(error, 'ResourceNotFoundException')) throw error;
      return {
        check: CHECK,
        outcome: 'missing',
        detail: `no secret ${name} in ${region}: billing cannot reach Stripe.`,
        fix: create,
      };
    }
  });
}
