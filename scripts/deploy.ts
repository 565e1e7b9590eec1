/**
 * `npm run deploy -- [--stage <stage>] [--yes] [--diff-only] [-c key=value …]`
 *
 * Builds the SPA, prints `cdk diff` of the stage's stack, and asks before `cdk deploy` applies it
 * (`--yes` answers for CI, where the diff is in the job's log; without a terminal and without
 * `--yes` it stops). `--diff-only` stops after the diff (CI's pull-request check). Other `-c` context
 * values (senderEmail, domainName, backupCopyRegion, …) are passed to both.
 */
import { spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    stage: { type: 'string', default: 'dev' },
    yes: { type: 'boolean', default: false },
    'diff-only': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    context: { type: 'string', short: 'c', multiple: true },
  },

  allowPositionals: false,
});

const stage = values.stage;
if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
  console.error(`--stage must be lower-case letters, digits and dashes (max 20), got "${stage}".`);
  process.exit(2);
}
const stackName = `DesignClub-${stage}`;
const context = ['-c', `stage=${stage}`, ...(values.context ?? []).flatMap((pair) => ['-c', pair])];
const env = { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' };

function run(command: string, args: string[]): number {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

if (!values['skip-build'] && run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']) !== 0) process.exit(1);

// cdk diff exits 0 with or without differences (it fails only on errors).
if (run('npx', ['cdk', 'diff', stackName, '--no-notices', ...context]) !== 0) {
  console.error('cdk diff failed: nothing was deployed.');
  process.exit(1);
}
if (values['diff-only']) process.exit(0);

if (!values.yes) {
  if (!process.stdin.isTTY) {
    console.error('Not a terminal: pass --yes to deploy without a question (CI), after reading the diff above.');
    process.exit(2);
  }
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  const answer = (await readline.question(`\nDeploy these changes to ${stackName}? Type the stage name (${stage}) to go on: `)).trim();
  readline.close();
  if (answer !== stage) {
    console.log('Nothing deployed.');
    process.exit(1);
  }
}

// The diff was the review: CloudFormation applies it without a second prompt.
process.exit(run('npx', ['cdk', 'deploy', stackName, '--no-notices', '--require-approval', 'never', ...context]));
