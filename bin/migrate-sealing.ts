/**
 * `npm run migrate:sealing -- --into <new events table> [--switch] [--from <events table>] [--data-dir <dir>]`
 * `npm run migrate:sealing -- --drop <old events table> [--data-dir <dir>]` (the embedded stack only)
 *
 * Migrates a store written before personal fields were sealed (functions/app/migrate-sealing.ts):
 * every stream of the events table in use (or `--from`), its chain verified, into `--into` with its
 * personal fields sealed and its chain recomputed over the sealed form. Then verifies both tables as
 * `npm run replay -- --verify` does. Exits 0 only when the migration stopped nowhere and both verify;
 * a re-run resumes (writes only what the target lacks). The runbook: docs/operations.md, "Migrating a
 * store written before sealing".
 *
 * Where: with EVENTS_TABLE and VIEWS_TABLE set (and AWS credentials, KMS_KEY_ID and KEYS_TABLE), the
 * cloud tables; the target must exist (the stack creates it). Otherwise the embedded stack's data
 * folder (the running `npm start`, or .data/ directly), where the target is created here; `--switch`
 * then records it as the folder's events table, for the next `npm start` (the stack must be stopped).
 */
import { parseArgs } from 'node:util';
import { SealingMigration, type SealingReport } from '../functions/app/migrate-sealing.js';
import { allProjections } from '../functions/app/projections.js';
import { Replayer, type ReplayReport } from '../functions/app/replay.js';
import type { EventStore } from '../functions/platform/event-store/event-store.js';
import { eventsTableOf, switchEventsTable } from '../infra/local/runtime.js';
import { openEventTables } from './support/event-tables.js';

// The embedded stack runs on this machine's Node 20; Lambda runs Node 22, so the SDK's notice does not apply.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { values } = parseArgs({
  options: {
    into: { type: 'string' },
    from: { type: 'string' },
    switch: { type: 'boolean', default: false },
    drop: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});

if (!values.into === !values.drop) {
  console.error(
    'Usage: npm run migrate:sealing -- --into <new events table> [--switch] [--from <events table>]\n' +
      '       npm run migrate:sealing -- --drop <old events table>   (embedded stack only)',
  );
  process.exit(2);
}

const tables = await openEventTables({ dataDir: values['data-dir'], eventsTable: values.from });
try {
  process.exitCode = values.drop ? await drop(values.drop) : await migrate(values.into!);
} finally {
  await tables.close();
}

async function drop(table: string): Promise<number> {
  const { embedded } = tables;
  if (!embedded) {
    console.error(
      '--drop is for the embedded stack. In the cloud, follow docs/operations.md (the table and its backups).',
    );
    return 2;
  }
  if (table === eventsTableOf(embedded.dataDir)) {
    console.error(`${table} is the events table the embedded stack uses: switch to another one first.`);
    return 2;
  }
  await embedded.dropEventsTable(table);
  console.log(`Deleted the table ${table} from ${embedded.dataDir}.`);
  return 0;
}

async function migrate(into: string): Promise<number> {
  const { store: source, embedded, where } = tables;
  if (into === source.table) {
    console.error(`--into must name a new table, not the one migrated from (${into}).`);
    return 2;
  }
  if (values.switch && !embedded) {
    console.error("--switch is for the embedded stack. In the cloud, switch the handlers' table through the stack.");
    return 2;
  }
  if (values.switch && embedded?.running) {
    console.error('Stop `npm start` first: --switch takes effect at its next start, and it must not write meanwhile.');
    return 2;
  }
  await embedded?.createEventsTable(into);
  const target = tables.storeOf(into);
  console.log(`Migrating every stream from ${where} into ${into}, sealing personal fields.`);
  let migration: SealingReport;
  try {
    migration = await new SealingMigration(source, target).run({
      onProgress: ({ events, streams }) => console.log(`  ${streams} streams, ${events} events`),
    });
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    console.error(
      `${(error as Error).message}: create ${into} first. In the cloud, through the stack ` +
        '(-c nextEventsGeneration=<n>, docs/operations.md); check the table names.',
    );
    return 2;
  }
  printMigration(migration);
  let clean = migration.broken.length === 0;
  for (const store of [source, target]) {
    const report = await new Replayer(store, tables.views, allProjections).run({ dryRun: true });
    printVerification(store, report);
    clean &&= report.broken.length === 0 && report.schemaErrors.length === 0;
  }
  if (!clean) {
    console.log('\nNot clean: fix what is listed above and run again (a re-run resumes). Nothing was switched.');
    return 1;
  }
  if (values.switch && embedded) {
    await switchEventsTable(embedded.dataDir, into);
    console.log(
      `\nSwitched: the embedded stack in ${embedded.dataDir} uses ${into} from its next start.` +
        '\nNext: `npm run replay` (rebuild the views and snapshots from it), then `npm start`.' +
        `\nKeep ${source.table} until you have checked the product; then \`npm run migrate:sealing -- --drop ` +
        `${source.table}\`.`,
    );
  } else if (embedded) {
    console.log(`\nClean. Switch with: npm run migrate:sealing -- --into ${into} --switch (with npm start stopped).`);
  } else {
    console.log(`\nClean. Next: switch the handlers to ${into} through the stack (docs/operations.md).`);
  }
  return 0;
}

function printMigration(report: SealingReport) {
  console.log('\nSealing migration');
  console.log(`  streams        ${report.streams}`);
  console.log(`  events         ${report.events}`);
  console.log(`  commits        ${report.commitsWritten} written, ${report.commitsPresent} already there`);
  console.log(`  erased values  ${report.erasedValues} (subjects whose key was destroyed: written erased)`);
  console.log(
    `  snapshots      ${report.snapshotsDropped} dropped (folds start from the events; replay rewrites them)`,
  );
  console.log(`  duration       ${(report.durationMs / 1000).toFixed(2)} s`);
  for (const broken of report.broken)
    console.log(`  STOPPED        stream ${broken.streamId} at version ${broken.version}: ${broken.reason}`);
}

function printVerification(store: EventStore, report: ReplayReport) {
  const intact = report.broken.length === 0 && report.schemaErrors.length === 0;
  console.log(
    `\nreplay --verify ${store.table}: ${report.streams} streams, ${report.events} events, ` +
      `${intact ? 'hash chains all intact, every event valid' : 'NOT INTACT'}`,
  );
  for (const broken of report.broken)
    console.log(`  BROKEN CHAIN   stream ${broken.streamId} at version ${broken.version}: ${broken.reason}`);
  for (const error of report.schemaErrors)
    console.log(`  SCHEMA ERROR   stream ${error.streamId} version ${error.version} (${error.type}): ${error.message}`);
}
