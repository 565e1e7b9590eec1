/**
 * `npm run deploy -- [--stage <stage>] [--yes] [--replay] [--diff-only] [--checks-only] [--skip-checks]
 *                    [--skip-build] [--app <assembly dir>] [-c key=value …]`
 *
 * First, within seconds, it says where it deploys: the region (and where it came from; there is no
 * default region) and whose credentials these are (STS). Without a region or credentials it stops
 * there, before any build, with the command that fixes it (infra/deploy/target.ts).
 *
 * Then it builds the SPA and synthesizes the stage's stack once (`cdk synth` into cdk.out/deploy-<stage>;
 * `--app` takes an assembly synthesized before, and builds nothing). Then, with your credentials, it
 * checks what the account must have before this stack can work there (infra/deploy/preflight.ts:
 * bootstrap version, Lambda concurrency quota, SES production access and the sender's
 * verification, the Bedrock model's availability and access, the API Gateway logging role, the
 * Stripe secret, the events table generation against the deployed stack's (a lower one is refused:
 * it would point every handler at an empty table), and a note on CloudFront's account verification,
 * which no API tells). Each missing item is printed with the command or console page that fixes it;
 * a check your credentials may not run is "could not check" (with the IAM action), not a failure.
 * `--checks-only` stops there.
 *
 * It prints `cdk diff` of that assembly and asks before `cdk deploy` applies the same assembly
 * (`--yes` answers for CI, where the diff is in the job's log; without a terminal and without
 * `--yes` it stops). `--diff-only` stops after the diff (CI's pull-request check). When a check
 * found something missing, nothing is deployed (exit 5; `--diff-only` still prints the diff first)
 * unless `--skip-checks` was given, which runs none of these checks (region and credentials are always asked). Other
 * `-c` context values (senderEmail, domainName, backupCopyRegion, …) go to the synth.
 *
 * After the first successful create it switches deletion protection on (the stack's DeletionProtection
 * parameter, infra/stack/deletion-protection.ts: off at the first create so that a failed create
 * rolls back completely), and it lists the alarm topic's subscriptions still waiting for confirmation.
 *
 * After the deploy it asks the stage's views whether they were built with the layout this version's
 * projections write (`npm run replay -- --check` on the stack's tables). Views built by an older
 * version are rebuilt from the events (`npm run replay`) with `--replay`, or after a question in a
 * terminal; otherwise the script names the command and exits 4: the stack is deployed, but older
 * projects are missing from columns, counts and search until the views are rebuilt.
 *
 * Exit codes: 0 done; 1 a step failed or was declined; 2 bad arguments; 4 deployed, views need a
 * rebuild; 5 a check found something missing (nothing deployed).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { readStackNeeds } from '../infra/deploy/assembly.js';
import { formatReport } from '../infra/deploy/outcome.js';
import { gate, PREFLIGHT_FAILED, runPreflight } from '../infra/deploy/preflight.js';
import { prepareRetry } from '../infra/deploy/retry.js';
import { pendingSubscriptionsReport } from '../infra/deploy/subscriptions.js';
import { resolveTarget } from '../infra/deploy/target.js';
import { DELETION_PROTECTION_PARAMETER } from '../infra/stack/deletion-protection.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const options = {
  stage: { type: 'string', default: 'dev' },
  yes: { type: 'boolean', default: false },
  'diff-only': { type: 'boolean', default: false },
  'checks-only': { type: 'boolean', default: false },
  'skip-checks': { type: 'boolean', default: false },
  'skip-build': { type: 'boolean', default: false },
  app: { type: 'string' },
  replay: { type: 'boolean', default: false },
  context: { type: 'string', short: 'c', multiple: true },
} as const;

let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
try {
  ({ values } = parseArgs({ options, allowPositionals: false }));
} catch (error) {
  console.error(
    `${(error as Error).message}\nUsage: npm run deploy -- [--stage <stage>] [--yes] [--replay] [--diff-only] ` +
      `[--checks-only] [--skip-checks] [--skip-build] [--app <dir>] [-c key=value …]`,
  );
  process.exit(2);
}

const stage = values.stage;
if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
  console.error(`--stage must be lower-case letters, digits and dashes (max 20), got "${stage}".`);
  process.exit(2);
}
if (values['checks-only'] && values['skip-checks']) {
  console.error('--checks-only and --skip-checks contradict each other: give one.');
  process.exit(2);
}
if (values.app && values.context?.length) {
  console.error('-c values shape a synth; --app deploys an assembly already synthesized: give one or the other.');
  process.exit(2);
}
const stackName = `DesignClub-${stage}`;
const context = ['-c', `stage=${stage}`, ...(values.context ?? []).flatMap((pair) => ['-c', pair])];
/** The one assembly that is checked, diffed and deployed. */
const assembly = values.app ?? join('cdk.out', `deploy-${stage}`);

