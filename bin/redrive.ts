/**
 * `npm run redrive -- [--list] [--all | --id <id> …] [--consumer <name>] [--dry-run] [--data-dir <dir>]`
 *
 * Lists what waits in each dead-letter queue (the consumer, the event's stream, version and type, the
 * error) and re-delivers chosen letters (`--id`, repeatable) or all of them (`--all`) to the consumer
 * that failed them, oldest version of each stream first, printing a progress line per letter. A
 * letter that fails again goes back to its queue and is reported by stream and version; the later
 * letters of that stream wait (they would fail the same way), the other streams go on. Exit 1 when
 * something still fails.
 *
 * Where: with DEAD_LETTER_QUEUES (the stack output of that name) and EVENT_BUS_NAME set, the stack's
 * SQS queues (AWS credentials and region from the usual chain). Otherwise the embedded stack: the
 * running `npm start` through its loopback-only admin port, or, when none runs, the data in .data/
 * (the runtime is started here for the redrive, then stopped).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { adminSource, inProcessSource, type OpsAdminAddress } from '../infra/redrive/local-source.js';
import { redrive, type DeadLetterSource, type DeadLetterView, type RedriveReport } from '../infra/redrive/run.js';
import { OPS_ADMIN_FILE } from '../infra/local/ops-admin.js';
import { REPO_ROOT } from '../infra/local/runtime.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const USAGE =
  'Usage: npm run redrive -- [--list] [--all | --id <id> ...] [--consumer <name>] [--dry-run] [--data-dir <dir>]';

function parse() {
  try {
    return parseArgs({
      options: {
        list: { type: 'boolean', default: false },
        all: { type: 'boolean', default: false },
        id: { type: 'string', multiple: true },
        consumer: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function connect(dataDirOption?: string): Promise<DeadLetterSource> {
  if (process.env.DEAD_LETTER_QUEUES) {
    if (!process.env.EVENT_BUS_NAME)
      throw new Error('Set EVENT_BUS_NAME (stack output EventBusName) with DEAD_LETTER_QUEUES.');
    const { sqsSource } = await import('../infra/redrive/sqs-source.js');
    let queues: Record<string, { kind: 'consumer' | 'schedule'; url: string }>;
    try {
      queues = JSON.parse(process.env.DEAD_LETTER_QUEUES);
    } catch {
      throw new Error('DEAD_LETTER_QUEUES must be the JSON of the stack output DeadLetterQueues.');
    }
    return sqsSource({ queues, busName: process.env.EVENT_BUS_NAME, region: process.env.AWS_REGION });
  }
  const dataDir = resolve(dataDirOption ?? process.env.DATA_DIR ?? join(REPO_ROOT, '.data'));
  const lockFile = join(dataDir, 'runtime.json');
  const adminFile = join(dataDir, OPS_ADMIN_FILE);
  if (existsSync(lockFile) && existsSync(adminFile)) {
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number };
    if (alive(lock.pid))
      return adminSource(
        JSON.parse(readFileSync(adminFile, 'utf8')) as OpsAdminAddress,
        `the running embedded stack (pid ${lock.pid})`,
      );
  }
  if (!existsSync(join(dataDir, 'dynamodb'))) {
    throw new Error(
      `No data found in ${dataDir}. Start the product once with npm start, or set DEAD_LETTER_QUEUES and ` +
        `EVENT_BUS_NAME for the cloud.`,
    );
  }
  const { startLocal } = await import('../infra/local/runtime.js');
  const local = await startLocal({ dataDir, port: 0, quiet: true });
  return { ...inProcessSource(local.bus, `the embedded data in ${dataDir}`), close: () => local.stop() };
}

const letterLine = (letter: DeadLetterView) => {
  const stream = `${letter.streamId} v${letter.version}`;
  const attempts = `${letter.attempts ?? '?'}×`;
  return `${letter.consumer.padEnd(15)} ${stream.padEnd(48)} ${letter.type.padEnd(24)} ${attempts} ${letter.error}`;
};

function printReport(report: RedriveReport, log: (line: string) => void = console.log): void {
  if (report.listed.length === 0) {
    log('No dead letters.');
    return;
  }
  if (report.selected.length === 0) {
    log(`${report.listed.length} dead letter(s):`);
    log(
      `${'id'.padEnd(28)} ${'consumer'.padEnd(15)} ${'stream and version'.padEnd(48)} ${'event'.padEnd(24)} ` +
        `attempts, last error`,
    );
    for (const letter of report.listed) log(`${letter.id.padEnd(28)} ${letterLine(letter)}`);
    log('Re-deliver: npm run redrive -- --all (or --id <id>, --consumer <name>; --dry-run shows what would go).');
  } else if (report.dryRun) {
    log(`Dry run: would re-deliver ${report.selected.length} of ${report.listed.length} dead letter(s).`);
  } else {
    log(
      `Re-delivered ${report.redelivered.length} of ${report.selected.length}; ${report.stillFailing.length} still ` +
        `failing, ${report.skipped.length} waiting behind them.`,
    );
    for (const letter of report.stillFailing)
      log(
        `  STILL FAILING  ${letter.consumer}: stream ${letter.streamId} version ${letter.version} ` +
          `(${letter.type}): ${letter.lastError}`,
      );
    for (const letter of report.skipped)
      log(
        `  WAITING        ${letter.consumer}: stream ${letter.streamId} version ${letter.version} (behind ` +
          `version ${letter.blockedBy})`,
      );
  }
  for (const id of report.unknownIds)
    log(`  NOT FOUND      ${id} (not a consumer's dead letter: a schedule's failed tick is only listed)`);
}

async function main() {
  const values = parse();
  if (values.help) return console.log(USAGE);
  if (values.all && values.id) {
    console.error(`Give --all or --id, not both.\n${USAGE}`);
    process.exit(2);
  }
  const source = await connect(values['data-dir']);
  try {
    console.log(`Dead letters in ${source.where}.`);
    const report = await redrive(source, {
      all: values.list ? false : values.all,
      ids: values.list ? undefined : values.id,
      consumer: values.consumer,
      dryRun: values['dry-run'],
      onProgress: ({ done, total, letter, outcome }) => {
        const what =
          outcome === 'dry-run'
            ? 'would re-deliver'
            : outcome === 'skipped'
              ? 'waits (an earlier version still fails)'
              : outcome.ok
                ? 'redelivered'
                : `failed again: ${outcome.error}`;
        console.log(
          `[${done}/${total}] ${letter.consumer} ${letter.streamId} v${letter.version} ${letter.type}: ${what}`,
        );
      },
    });
    printReport(report);
    process.exitCode = report.stillFailing.length > 0 || report.unknownIds.length > 0 ? 1 : 0;
  } finally {
    await source.close?.();
  }
}

main().catch((error) => {
  console.error(String((error as Error)?.message ?? error));
  process.exit(1);
});
