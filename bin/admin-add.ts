/**
 * `npm run admin:add -- EMAIL [--password PASSWORD]`: creates (or promotes) an admin.
 *
 * Against the cloud: with AWS credentials and the stack's outputs in the environment
 * (USER_POOL_ID, EVENTS_TABLE, VIEWS_TABLE, EVENT_BUS_NAME). Otherwise against the embedded stack
 * in .data/ (started for the moment if it is not running). A new account without --password gets a
 * generated one, printed once.
 */
import { parseArgs } from 'node:util';
import { ensureAdmin } from '../functions/features/users/ops/admin-accounts.js';
import { onUserPool } from './support/user-pool-target.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { password: { type: 'string' }, 'data-dir': { type: 'string' } },
});
const email = positionals[0]?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error('Usage: npm run admin:add -- EMAIL [--password PASSWORD]   (a valid e-mail address is required)');
  process.exit(2);
}
if (values.password !== undefined && values.password.length < 12) {
  console.error('The password must be at least 12 characters.');
  process.exit(2);
}

function report(result: { created: boolean; temporaryPassword?: string }, where: string) {
  console.log(`${email} is an admin${result.created ? ' (new account)' : ''} in ${where}.`);
  if (result.temporaryPassword)
    console.log(`Password: ${result.temporaryPassword}   (shown once; change it after signing in)`);
}

await onUserPool(values['data-dir'], async (runtime, cognito, userPoolId, where) =>
  report(await ensureAdmin(runtime, cognito, userPoolId, email, values.password), where),
);
