/**
 * `npm run replay -- [--verify|--dry-run] [--stream <id>] [--until <ISO instant>] [--keep-old]`
 * `npm run replay -- --verify --events-table <name>`: verifies another events table than the one in use.
 * `npm run replay -- --check`: only says whether the views were built with the layout this version's
 * projections write (exit 0) or need a rebuild (exit 3); `npm run deploy` asks it after a deploy.
 *
 * Reads every stream in global order, verifies every hash chain and every event's schema, and
 * (unless verifying only) rebuilds all projections into a fresh generation, switching readers to it
 * when complete. Exits 1 when a chain is broken or an event fails its schema.
 *
 * Where it reads: with EVENTS_TABLE and VIEWS_TABLE set (and AWS credentials), the tables the
 * handlers use (and KMS_KEY_ID and KEYS_TABLE, to open personal fields); otherwise the embedded stack:
 * the running `npm start` if there is one, else the data under .data/ directly. `--events-table`
 * (with --verify only: views are built from the table the handlers use) names another events table:
 * the target of `npm run migrate:sealing`, or the table it migrated from.
 */
import { parseArgs } from 'node:util';
import { allProjections, allSnapshotFolds } from '../functions/app/projections.js';
import { Replayer, type ReplayReport } from '../functions/app/replay.js';
import { describeLayout, viewsLayout } from '../functions/app/views-layout.js';
import { openEventTables } from './support/event-tables.js';

// The embedded stack runs on this machine's Node 20; Lambda runs Node 22, so the SDK's notice does not apply.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { values } = parseArgs({
  options: {
    verify: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    stream: { type: 'string' },
    until: { type: 'string' },
    'keep-old': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'events-table': { type: 'string' },
  },
});

if (values.until && Number.isNaN(Date.parse(values.until))) {
  console.error(`--until must be an ISO date or instant, e.g. 2026-11-01T00:00:00Z (got "${values.until}")`);
  process.exit(2);
}

function progressPrinter() {
  const tty = process.stdout.isTTY;
  let lastLine = 0;
  return ({ events, streams, phase }: { events: number; streams: number; phase: string }) => {
    if (tty) {
      const bar = '█'.repeat(Math.min(30, Math.floor(Math.log10(events + 1) * 6))).padEnd(30, '░');
      process.stdout.write(
        `\r${bar} ${phase} ${events.toLocaleString('en-US')} events, ${streams.toLocaleString('en-US')} streams`,
      );
    } else if (Date.now() - lastLine > 1000) {
      lastLine = Date.now();
      console.log(`${phase}: ${events} events, ${streams} streams`);
    }
  };
}

function print(report: ReplayReport, verifyOnly: boolean) {
  if (process.stdout.isTTY) process.stdout.write('\n');
  console.log(`\nReplay report (${verifyOnly ? 'verify only' : 'rebuild'})`);
  console.log(`  streams        ${report.streams}`);
  console.log(`  events         ${report.events}`);
  console.log(`  duration       ${(report.durationMs / 1000).toFixed(2)} s`);
  console.log(`  events/s       ${report.eventsPerSecond}`);
  if (report.generation)
    console.log(
      `  views          generation ${report.generation.from} -> ${report.generation.to} (${report.itemsWritten} ` +
        `items written)`,
    );
  if (!verifyOnly) console.log(`  snapshots      ${report.snapshotsWritten} rewritten from the events`);
  if (report.broken.length === 0) console.log('  hash chains    all intact');
  for (const broken of report.broken)
    console.log(`  BROKEN CHAIN   stream ${broken.streamId} at version ${broken.version}: ${broken.reason}`);
  for (const error of report.schemaErrors)
    console.log(`  SCHEMA ERROR   stream ${error.streamId} version ${error.version} (${error.type}): ${error.message}`);
}

const verifyOnly = values.verify || values['dry-run'];
if (values['events-table'] && !verifyOnly) {
  console.error('--events-table only verifies (with --verify): the views are built from the table the handlers use.');
  process.exit(2);
}
const { store, views, where, close } = await openEventTables({
  dataDir: values['data-dir'],
  eventsTable: values['events-table'],
});
if (values.check) {
  const state = await viewsLayout(views).finally(close);
  console.log(`${describeLayout(state)} (${where})`);
  process.exit(state.current ? 0 : 3);
}
console.log(
  `Replaying ${values.stream ? `stream ${values.stream}` : 'every stream'} ` +
    `from ${where}${values.until ? `, up to ${values.until}` : ''}.`,
);
try {
  const report = await new Replayer(store, views, allProjections, allSnapshotFolds).run({
    dryRun: verifyOnly,
    streamId: values.stream,
    until: values.until ? new Date(values.until).toISOString() : undefined,
    keepOld: values['keep-old'],
    onProgress: progressPrinter(),
  });
  print(report, verifyOnly);
  process.exitCode = report.broken.length || report.schemaErrors.length ? 1 : 0;
} finally {
  await close();
}
