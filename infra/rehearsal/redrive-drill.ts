import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { consumers } from '../routes.js';
import type { JourneyStep } from './journey.js';
import { OPERATOR_CREDENTIALS, type Rehearsal } from './rehearsal.js';
import { REGION } from './resolve.js';

/** The consumer the drill fails: its redelivery is safe (a projection applies an event once). */
const DRILL_CONSUMER = 'projections';

/**
 * A dead letter and its redrive, as an operator meets them after a deploy: one event the journey
 * published reaches a consumer during a planned outage (every attempt fails), so Lambda's on-failure
 * destination puts its record in the consumer's dead-letter queue; then `npm run redrive -- --all`
 * runs as the operator runs it against the stack (DEAD_LETTER_QUEUES and EVENT_BUS_NAME from the
 * template's output and environment, the SDK's clients through AWS_ENDPOINT_URL), and the consumer
 * takes the event through the redrive rule. The queue must end empty with no new dead letter.
 */
export async function redriveDrill(rehearsal: Rehearsal, repoRoot: string): Promise<JourneyStep> {
  const started = Date.now();
  const name = 'npm run redrive re-delivers a dead letter from the stack’s queue';
  try {
    const queues = deadLetterQueues(rehearsal);
    const queue = queues[DRILL_CONSUMER];
    if (!queue) throw new Error(`the DeadLetterQueues output names no queue for ${DRILL_CONSUMER}`);
    const consumer = consumers.find((candidate) => candidate.name === DRILL_CONSUMER)!;
    const container = [...rehearsal.functions.values()].find((c) => c.spec.handlerPath === consumer.handler);
    if (!container) throw new Error(`no function of the assembly runs ${consumer.handler}`);
    const published = [...rehearsal.events]
      .reverse()
      .find((event) => event.publisher !== 'operator' && consumer.eventTypes.includes(event.entry.DetailType));
    if (!published) throw new Error(`the journey published no event ${DRILL_CONSUMER} consumes`);

    const queueName = queue.url.split('/').pop()!;
    const lettersBefore = rehearsal.deadLetters.length;
    rehearsal.planOutage(container.spec.id, 3);
    await rehearsal.putEvents('operator', [published.entry]);
    await rehearsal.settle();
    const waiting = rehearsal.queues.get(queueName)?.length ?? 0;
    if (waiting !== 1)
      throw new Error(`after the outage ${queueName} holds ${waiting} messages, not the one dead letter`);

    const invocationsBefore = container.invocations;
    const run = await redriveCli(repoRoot, {
      DEAD_LETTER_QUEUES: JSON.stringify(queues),
      EVENT_BUS_NAME: rehearsal.environmentValue('EVENT_BUS_NAME') ?? '',
      AWS_ENDPOINT_URL: rehearsal.gateway.url,
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: OPERATOR_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: OPERATOR_CREDENTIALS.secretAccessKey,
    });
    await rehearsal.settle();
    if (run.code !== 0) throw new Error(`npm run redrive exited ${run.code}: ${run.output.slice(-1500)}`);
    const left = rehearsal.queues.get(queueName)?.length ?? 0;
    if (left !== 0) throw new Error(`after the redrive ${queueName} still holds ${left} messages`);
    if (container.invocations <= invocationsBefore)
      throw new Error(`the redrive put the event back, but ${container.spec.id} was not invoked`);
    if (rehearsal.deadLetters.length !== lettersBefore + 1)
      throw new Error(`the redelivery failed again: ${JSON.stringify(rehearsal.deadLetters.at(-1)).slice(0, 400)}`);
    return { name, ok: true, ms: Date.now() - started };
  } catch (error) {
    return { name, ok: false, ms: Date.now() - started, error: (error as Error).message };
  }
}

/** The parent template's DeadLetterQueues output, resolved (queue URLs at the rehearsal's endpoint). */
function deadLetterQueues(rehearsal: Rehearsal): Record<string, { kind: 'consumer' | 'schedule'; url: string }> {
  for (const stack of rehearsal.assembly.all) {
    const output = stack.template.Outputs?.DeadLetterQueues;
    if (!output) continue;
    const value = rehearsal.resolver.resolve(stack, output.Value);
    return JSON.parse(String(value));
  }
  throw new Error('no template has the DeadLetterQueues output');
}

function redriveCli(repoRoot: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const inherited = { ...process.env };
  // Only the drill's credentials: a profile or keys of the machine must not reach the rehearsal's AWS.
  for (const key of Object.keys(inherited)) if (/^AWS_/.test(key)) delete inherited[key];
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'bin/redrive.ts'), '--all'], {
    cwd: repoRoot,
    env: { ...inherited, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}
