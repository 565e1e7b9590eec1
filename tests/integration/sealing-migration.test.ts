import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventCatalogue } from '#events/catalogue.js';
import type { EventEnvelope } from '#events/envelope.js';
import { eventsTable, keysTable, viewsTable } from '#shared/tables.js';
import { catalogue } from '../../functions/app/catalogue.js';
import { SealingMigration, type SealingReport } from '../../functions/app/migrate-sealing.js';
import { allProjections } from '../../functions/app/projections.js';
import { Replayer } from '../../functions/app/replay.js';
import { CommentPosted, ProjectSubmitted } from '../../functions/features/projects/events.js';
import { TeamMemberJoined } from '../../functions/features/teams/events.js';
import { readAll } from '../../functions/platform/event-store/event-log.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import { PersonalDataCodec } from '../../functions/platform/privacy/codec.js';
import { ViewStore } from '../../functions/platform/views/views.js';
import { ensureTable, startDynamo, type EmbeddedDynamo } from '../../infra/local/dynamo.js';
import { startKms, type LocalKms } from '../../infra/local/kms.js';
import { localCodec } from '../../infra/local/personal-data.js';
import { REPO_ROOT, startLocal, TABLES } from '../../infra/local/runtime.js';

/**
 * The migration of a store written before personal fields were sealed (app/migrate-sealing.ts), on
 * the embedded parts (dynalite, the KMS stand-in): events written in clear into one table, migrated
 * into another, which then holds none of their personal values in clear, verifies, and reads the same.
 */
const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const SOURCE = 'events-before-sealing';
const TARGET = 'events-sealed';
const ACTOR = { actor: { sub: 'U1', role: 'client' as const } };
const SECRETS = ['Quillfeather', 'Marigold Lane', 'avery.quill@example.com', 'Quill & Co', '555 0100', 'Brambleworth'];

let dynamo: EmbeddedDynamo;
let kms: LocalKms;
let personal: { codec: PersonalDataCodec; close: () => void };
let documents: DynamoDBDocumentClient;
let source: EventStore;
let target: EventStore;
let views: ViewStore;
let first: SealingReport;

/** The codec of a store from before sealing: events go in as they are. */
class ClearCodec extends PersonalDataCodec {
  override async seal<E extends { type: string; data: Record<string, unknown> }>(
    _streamId: string,
    events: readonly E[],
  ): Promise<E[]> {
    return [...events];
  }
}

function submitted(title: string, description: string) {
  return ProjectSubmitted.create({
    project_id: 'P1',
    user_id: 'U1',
    team_id: null,
    title,
    project_category: 'Design',
    project_type: 'Concept Design',
    property_type: 'single_family',
    description,
    design_priority: [],
    area_sqft: 900,
    existing_plans: false,
    permit_needs: null,
    deliverables: ['Layout Plan'],
    room_selection: [],
    room_notes: 'Quillfeather works from home',
    inspiration_links: [],
    project_address: '42 Marigold Lane, Springfield',
    specifications: {},
    checklist: [{ checklist_id: 'c1', task_name: 'Measure the kitchen', estimated_hours: 2, order_index: 0 }],
    total_estimated_hours: 2,
    estimated_turnaround_days: 5,
    checklist_origin: 'manual',
  });
}

const scan = async (table: string) => {
  const { Items } = await documents.send(new ScanCommand({ TableName: table }));
  return (Items ?? []).sort((a, b) => `${a.streamId}#${a.version}`.localeCompare(`${b.streamId}#${b.version}`));
};
const withoutChain = (events: readonly EventEnvelope[]) => events.map(({ prevHash: _p, hash: _h, ...rest }) => rest);
const verify = (store: EventStore) => new Replayer(store, views, allProjections).run({ dryRun: true });
const order = async (store: EventStore) => {
  const commits: string[] = [];
  for await (const commit of readAll(store, { raw: true }))
    commits.push(`${commit.position} ${commit.streamId}@${commit.firstVersion}`);
  return commits;
};

