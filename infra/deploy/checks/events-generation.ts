import { DescribeStacksCommand, type Output } from '@aws-sdk/client-cloudformation';
import { generationOf } from '../assembly.js';
import { guarded, type CheckResult } from '../outcome.js';
import type { CheckContext } from '../preflight.js';
import { errorKind } from '../sdk.js';

const CHECK = 'Events table generation';
const RUNBOOK = 'docs/operations.md#migrating-a-store-written-before-sealing';
/** The stack's name is `DesignClub-<stage>` (bin/deploy.ts). */
const stageOf = (stackName: string) => stackName.replace(/^DesignClub-/, '');

/**
 * The events table generation the deployed stack runs on: its output `EventsGeneration`. A stack
 * deployed before that output existed says it through its events table's name, which CloudFormation
 * made from the logical id (`<stack>-DataEventsTable<generation><hash>-<suffix>`, the first generation
 * without a number: infra/stack/data.ts); 1 when neither says.
 */
export function deployedGeneration(outputs: readonly Output[]): number {
  const value = (key: string) => outputs.find((output) => output.OutputKey === key)?.OutputValue;
  const published = value('EventsGeneration');
  if (published !== undefined) return generationOf(published);
  const fromName = /-DataEventsTable(\d*)[0-9A-F]{8}-[^-]+$/.exec(value('EventsTableName') ?? '');
  return fromName?.[1] ? generationOf(fromName[1]) : 1;
}

/**
 * The synthesized events generation against the deployed one. A deploy without the stage's
 * `-c eventsGeneration=<n>` after the sealing migration would build an empty generation-1 table and
 * point every handler at it: the product would look empty. Going back is never a deploy (the runbook,
 * step 6), so a lower generation stops the deploy; a higher one is the runbook's switch, said as a note.
 */
export function checkEventsGeneration({ needs, clients }: CheckContext): Promise<CheckResult[]> {
  const { stackName, eventsGeneration: synthesized } = needs;
  return guarded(CHECK, `cloudformation:DescribeStacks on ${stackName}`, async () => {
    let outputs: Output[];
    try {
      const stack = (await clients.cloudFormation.send(new DescribeStacksCommand({ StackName: stackName })))
        .Stacks?.[0];
      outputs = stack?.Outputs ?? [];
    } catch (error) {
      if (errorKind(error) !== 'not-found') throw error;
      return {
        check: CHECK,
        outcome: 'ok',
        detail: `${stackName} is not deployed yet: its first deploy creates the generation-${synthesized} table.`,
      };
    }
    const deployed = deployedGeneration(outputs);
    if (synthesized < deployed) {
      return {
        check: CHECK,
        outcome: 'missing',
        detail:
          `${stackName} runs on events generation ${deployed}, this assembly on ${synthesized}: deploying it would ` +
          `create an empty generation-${synthesized} events table and point every handler at it (the product would ` +
          `look empty). The stage's deploys must pass -c eventsGeneration=${deployed}; going back to an older ` +
          `table is not a deploy (${RUNBOOK}, step 6).`,
        fix: [
          `npm run deploy -- --stage ${stageOf(stackName)} -c eventsGeneration=${deployed}`,
          "(with the stage's other -c values; with --app, synthesize the assembly again with that value)",
        ],
      };
    }
    if (synthesized > deployed) {
      const nextTable = outputs.some((output) => output.OutputKey === 'NextEventsTableName');
      return {
        check: CHECK,
        outcome: 'note',
        detail:
          `${stackName} runs on events generation ${deployed}; this deploy moves every handler to the ` +
          `generation-${synthesized} table. Deploy it only after the migration into that table has run ` +
          `(${RUNBOOK}, steps 1 to 3), otherwise answer no to the diff.` +
          (nextTable
            ? ''
            : ` The deployed stack has no next events table (no output NextEventsTableName): this deploy would ` +
              `create the generation-${synthesized} table empty.`),
      };
    }
    return { check: CHECK, outcome: 'ok', detail: `generation ${deployed}, as deployed.` };
  });
}
