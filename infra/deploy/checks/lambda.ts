import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { UNRESERVED_MINIMUM } from '../assembly.js';
import { guarded, type CheckResult } from '../outcome.js';
import type { CheckContext } from '../preflight.js';

const CHECK = 'Lambda concurrency';
/** Service Quotas' code for "Concurrent executions" (Lambda). */
export const CONCURRENCY_QUOTA_CODE = 'L-B99A9384';
/** What established accounts get by default; the increase to ask for. */
const ASK_FOR = 1000;

/**
 * The account's concurrent executions against the stack's reservations plus the unreserved pool
 * Lambda insists on. New accounts start at 10: every function of every stage shares them, and one
 * throttle rolls a deploy back.
 */
export function checkConcurrency({ needs, clients, region }: CheckContext): Promise<CheckResult[]> {
  const { functions, reserved, provisioned } = needs.concurrency;
  const needed = reserved + provisioned + UNRESERVED_MINIMUM;
  return guarded(CHECK, 'lambda:GetAccountSettings', async () => {
    const { AccountLimit } = await clients.lambda.send(new GetAccountSettingsCommand({}));
    const limit = AccountLimit?.ConcurrentExecutions ?? 0;
    const parts = [
      `${reserved} reserved`,
      ...(provisioned ? [`${provisioned} provisioned`] : []),
      `${UNRESERVED_MINIMUM} unreserved`,
    ].join(' + ');
    if (limit < needed) {
      return {
        check: CHECK,
        outcome: 'missing',
        detail:
          `the account allows ${limit} concurrent executions in ${region}; the stack's ${functions} functions ` +
          `need at least ${needed} (${parts}).`,
        fix: [
          `aws service-quotas request-service-quota-increase --service-code lambda ` +
            `--quota-code ${CONCURRENCY_QUOTA_CODE} --desired-value ${Math.max(ASK_FOR, needed)} ` +
            `--region ${region}`,
          `or: https://${region}.console.aws.amazon.com/servicequotas/home/services/lambda/quotas/` +
            `${CONCURRENCY_QUOTA_CODE} → Request increase at account level`,
        ],
      };
    }
    return {
      check: CHECK,
      outcome: 'ok',
      detail: `${limit} concurrent executions in ${region} (the stack needs ${needed}: ${parts}).`,
    };
  });
}
