import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ListObjectsV2Command, GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { allProjections } from '../../functions/app/projections.js';
import { Replayer } from '../../functions/app/replay.js';
import { putObject, storageClient, uploadsBucket } from '../../functions/platform/aws/storage.js';
import { log } from '../../functions/platform/log.js';
import { FileUploaded } from '../../functions/features/projects/events.js';
import { ChangesRequested, ReviewNotePinned } from '../../functions/features/reviews/events.js';
import type { ArchiveManifest } from '../../functions/features/exports/contracts.js';
import { TABLES } from '../../infra/local/runtime.js';
import type { LocalBillingProvider } from '../../infra/local/billing/local-provider.js';
import { billingProvider } from '../../functions/features/billing/provider/provider.js';
import { givenHistory } from '../support/given-stack.js';
import { by } from '../support/given-when-then.js';
import { actor } from '../support/history.js';
import {
  CLIENT_PASSWORD,
  LONG_DESCRIPTION,
  TestStack,
  minimalProject,
  uniqueEmail,
  type TestUser,
} from '../support/stack.js';

// Before any import: the handlers' logger reads its level when first loaded.
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
});

/**
 * A person's right to erasure, end to end on the embedded stack: a client with a team, two projects
 * (one with a review loop and files), comments and notifications downloads their data, then deletes
 * their account. Afterwards nothing of them is left in clear anywhere the stack keeps data (tables,
 * bucket, mail outbox, data folder, logs), the hash chains verify, a rebuild gives the same views,
 * and another client's data is byte for byte what it was.
 */
let stack: TestStack;
let mia: TestUser;
let otto: TestUser;
let designer: TestUser;
let admin: TestUser;
let provider: LocalBillingProvider;
let kitchen = '';
let attic = '';
let ottoProject = '';
const NAME = 'Mirabel Quennevaux';
const STREET = '17 Larkspur Row';
const TEAM = 'Quennevaux household';
const BRIEF = `${LONG_DESCRIPTION} The pantry wall at ${STREET} must stay.`;
const NOTE = 'Quennevaux wants the arch wider';
const SUMMARY = 'Please widen the Larkspur arch';
const COMMENT = 'The Quennevaux skylight question';
const SECRETS = ['Quennevaux', 'Larkspur'];
const logged: string[] = [];
const restoreWrites: (() => void)[] = [];

function captureLogs() {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    restoreWrites.push(() => {
      stream.write = write;
    });
  }
  log.setLogLevel('DEBUG');
}

const uploaded = (projectId: string, id: string, type: 'client_upload' | 'deliverable', name: string) =>
  FileUploaded.create({
    file_id: id,
    file_name: name,
    file_type: type,
    file_category: 'application/pdf',
    file_size: 20,
    file_url: `${projectId}/${type}/${id}.pdf`,
  });

