/**
 * `npx tsx bin/users-import.ts [--only EMAIL,…] [--data-dir <dir>]`
 *
 * After the loss of the Cognito user pool, with the new pool deployed: every registered user of the
 * events gets an account in the new pool (e-mail verified, name, no password, the groups the events
 * give it) and a UserIdentityRelinked event on their own stream, so the new account is the old user
 * everywhere (projects, teams, designer links, billing). Users then set a password by the site's
 * Forgot Password page (a mailed reset link). Safe to run again. docs/operations.md, "Backups and restore".
 *
 * Against the cloud: with AWS credentials and the stack's outputs in the environment (USER_POOL_ID,
 * EVENTS_TABLE, VIEWS_TABLE, EVENT_BUS_NAME). Otherwise against the embedded stack in .data/
 * (started for the moment if it is not running).
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { parseArgs } from 'node:util';
import type { Appending as Runtime } from '../functions/platform/runtime.js';
import { relinkUsers, type RelinkOutcome } from '../functions/features/users/ops/identity-relink.js';
import { onUserPool } from './support/user-pool-target.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { values } = parseArgs({ options: { only: { type: 'string' }, 'data-dir': { type: 'string' } } });
const only = values.only
  ?.split(',')
  .map((email) => email.trim())
  .filter(Boolean);

async function run(
  runtime: Runtime,
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  where: string,
): Promise<RelinkOutcome[]> {
  console.log(`Importing the users of the events into ${where}…`);
  const outcomes = await relinkUsers(runtime, cognito, userPoolId, {
    only,
    onProgress: (outcome, done, total) => {
      const relinked = outcome.new_sub ? ` (${outcome.user_id} ← ${outcome.new_sub})` : '';
      const reason = outcome.reason ? ` — ${outcome.reason}` : '';
      console.log(`[${done}/${total}] ${outcome.email}: ${outcome.status}${relinked}${reason}`);
    },
  });
  const count = (status: RelinkOutcome['status']) => outcomes.filter((outcome) => outcome.status === status).length;
  console.log(
    `${count('linked')} linked, ${count('already linked')} already linked, ${count('refused')} refused. Users set ` +
      `their password on the Forgot Password page (/auth/forgot-password).`,
  );
  return outcomes;
}

const outcomes = await onUserPool(values['data-dir'], run);
if (outcomes.some((outcome) => outcome.status === 'refused')) process.exitCode = 1;
