import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { createHash } from 'node:crypto';
import { newId } from '../../platform/ids.js';
import { putObject } from '../../platform/aws/storage.js';
import { FileUploaded } from '../projects/events.js';
import { givenHistory, markStore } from '../../../tests/support/given-stack.js';
import { by } from '../../../tests/support/given-when-then.js';
import { actor, projectSubmitted } from '../../../tests/support/history.js';
import { TestStack, type TestUser } from '../../../tests/support/stack.js';
import type { ArchiveManifest } from './contracts.js';

/**
 * 'Download My Data' against the embedded stack: a client with a project, their upload and the
 * studio's deliverable asks for their data; the archive, made in the background, lands in the local
 * S3 with their data and files and none of another client's; the link is theirs alone, and only
 * until it expires; one request a day.
 */
let stack: TestStack;
let ada: TestUser;
let bea: TestUser;
let designer: TestUser;
const adaProject = newId();
const beaProject = newId();
const ADA_UPLOAD = new TextEncoder().encode('%PDF-1.4 ada’s survey\n');
const DELIVERABLE = new TextEncoder().encode('%PDF-1.4 the layout plan\n');
const BEA_UPLOAD = new TextEncoder().encode('%PDF-1.4 bea’s secret plans\n');

const uploaded = (projectId: string, id: string, type: 'client_upload' | 'deliverable', bytes: Uint8Array) =>
  FileUploaded.create({
    file_id: id,
    file_name: `${id}.pdf`,
    file_type: type,
    file_category: 'application/pdf',
    file_size: bytes.byteLength,
    file_url: `${projectId}/${type}/${id}.pdf`,
  });

beforeAll(async () => {
  stack = await TestStack.start();
  [ada, bea, designer] = await Promise.all([
    stack.signUpClient({ name: 'Ada Archive' }),
    stack.signUpClient({ name: 'Bea Bystander' }),
    stack.designer(),
  ]);
  await givenHistory(stack, {
    [`project-${adaProject}`]: [
      by(actor(ada, 'client'), projectSubmitted({ project_id: adaProject, user_id: ada.sub, title: 'Ada kitchen' })),
      by(actor(ada, 'client'), uploaded(adaProject, 'a1', 'client_upload', ADA_UPLOAD)),
      by(actor(designer, 'designer'), uploaded(adaProject, 'd1', 'deliverable', DELIVERABLE)),
    ],
    [`project-${beaProject}`]: [
      by(actor(bea, 'client'), projectSubmitted({ project_id: beaProject, user_id: bea.sub, title: 'Bea attic' })),
      by(actor(bea, 'client'), uploaded(beaProject, 'b1', 'client_upload', BEA_UPLOAD)),
    ],
  });
  await putObject(`${adaProject}/client_upload/a1.pdf`, ADA_UPLOAD, 'application/pdf');
  await putObject(`${adaProject}/deliverable/d1.pdf`, DELIVERABLE, 'application/pdf');
  await putObject(`${beaProject}/client_upload/b1.pdf`, BEA_UPLOAD, 'application/pdf');
}, 120_000);
afterAll(() => stack?.stop());