beforeAll(async () => {
  dynamo = await startDynamo({});
  kms = await startKms();
  const raw = new DynamoDBClient({ endpoint: dynamo.endpoint, ...local });
  for (const table of [SOURCE, TARGET]) await ensureTable(raw, table, eventsTable);
  await ensureTable(raw, 'keys', keysTable);
  await ensureTable(raw, 'views', viewsTable);
  documents = DynamoDBDocumentClient.from(raw);
  personal = localCodec(kms, documents, 'keys');
  const { codec } = personal;
  views = new ViewStore(documents, 'views', 0);
  source = new EventStore({ catalogue, codec, client: documents, tableName: SOURCE });
  target = new EventStore({ catalogue, codec, client: documents, tableName: TARGET });

  // What a store written before sealing holds: the same tables, the same catalogue, no sealing.
  const before = (eventCatalogue: EventCatalogue) =>
    new EventStore({
      catalogue: eventCatalogue,
      codec: new ClearCodec(catalogue, () => {
        throw new Error('A store before sealing has no keys');
      }),
      client: documents,
      tableName: SOURCE,
    });
  // A registration as schema version 1 wrote it (`name`, not `full_name`): sealed at the version it has.
  const v1 = Object.assign(Object.create(catalogue) as EventCatalogue, {
    currentVersion: (type: string) => (type === 'UserRegistered' ? 1 : catalogue.currentVersion(type)),
  });
  const genesis = { version: 0, hash: '0'.repeat(64) };
  const user = await before(v1).append(
    'user-U1',
    [
      {
        type: 'UserRegistered',
        data: {
          user_id: 'U1',
          email: 'avery.quill@example.com',
          name: 'Avery Quillfeather',
          company: 'Quill & Co',
          phone: '+1 555 0100',
        },
      },
    ],
    genesis,
    ACTOR,
  );
  expect(user.stored[0]!.schemaVersion).toBe(1);
  const clear = before(catalogue);
  const project = await clear.append(
    'project-P1',
    [submitted('Quillfeather kitchen', 'Open the wall at 42 Marigold Lane.')],
    genesis,
    ACTOR,
  );
  const comment = await clear.append(
    'project-P1',
    [CommentPosted.create({ comment_id: 'P1-c1', content: 'Quillfeather prefers the window wall free.' })],
    { version: 1, hash: project.stored[0]!.hash },
    ACTOR,
  );
  // Sealing arrived: later commits of the same stream are sealed already, and stay as they are.
  await source.append(
    'project-P1',
    [
      CommentPosted.create({ comment_id: 'P1-c2', content: 'Sealed already: Quillfeather approves.' }),
      CommentPosted.create({ comment_id: 'P1-c3', content: 'Brambleworth note, sealed too.' }),
    ],
    { version: 2, hash: comment.stored[0]!.hash },
    ACTOR,
  );
  await clear.append(
    'team-T1',
    [TeamMemberJoined.create({ user_id: 'U1', email: 'avery.quill@example.com', role: 'admin', invite_id: null })],
    genesis,
    { actor: { sub: 'U1', role: 'client' } },
  );
  await clear.append('project-P2', [submitted('Brambleworth barn', 'Quillfeather cousin barn.')], genesis, ACTOR);
  // A snapshot from before sealing: its state in clear.
  await documents.send(
    new PutCommand({
      TableName: SOURCE,
      Item: {
        streamId: 'project-P1',
        version: 0,
        snap_project: { revision: 1, version: 2, lastHash: comment.stored[0]!.hash, state: { title: 'Quillfeather' } },
      },
    }),
  );
  // Project P2's owner was erased before the migration: its key is destroyed, its events still in clear.
  await codec.destroy('project-P2');

  first = await new SealingMigration(source, target).run();
});

