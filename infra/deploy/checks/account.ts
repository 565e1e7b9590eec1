import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import type { StackNeeds } from '../assembly.js';
import { errorName, hasNoCredentials, type CheckResult } from '../outcome.js';
import type { Clients } from '../preflight.js';

const CHECK = 'AWS credentials';

/** Whose credentials these are; nothing else can be checked (or deployed) without them. */
export async function checkCredentials(
  clients: Clients,
  needs: StackNeeds,
): Promise<{ account?: string; results: CheckResult[] }> {
  try {
    const { Account, Arn } = await clients.sts.send(new GetCallerIdentityCommand({}));
    const results: CheckResult[] = [{ check: CHECK, outcome: 'ok', detail: `${Arn} in account ${Account}.` }];
    if (needs.account && needs.account !== Account) {
      results.push({
        check: 'Target account',
        outcome: 'note',
        detail:
          `the assembly targets account ${needs.account}, but these credentials are for ${Account}: the checks ` +
          `below describe ${Account}.`,
      });
    }
    return { account: Account, results };
  } catch (error) {
    const detail = hasNoCredentials(error)
      ? `none usable (${errorName(error)}: ${(error as Error).message.split('\n')[0]}).`
      : `could not ask STS who you are (${errorName(error)}: ${(error as Error).message.split('\n')[0]}).`;
    return {
      results: [
        {
          check: CHECK,
          outcome: 'missing',
          detail,
          fix: [
            'aws configure            # access keys, or',
            'aws sso login --profile <profile> && export AWS_PROFILE=<profile>',
            'aws sts get-caller-identity   # says whose credentials the deploy will use',
          ],
        },
      ],
    };
  }
}