describe('Download My Data', () => {
  let exportId = '';

  it('is recorded at once, and the archive made in the background', async () => {
    const mark = await markStore(stack);
    const asked = await stack.api('POST', '/api/me/data-export', { user: ada });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body.export.status).toBe('preparing');
    exportId = asked.body.export.export_id;
    await stack.settle();
    const types = (await mark.newEvents()).map((event) => event.type);
    expect(types).toContain('DataExportRequested');
    expect(types).toContain('DataExportReady');
    const status = await stack.api('GET', '/api/me/data-export', { user: ada });
    expect(status.body.latest).toMatchObject({ export_id: exportId, status: 'ready' });
    expect(Date.parse(status.body.latest!.expires_at!)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('tells the person in the app and by e-mail, with the way to their profile', async () => {
    const inbox = await stack.api('GET', '/api/notifications', { user: ada });
    expect(inbox.body.notifications.map((n) => n.message).join('\n')).toMatch(/Your data archive is ready/);
    const mails = (await stack.local.outbox.list(ada.email)).filter((mail) => mail.tag?.startsWith('notification'));
    const mail = mails.find((candidate) => /Your data archive is ready/.test(candidate.subject));
    expect(mail?.text).toMatch(/Open it: .*\/profile/);
  });

  it('holds their data and files, with a manifest that checks out, and nothing of another client', async () => {
    const link = await stack.api('GET', `/api/me/data-export/${exportId}/download`, { user: ada });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const zip = new Uint8Array(await (await fetch(link.body.url)).arrayBuffer());
    const files = unzipSync(zip);
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as ArchiveManifest;
    expect(manifest).toMatchObject({ schema_version: 1, export_id: exportId, subject: { user_id: ada.sub } });
    const kinds = manifest.entries.map((entry) => entry.kind);
    for (const kind of ['profile', 'subscription', 'billing_events', 'projects', 'checklists', 'comments'])
      expect(kinds).toContain(kind);
    for (const kind of ['review_notes', 'activity', 'notifications', 'team_memberships']) expect(kinds).toContain(kind);
    for (const entry of manifest.entries) {
      const body = files[entry.path];
      expect(body, entry.path).toBeDefined();
      expect(body!.byteLength).toBe(entry.bytes);
      expect(createHash('sha256').update(body!).digest('hex')).toBe(entry.sha256);
    }
    const copied = manifest.entries
      .filter((entry) => entry.kind === 'file')
      .map((entry) => entry.path)
      .sort();
    expect(copied).toEqual([
      `files/${adaProject}/client_upload/a1-a1.pdf`,
      `files/${adaProject}/deliverable/d1-d1.pdf`,
    ]);
    expect(files[copied[0]!]).toEqual(ADA_UPLOAD);
    expect(files[copied[1]!]).toEqual(DELIVERABLE);
    expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ email: ada.email, full_name: 'Ada Archive' });
    const everything = Object.values(files)
      .map((body) => Buffer.from(body).toString('latin1'))
      .join('\n');
    expect(everything).toContain('Ada kitchen');
    expect(everything).not.toContain('Bea attic');
    expect(everything).not.toContain(bea.email);
    expect(everything).not.toContain('secret plans');
  });

  it('the link is refused to anyone else, and signed out', async () => {
    const other = await stack.api('GET', `/api/me/data-export/${exportId}/download`, { user: bea });
    expect(other.status).toBe(404);
    expect((await stack.api('GET', `/api/me/data-export/${exportId}/download`)).status).toBe(401);
    expect((await stack.api('GET', '/api/me/data-export/not-an-id/download', { user: ada })).status).toBe(400);
  });

  it('once a day: a second request the same day is refused and records nothing', async () => {
    const mark = await markStore(stack);
    const again = await stack.api('POST', '/api/me/data-export', { user: ada });
    expect(again.status).toBe(429);
    expect((again.body as unknown as { error: { message: string } }).error.message).toMatch(/once a day/);
    expect(await mark.newEvents()).toEqual([]);
  });

  it('after its seven days the link is refused (410), and a new archive may be asked for', async () => {
    const realNow = stack.local.runtime.now;
    stack.local.runtime.now = () => new Date(realNow().getTime() + 8 * 86_400_000);
    try {
      const expired = await stack.api('GET', `/api/me/data-export/${exportId}/download`, { user: ada });
      expect(expired.status).toBe(410);
      const status = await stack.api('GET', '/api/me/data-export', { user: ada });
      expect(status.body.latest?.status).toBe('expired');
      const fresh = await stack.api('POST', '/api/me/data-export', { user: ada });
      expect(fresh.status).toBe(202);
      await stack.settle();
    } finally {
      stack.local.runtime.now = realNow;
    }
  });
});