async function scanTable(table: string): Promise<string> {
  const items: unknown[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await stack.local.runtime.views.client.send(
      new ScanCommand({ TableName: table, ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return JSON.stringify(items);
}

async function scanBucket(): Promise<string> {
  const client = storageClient();
  const listed = await client.send(new ListObjectsV2Command({ Bucket: uploadsBucket() }));
  const parts: string[] = [];
  for (const object of listed.Contents ?? []) {
    parts.push(object.Key!);
    const body = await client.send(new GetObjectCommand({ Bucket: uploadsBucket(), Key: object.Key! }));
    parts.push(Buffer.from(await body.Body!.transformToByteArray()).toString('latin1'));
  }
  return parts.join('\n');
}

async function scanFolder(folder: string): Promise<{ path: string; text: string }[]> {
  const found: { path: string; text: string }[] = [];
  for (const name of await readdir(folder)) {
    const path = join(folder, name);
    const info = await stat(path);
    if (info.isDirectory()) found.push(...(await scanFolder(path)));
    else found.push({ path, text: (await readFile(path)).toString('latin1') });
  }
  return found;
}

/** What the screens show of the erased person and their projects, as the API answers. */
async function screens() {
  const users = await stack.api('GET', '/api/users', { user: admin });
  const details = await stack.api('GET', `/api/users/${mia.sub}`, { user: admin });
  const projects = await Promise.all(
    [kitchen, attic].map((id) => stack.api('GET', `/api/projects/${id}`, { user: admin })),
  );
  const erasures = await stack.api('GET', '/api/admin/erasures', { user: admin });
  return { users: users.body, details: details.body, projects: projects.map((p) => p.body), erasures: erasures.body };
}

beforeAll(async () => {
  captureLogs();
  stack = await TestStack.start();
  mia = await stack.provenClient({ name: NAME }, uniqueEmail('quennevaux'));
  otto = await stack.signUpClient({ name: 'Otto Bystander' });
  designer = await stack.designer();
  admin = await stack.admin();

  provider = (await billingProvider()) as LocalBillingProvider;
  const checkout = await stack.api('POST', '/api/billing/checkout', { user: mia, body: { tier: 'starter' } });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  await provider.completeCheckout(checkout.body.url.split('/').pop()!);
  await stack.settle();

  const team = await stack.api('POST', '/api/team', { user: mia, body: { name: TEAM } });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  const invite = await stack.api('POST', '/api/team/invites', {
    user: mia,
    body: { email: uniqueEmail('invitee'), role: 'designer' },
  });
  expect(invite.status, JSON.stringify(invite.body)).toBe(201);

  const make = async (user: TestUser, title: string, description: string) => {
    const created = await stack.api('POST', '/api/projects', { user, body: minimalProject({ title, description }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.project.id as string;
  };
  kitchen = await make(mia, 'Quennevaux kitchen', BRIEF);
  attic = await make(mia, 'Quennevaux attic', `${LONG_DESCRIPTION} Larkspur attic.`);
  ottoProject = await make(otto, 'Bystander porch', LONG_DESCRIPTION);

  await givenHistory(stack, {
    [`project-${kitchen}`]: [
      by(actor(mia, 'client'), uploaded(kitchen, 'mia-survey-1', 'client_upload', 'Quennevaux-survey.pdf')),
      by(actor(designer, 'admin'), uploaded(kitchen, 'plan-v1-01', 'deliverable', 'plan.pdf')),
      by(
        actor(mia, 'client'),
        ReviewNotePinned.create({
          note_id: 'note-1',
          deliverable_id: 'plan-v1-01',
          version: 1,
          page: 1,
          x: 0.5,
          y: 0.5,
          text: NOTE,
        }),
      ),
      by(
        actor(mia, 'client'),
        ChangesRequested.create({
          deliverable_id: 'plan-v1-01',
          version: 1,
          round: 1,
          note_count: 1,
          summary: SUMMARY,
        }),
      ),
    ],
  });
  await putObject(
    `${kitchen}/client_upload/mia-survey-1.pdf`,
    new TextEncoder().encode('%PDF Quennevaux'),
    'application/pdf',
  );
  await putObject(`${kitchen}/deliverable/plan-v1-01.pdf`, new TextEncoder().encode('%PDF plan'), 'application/pdf');
  await putObject(`${ottoProject}/client_upload/otto-1.pdf`, new TextEncoder().encode('%PDF Otto'), 'application/pdf');
  const comment = await stack.api('POST', `/api/projects/${kitchen}/comments`, {
    user: admin,
    body: { content: COMMENT },
  });
  expect(comment.status, JSON.stringify(comment.body)).toBe(201);
  await stack.settle();
}, 240_000);

afterAll(async () => {
  for (const restore of restoreWrites) restore();
  log.setLogLevel('SILENT');
  delete process.env.POWERTOOLS_LOG_LEVEL;
  await stack?.stop();
});

describe('erasure: Delete My Account', () => {
  let ottoBefore = '';
  let insightsBefore: Awaited<ReturnType<typeof insights>> | undefined;
  const insights = async () => {
    const report = await stack.api('GET', '/api/insights', { user: admin });
    expect(report.status).toBe(200);
    return report.body;
  };

  it('first, the person downloads their data: the archive holds each kind of record', async () => {
    const asked = await stack.api('POST', '/api/me/data-export', { user: mia });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    await stack.settle();
    const link = await stack.api('GET', `/api/me/data-export/${asked.body.export.export_id}/download`, { user: mia });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const files = unzipSync(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer()));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as ArchiveManifest;
    const kinds = new Set(manifest.entries.map((entry) => entry.kind));
    for (const kind of [
      'profile',
      'subscription',
      'billing_events',
      'projects',
      'checklists',
      'comments',
      'review_notes',
      'activity',
      'notifications',
      'team_memberships',
      'file',
    ] as const)
      expect(kinds, kind).toContain(kind);
    const everything = Object.values(files)
      .map((body) => Buffer.from(body).toString('latin1'))
      .join('\n');
    for (const text of [NAME, STREET, NOTE, SUMMARY, COMMENT, TEAM]) expect(everything).toContain(text);
  });

  it('refuses another person, a designer, and a session without the password; none records anything', async () => {
    ottoBefore = await ottoRecords();
    insightsBefore = await insights();
    const events = await scanTable(TABLES.events);
    // Another client cannot erase Mia: there is no route naming another account but the admins'.
    const asOtto = await stack.api('POST', `/api/admin/users/${mia.sub}/erasure`, {
      user: otto,
      body: { reference: 'T-1' },
    });
    expect(asOtto.status).toBe(403);
    const asDesigner = await stack.api('POST', `/api/admin/users/${mia.sub}/erasure`, {
      user: designer,
      body: { reference: 'T-1' },
    });
    expect(asDesigner.status).toBe(403);
    // A stolen session knows the address but not the password.
    const stolen = await stack.api('POST', '/api/me/erasure', {
      user: mia,
      body: { email: mia.email, password: 'not-the-password-1A!' },
    });
    expect(stolen.status).toBe(403);
    expect(JSON.stringify(stolen.body)).toContain('That password is not right.');
    const mistyped = await stack.api('POST', '/api/me/erasure', {
      user: mia,
      body: { email: `x${mia.email}`, password: CLIENT_PASSWORD },
    });
    expect(mistyped.status).toBe(400);
    expect(JSON.stringify(mistyped.body)).toContain('Type your e-mail address exactly as it appears on your account.');
    const anonymous = await stack.api('POST', '/api/me/erasure', {
      body: { email: mia.email, password: CLIENT_PASSWORD },
    });
    expect(anonymous.status).toBe(401);
    await stack.settle();
    expect(await scanTable(TABLES.events)).toBe(events);
    // Otto's own erasure route erases Otto only: the body cannot name anyone else.
    const named = await stack.api('POST', '/api/me/erasure', {
      user: otto,
      body: { email: mia.email, password: CLIENT_PASSWORD },
    });
    expect(named.status).toBe(400);
  });

  it('erases: the account is closed at once, and the erasure completes in the background', async () => {
    const erased = await stack.api('POST', '/api/me/erasure', {
      user: mia,
      body: { email: ` ${mia.email.toUpperCase()} `, password: CLIENT_PASSWORD },
    });
    expect(erased.status, JSON.stringify(erased.body)).toBe(202);
    expect(erased.body.status).toBe('erasing');
    await stack.settle();
    expect(stack.local.bus.deadLetters.map((letter) => JSON.stringify(letter).slice(0, 2000))).toEqual([]);
    // Every session is over, and the old password signs nobody in.
    expect((await stack.api('GET', '/api/me', { user: mia })).status).toBe(401);
    await expect(stack.signIn(mia.email, CLIENT_PASSWORD)).rejects.toThrow();
    const log = await stack.api('GET', '/api/admin/erasures', { user: admin });
    const entry = log.body.erasures.find((row) => row.user_id === mia.sub);
    expect(entry).toMatchObject({ requested_by: 'self', erased_by: mia.sub, reference: null, status: 'done' });
    expect(JSON.stringify(log.body)).not.toContain(mia.email);
  });

  it('shows the person as Deleted user, the audit says Personal data erased, and the team lives on', async () => {
    const users = await stack.api('GET', '/api/users', { user: admin });
    const row = JSON.stringify(users.body.users.find((user) => user.id === mia.sub));
    expect(row).toContain('Deleted user');
    const audit = await stack.api('GET', `/api/audit/user-${mia.sub}`, { user: admin });
    expect(audit.body.verification.intact).toBe(true);
    const erasure = audit.body.events.find((event: { type: string }) => event.type === 'PersonalDataErased');
    expect(erasure).toBeDefined();
    expect(JSON.stringify(audit.body)).not.toContain(mia.email);
    // Insights keep their counts without the person.
    const after = await insights();
    expect(after.projects_in_scope).toBe(insightsBefore!.projects_in_scope);
    expect(after.flow.weeks).toEqual(insightsBefore!.flow.weeks);
    expect(after.quality.projects).toBe(insightsBefore!.quality.projects);
    expect(JSON.stringify(after)).not.toContain('Quennevaux');
    const kitchenNow = await stack.api('GET', `/api/projects/${kitchen}`, { user: admin });
    expect(kitchenNow.body.project.title).toBe('Erased project');
    // The subscription is cancelled at the provider (its invoices stay there), the files are gone.
    const subscriptions = [];
    for await (const subscription of provider.listSubscriptions())
      if (subscription.metadata?.user_id === mia.sub) subscriptions.push(subscription.status);
    expect(subscriptions).toEqual(['canceled']);
    const objects = await scanBucket();
    expect(objects).not.toContain(kitchen);
    expect(objects).toContain(ottoProject);
  });

  it('leaves nothing of the person in clear: tables, bucket, mail outbox, data folder, logs', async () => {
    await stack.settle();
    const needles = [...SECRETS, mia.email, NAME, STREET, NOTE, SUMMARY, COMMENT, TEAM];
    const places: Record<string, string> = {
      'events table': await scanTable(TABLES.events),
      'views table': await scanTable(TABLES.views),
      'keys table': await scanTable(TABLES.keys),
      'connections table': await scanTable(TABLES.connections),
      bucket: await scanBucket(),
      logs: logged.join(''),
    };
    for (const file of await scanFolder(dirname(stack.local.outbox.directory)))
      places[`data folder: ${file.path}`] = file.text;
    // What the handlers logged (at DEBUG) is scanned too. Where a process loaded them silent before
    // this file ran (a worker reused by the full suite), there is nothing to scan: run alone, there is.
    if (logged.length === 0) console.warn('erasure.test: the handlers logged nothing here; the log scan is empty');
    const found: string[] = [];
    for (const [place, text] of Object.entries(places))
      for (const needle of needles) {
        const at = text.toLowerCase().indexOf(needle.toLowerCase());
        if (at >= 0) found.push(`${needle} in ${place}: …${text.slice(Math.max(0, at - 300), at + 80)}…`);
      }
    expect(found).toEqual([]);
  });

  it('keeps the chains verified, another client byte for byte, and gives the same views on a rebuild', async () => {
    const verified = await new Replayer(stack.local.runtime.store, stack.local.runtime.views, allProjections).run({
      dryRun: true,
    });
    expect(verified.broken).toEqual([]);
    expect(verified.schemaErrors).toEqual([]);
    expect(await ottoRecords()).toBe(ottoBefore);
    const before = await screens();
    const rebuilt = await new Replayer(stack.local.runtime.store, stack.local.runtime.views, allProjections).run();
    expect(rebuilt.broken).toEqual([]);
    expect(await screens()).toEqual(before);
  });

  it('a later change to an erased project keeps it erased in the views', async () => {
    const changed = await stack.api('PATCH', `/api/projects/${attic}`, {
      user: admin,
      body: { status: 'in_progress' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await stack.settle();
    const detail = await stack.api('GET', `/api/projects/${attic}`, { user: admin });
    expect(detail.body.project).toMatchObject({ title: 'Erased project', status: 'in_progress' });
    expect(await scanTable(TABLES.views)).not.toContain('Quennevaux');
    // The erased person is told nothing of it: no inbox item, no mail (their address is suppressed).
    const views = JSON.parse(await scanTable(TABLES.views)) as { pk: string }[];
    expect(views.filter((item) => item.pk === `$inbox#${mia.sub}`)).toEqual([]);
    expect((await stack.local.outbox.list()).filter((mail) => /erased\.invalid|quennevaux/i.test(mail.to))).toEqual([]);
  });

  it('a new sign-up with the same address is a new, empty account', async () => {
    const again = await stack.signUpClient({ name: 'Someone New' }, mia.email);
    expect(again.sub).not.toBe(mia.sub);
    const projects = await stack.api('GET', '/api/projects', { user: again });
    expect(projects.body.projects).toEqual([]);
    const me = await stack.api('GET', '/api/me', { user: again });
    expect(JSON.stringify(me.body)).not.toContain(TEAM);
  });
});

describe("erasure: an admin's Erase User, for a request made elsewhere", () => {
  it('erases with the request reference, logs who and when, and refuses what it must', async () => {
    const hal = await stack.signUpClient({ name: 'Halvard Istenmoor' });
    const project = await stack.api('POST', '/api/projects', {
      user: hal,
      body: minimalProject({ title: 'Istenmoor loft' }),
    });
    expect(project.status).toBe(201);
    const erase = (user: TestUser, id: string, reference: string) =>
      stack.api('POST', `/api/admin/users/${id}/erasure`, { user, body: { reference } });
    expect((await erase(admin, hal.sub, 'hal@example.com')).status).toBe(400);
    expect((await erase(admin, 'no-such-user', 'DSR-1')).status).toBe(404);
    const self = await erase(admin, admin.sub, 'DSR-1');
    expect(self.status).toBe(409);
    expect(JSON.stringify(self.body)).toContain('Erase your own account from your profile.');

    const done = await erase(admin, hal.sub, 'DSR-2026-114');
    expect(done.status, JSON.stringify(done.body)).toBe(202);
    await stack.settle();
    expect((await erase(admin, hal.sub, 'DSR-2026-114')).status).toBe(409);
    await expect(stack.signIn(hal.email, CLIENT_PASSWORD)).rejects.toThrow();
    const log = await stack.api('GET', '/api/admin/erasures', { user: admin });
    expect(log.body.erasures[0]).toMatchObject({
      user_id: hal.sub,
      requested_by: 'admin',
      erased_by: admin.sub,
      reference: 'DSR-2026-114',
      status: 'done',
    });
    expect((await stack.api('GET', '/api/admin/erasures', { user: designer })).status).toBe(403);
    const detail = await stack.api('GET', `/api/projects/${project.body.project.id}`, { user: admin });
    expect(detail.body.project.title).toBe('Erased project');
    expect(await scanTable(TABLES.views)).not.toContain('Istenmoor');
  });
});

/** Everything stored of Otto: his streams' items in the events table and his files, as stored. */
async function ottoRecords(): Promise<string> {
  const events = JSON.parse(await scanTable(TABLES.events)) as Record<string, unknown>[];
  const his = events.filter(
    (item) => JSON.stringify(item).includes(otto.sub) || JSON.stringify(item).includes(ottoProject),
  );
  his.sort((a, b) => String(a.pk).localeCompare(String(b.pk)) || String(a.sk).localeCompare(String(b.sk)));
  const file = await storageClient().send(
    new GetObjectCommand({ Bucket: uploadsBucket(), Key: `${ottoProject}/client_upload/otto-1.pdf` }),
  );
  return JSON.stringify(his) + Buffer.from(await file.Body!.transformToByteArray()).toString('latin1');
}
