/**
 * `npm run deploy -- [--stage <stage>] [--yes] [--replay] [--diff-only] [-c key=value …]`
 *
 * Builds the SPA, prints `cdk diff` of the stage's stack, and asks before `cdk deploy` applies it
 * (`--yes` answers for CI, where the diff is in the job's log; without a terminal and without
 * `--yes` it stops). `--diff-only` stops after the diff (CI's pull-request check). Other `-c` context
 * values (senderEmail, domainName, backupCopyRegion, …) are passed to both.
 *
 * After the deploy it asks the stage's views whether they were built with the layout this version's
 * projections write (`npm run replay -- --check` on the stack's tables). Views built by an older
 * version are rebuilt from the events (`npm run replay`) with `--replay`, or after a question in a
 * terminal; otherwise the script names the command and exits 4: the stack is deployed, but older
 * projects are missing from columns, counts and search until the views are rebuilt.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    stage: { type: 'string', default: 'dev' },
    yes: { type: 'boolean', default: false },
    'diff-only': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    replay: { type: 'boolean', default: false },
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

function run(command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): number {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return result.status ?? 1;
}

async function ask(question: string): Promise<string> {
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  const answer = (await readline.question(question)).trim();
  readline.close();
  return answer;
}

/** The deployed stage's views against this version's layout (see the comment at the top). */
async function checkViews(outputsFile: string): Promise<number> {
  const outputs = existsSync(outputsFile) ? ((JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>)[stackName] ?? {}) : {};
  rmSync(outputsFile, { force: true });
  if (!outputs.EventsTableName || !outputs.ViewsTableName) {
    console.error('The stack outputs name no tables: the views were not checked. Run npm run replay -- --check with EVENTS_TABLE and VIEWS_TABLE set.');
    return 1;
  }
  const tables = { EVENTS_TABLE: outputs.EventsTableName, VIEWS_TABLE: outputs.ViewsTableName, ...(outputs.Region ? { AWS_REGION: outputs.Region } : {}) };
  const checked = run('npx', ['tsx', 'bin/replay.ts', '--check'], tables);
  if (checked === 0) return 0;
  if (checked !== 3) {
    console.error('The views could not be checked (see above). The stack is deployed.');
    return 1;
  }
  const rebuild = values.replay || (process.stdin.isTTY && /^y(es)?$/i.test(await ask('\nRebuild the views from the events now? Readers keep the current views until it is done. [y/N] ')));
  if (rebuild) return run('npx', ['tsx', 'bin/replay.ts'], tables);
  console.error(`\nThe stack is deployed, but its views need a rebuild. Run it when convenient:\n  EVENTS_TABLE=${tables.EVENTS_TABLE} VIEWS_TABLE=${tables.VIEWS_TABLE}${outputs.Region ? ` AWS_REGION=${outputs.Region}` : ''} npm run replay\n(or deploy with --replay).`);
  return 4;
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
  if ((await ask(`\nDeploy these changes to ${stackName}? Type the stage name (${stage}) to go on: `)) !== stage) {
    console.log('Nothing deployed.');
    process.exit(1);
  }
}

// The diff was the review: CloudFormation applies it without a second prompt.
const outputsFile = join(tmpdir(), `design-club-${stage}-outputs-${process.pid}.json`);
const deployed = run('npx', ['cdk', 'deploy', stackName, '--no-notices', '--require-approval', 'never', '--outputs-file', outputsFile, ...context]);
if (deployed !== 0) process.exit(deployed);
process.exit(await checkViews(outputsFile));