// Where, first: region and credentials, in seconds, before anything is built (see the top).
let assemblyRegion: string | undefined;
if (values.app) {
  try {
    assemblyRegion = readStackNeeds(assembly, stackName).region;
  } catch (error) {
    console.error(`The assembly in ${assembly} has no readable ${stackName}: ${(error as Error).message}`);
    process.exit(1);
  }
}
const where = await resolveTarget(stackName, { assemblyRegion });
if (!where.ok) {
  console.error(where.message);
  process.exit(PREFLIGHT_FAILED);
}
const { account, identity, region, regionSource } = where.target;
console.log(`Deploying ${stackName} to account ${account} in ${region} (region from ${regionSource}), as ${identity}.`);
// The synth, the checks and the CDK CLI all use this region: none falls back to another.
const env = {
  ...process.env,
  CDK_DISABLE_CLI_TELEMETRY: 'true',
  AWS_REGION: region,
  CDK_DEFAULT_REGION: region,
  CDK_DEFAULT_ACCOUNT: account,
};

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

/** The stack's outputs as `cdk deploy --outputs-file` wrote them (the file is removed). */
function readOutputs(outputsFile: string): Record<string, string> {
  const outputs = existsSync(outputsFile)
    ? ((JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>)[stackName] ?? {})
    : {};
  rmSync(outputsFile, { force: true });
  return outputs;
}

/**
 * After the first successful create: the same assembly again with DeletionProtection=true (only the
 * parameter changes: the events table and the user pool are protected from now on). Later deploys
 * keep the parameter's previous value, so their output already says "true" and this does nothing.
 */
function protectAfterFirstCreate(outputs: Record<string, string>): number {
  if (outputs.DeletionProtectionStatus === 'true') return 0;
  console.log('\nThe stack exists now: switching deletion protection on for the events table and the user pool.');
  const protectedRun = run('npx', [
    'cdk',
    'deploy',
    stackName,
    '--app',
    assembly,
    '--no-notices',
    '--require-approval',
    'never',
    '--parameters',
    `${stackName}:${DELETION_PROTECTION_PARAMETER}=true`,
  ]);
  if (protectedRun !== 0) {
    console.error(
      `Deletion protection is still off. Run: npx cdk deploy ${stackName} --app ${assembly} ` +
        `--parameters ${stackName}:${DELETION_PROTECTION_PARAMETER}=true`,
    );
  }
  return protectedRun;
}