afterAll(async () => {
  personal?.close();
  await kms?.close();
  await dynamo?.stop();
});

describe('migrating a store written before sealing into a new table', () => {
  it('copies every stream and commit, drops the snapshot, and reports the erased values', () => {
    expect(first).toMatchObject({
      streams: 4,
      events: 7,
      commitsWritten: 6,
      commitsPresent: 0,
      snapshotsDropped: 1,
      broken: [],
    });
    // P2's personal values (title, description, notes, address, the task's name) could not be sealed.
    expect(first.erasedValues).toBeGreaterThanOrEqual(4);
  });

  it('leaves no personal value in clear in the target table, though the source holds them', async () => {
    const before = JSON.stringify(await scan(SOURCE));
    for (const secret of SECRETS) expect(before).toContain(secret);
    const after = await scan(TARGET);
    const text = JSON.stringify(after);
    for (const secret of SECRETS) expect(text, secret).not.toContain(secret);
    expect(after.some((item) => item.version === 0 && item.streamId === 'project-P1')).toBe(false);
    // Only the store's bookkeeping and the commits: the first day, for reading everything.
    expect(after.find((item) => item.streamId === '$meta')?.firstDay).toBeTruthy();
  });

  it('passes the audit replay (`replay --verify`) on the source and on the target', async () => {
    for (const store of [source, target]) {
      const report = await verify(store);
      expect(report.broken).toEqual([]);
      expect(report.schemaErrors).toEqual([]);
      expect(report.events).toBe(7);
    }
  });

  it('reads the same events from the target, in the same order, erased where a key is gone', async () => {
    for (const stream of ['user-U1', 'project-P1', 'team-T1']) {
      const before = (await source.readStream(stream)).events;
      const after = (await target.readStream(stream)).events;
      expect(withoutChain(after), stream).toEqual(withoutChain(before));
    }
    const [user] = (await target.readStream('user-U1')).events;
    expect(user!.data).toMatchObject({ full_name: 'Avery Quillfeather', email: 'avery.quill@example.com' });
    const [erased] = (await target.readStream('project-P2')).events;
    expect(erased!.data).toMatchObject({ title: 'Erased project' });
    expect(JSON.stringify(erased)).not.toContain('Quillfeather');
    expect(await order(target)).toEqual(await order(source));
  });

  it('changes nothing when run again, and finishes a run that was interrupted', async () => {
    const migrated = await scan(TARGET);
    const again = await new SealingMigration(source, target).run();
    expect(again).toMatchObject({ commitsWritten: 0, commitsPresent: 6, broken: [] });
    expect(await scan(TARGET)).toEqual(migrated);

    // An interrupted run wrote a stream's first commits only (each stream's commits go in order).
    const tail = migrated.filter((item) => item.streamId === 'project-P1').at(-1)!;
    await documents.send(
      new DeleteCommand({ TableName: TARGET, Key: { streamId: 'project-P1', version: tail.version } }),
    );
    const resumed = await new SealingMigration(source, target).run();
    expect(resumed).toMatchObject({ commitsWritten: 1, commitsPresent: 5, broken: [] });
    expect((await verify(target)).broken).toEqual([]);
    expect(withoutChain((await target.readStream('project-P1')).events)).toEqual(
      withoutChain((await source.readStream('project-P1')).events),
    );
  });

  it('stops at a stream the target holds more of than the source (written after a switch)', async () => {
    const { version, lastHash } = await target.readStream('team-T1');
    await target.append(
      'team-T1',
      [TeamMemberJoined.create({ user_id: 'U2', email: 'dana@example.com', role: 'designer', invite_id: null })],
      { version, hash: lastHash },
      ACTOR,
    );
    const report = await new SealingMigration(source, target).run();
    expect(report.commitsWritten).toBe(0);
    expect(report.broken).toEqual([
      { streamId: 'team-T1', version: 2, reason: 'the target holds commits past the end of the source' },
    ]);
  });
});

/** An operator tool, as `npm run` starts it, on the embedded data folder (no cloud settings inherited). */
async function tool(script: string, args: string[]): Promise<{ code: number | null; out: string }> {
  const env = { ...process.env };
  for (const name of ['EVENTS_TABLE', 'VIEWS_TABLE', 'DYNAMODB_ENDPOINT', 'KEYS_TABLE', 'KMS_KEY_ID', 'KMS_ENDPOINT'])
    delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: REPO_ROOT, env });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  return { code, out };
}

describe('npm run migrate:sealing on the embedded stack’s data folder', () => {
  let dataDir: string;
  const SEALED = 'design-club-events-sealed';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'design-club-sealing-'));
    const stack = await startLocal({ dataDir, port: 0, quiet: true });
    try {
      const clear = new EventStore({
        catalogue,
        codec: new ClearCodec(catalogue, () => {
          throw new Error('A store before sealing has no keys');
        }),
        client: stack.runtime.store.client,
        tableName: TABLES.events,
      });
      await clear.append(
        'project-Q9',
        [CommentPosted.create({ comment_id: 'Q9-c1', content: 'Oldstore Quillfeather comment' })],
        { version: 0, hash: '0'.repeat(64) },
        ACTOR,
      );
      await stack.settle();
    } finally {
      await stack.stop();
    }
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates, verifies both tables and switches the folder to the new one', async () => {
    const { code, out } = await tool('bin/migrate-sealing.ts', ['--into', SEALED, '--switch', '--data-dir', dataDir]);
    expect(out, out).toMatch(/replay --verify design-club-events: .*hash chains all intact/);
    expect(out).toMatch(new RegExp(`replay --verify ${SEALED}: .*hash chains all intact`));
    expect(out).toContain(`uses ${SEALED} from its next start`);
    expect(code).toBe(0);
    // Switched: the table in use is the new one, so a re-run names the old one it migrates from.
    const again = await tool('bin/migrate-sealing.ts', [
      '--from',
      TABLES.events,
      '--into',
      SEALED,
      '--data-dir',
      dataDir,
    ]);
    expect(again.out).toMatch(/commits +0 written, \d+ already there/);
    expect(again.code).toBe(0);
  });

  it('verifies both with replay, and the embedded stack starts on the new table, sealed', async () => {
    expect((await tool('bin/replay.ts', ['--verify', '--data-dir', dataDir])).out).toContain(`table ${SEALED}`);
    const old = await tool('bin/replay.ts', ['--verify', '--events-table', TABLES.events, '--data-dir', dataDir]);
    expect(old.out).toContain('hash chains    all intact');
    expect(old.code).toBe(0);
    const stack = await startLocal({ dataDir, port: 0, quiet: true });
    try {
      expect(stack.runtime.store.table).toBe(SEALED);
      const [comment] = (await stack.runtime.store.readStream('project-Q9')).events;
      expect(comment!.data.content).toBe('Oldstore Quillfeather comment');
      const { Items } = await stack.runtime.store.client.send(new ScanCommand({ TableName: SEALED }));
      expect(JSON.stringify(Items)).toContain('project-Q9');
      expect(JSON.stringify(Items)).not.toContain('Quillfeather');
    } finally {
      await stack.stop();
    }
  });

  it('deletes the old table on request, never the one in use', async () => {
    const inUse = await tool('bin/migrate-sealing.ts', ['--drop', SEALED, '--data-dir', dataDir]);
    expect(inUse.code).toBe(2);
    const old = await tool('bin/migrate-sealing.ts', ['--drop', TABLES.events, '--data-dir', dataDir]);
    expect(old.code).toBe(0);
    const gone = await tool('bin/replay.ts', ['--verify', '--events-table', TABLES.events, '--data-dir', dataDir]);
    expect(gone.code).not.toBe(0);
  });
});