/** The deployed stage's views against this version's layout (see the comment at the top). */
async function checkViews(outputs: Record<string, string>): Promise<number> {
  if (!outputs.EventsTableName || !outputs.ViewsTableName) {
    console.error(
      'The stack outputs name no tables: the views were not checked. Run npm run replay -- --check with EVENTS_TABLE ' +
        'and VIEWS_TABLE set.',
    );
    return 1;
  }
  const tables = {
    EVENTS_TABLE: outputs.EventsTableName,
    VIEWS_TABLE: outputs.ViewsTableName,
    ...(outputs.Region ? { AWS_REGION: outputs.Region } : {}),
  };
  const checked = run('npx', ['tsx', 'bin/replay.ts', '--check'], tables);
  if (checked === 0) return 0;
  if (checked !== 3) {
    console.error('The views could not be checked (see above). The stack is deployed.');
    return 1;
  }
  const rebuild =
    values.replay ||
    (process.stdin.isTTY &&
      /^y(es)?$/i.test(
        await ask('\nRebuild the views from the events now? Readers keep the current views until it is done. [y/N] '),
      ));
  if (rebuild) return run('npx', ['tsx', 'bin/replay.ts'], tables);
  console.error(
    `\nThe stack is deployed, but its views need a rebuild. Run it when convenient:\n  ` +
      `EVENTS_TABLE=${tables.EVENTS_TABLE} ` +
      `VIEWS_TABLE=${tables.VIEWS_TABLE}${outputs.Region ? ` AWS_REGION=${outputs.Region}` : ''} npm run ` +
      `replay\n(or deploy with --replay).`,
  );
  return 4;
}

/** The account's readiness for this assembly (see the comment at the top); the exit code it implies. */
async function preflight(): Promise<number> {
  if (values['skip-checks']) {
    console.log('\nChecks skipped (--skip-checks).');
    return 0;
  }
  let needs;
  try {
    needs = readStackNeeds(assembly, stackName);
  } catch (error) {
    console.error(`The assembly in ${assembly} has no readable ${stackName}: ${(error as Error).message}`);
    return 1;
  }
  try {
    const { region, account, results } = await runPreflight(needs);
    console.log(`\n${formatReport(results, `${stackName} to ${account ? `account ${account}, ` : ''}${region}`)}`);
    return gate(results);
  } catch (error) {
    // Each check turns its own failures into "could not check"; this is the run itself.
    console.error(`The checks could not run: ${(error as Error).message}`);
    return 1;
  }
}

if (!values.app) {
  if (
    !values['skip-build'] &&
    run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']) !== 0
  )
    process.exit(1);
  if (run('npx', ['cdk', 'synth', stackName, '--quiet', '--no-notices', '--output', assembly, ...context]) !== 0) {
    console.error('cdk synth failed: nothing was deployed.');
    process.exit(1);
  }
}

const checked = await preflight();
if (checked === 1 || values['checks-only']) process.exit(checked);
if (checked === PREFLIGHT_FAILED && !values['diff-only']) {
  console.error('\nNothing was deployed: fix what is missing above, or deploy with --skip-checks if you know better.');
  process.exit(PREFLIGHT_FAILED);
}

// cdk diff exits 0 with or without differences (it fails only on errors). --diff-only prints it
// even when a check failed (it changes nothing), then fails like the deploy would.
if (run('npx', ['cdk', 'diff', stackName, '--app', assembly, '--no-notices']) !== 0) {
  console.error('cdk diff failed: nothing was deployed.');
  process.exit(1);
}
if (values['diff-only']) process.exit(checked);

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

// After a failed deploy: go on (a rolled-back first create) or say how to recover (infra/deploy/retry.ts).
const retry = await prepareRetry(stackName, region);
for (const line of retry.lines) console.log(line);
if (!retry.proceed) process.exit(1);

// The diff was the review: CloudFormation applies the same assembly without a second prompt.
const outputsFile = join(tmpdir(), `design-club-${stage}-outputs-${process.pid}.json`);
const deployed = run('npx', [
  'cdk',
  'deploy',
  stackName,
  '--app',
  assembly,
  '--no-notices',
  '--require-approval',
  'never',
  '--outputs-file',
  outputsFile,
]);
if (deployed !== 0) process.exit(deployed);
const outputs = readOutputs(outputsFile);
const protectedExit = protectAfterFirstCreate(outputs);
for (const line of await pendingSubscriptionsReport(outputs.AlarmTopicArn, outputs.Region ?? region)) console.log(line);
const viewsExit = await checkViews(outputs);
process.exit(viewsExit || protectedExit);
