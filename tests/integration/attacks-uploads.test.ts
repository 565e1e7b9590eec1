/**
 * Key smuggling through upload forms (issue 41): a client asks for an ordinary upload form for
 * their own project, then adds or reorders fields so that the embedded S3 would store under another
 * key (another client's file, or a path outside the data folder) or another type. The gate must
 * refuse each form with 400, store nothing, and leave every file outside the data folder as it was.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headObject } from '../../functions/platform/aws/storage.js';
import { startS3 } from '../../infra/local/s3.js';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MARKER = `planted-${process.pid}-${Date.now().toString(36)}`;

interface Presigned {
  file_id: string;
  key: string;
  content_type: string;
  upload: { url: string; fields: Record<string, string> };
}

let parent: string;
let dataDir: string;
let stack: TestStack;
let victim: TestUser;
let attacker: TestUser;
let victimKey: string;
let attackerProject: string;

/** Every file under `folder`, recursively (the data folder's own files are not listed). */
function filesUnder(folder: string, skip: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder)) {
    const full = path.join(folder, entry);
    if (full === skip) continue;
    if (statSync(full).isDirectory()) found.push(...filesUnder(full, skip));
    else found.push(full);
  }
  return found;
}

/** A multipart form from the entries in order, a file entry where `file` stands. */
function form(entries: ([string, string] | 'file')[], bytes = PDF, type = 'application/pdf') {
  const body = new FormData();
  for (const entry of entries) {
    if (entry === 'file') body.append('file', new Blob([new Uint8Array(bytes)], { type }), 'file.pdf');
    else body.append(entry[0], entry[1]);
  }
  return body;
}

async function presign(user: TestUser, projectId: string): Promise<Presigned> {
  const answer = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
    user,
    body: { file_name: 'plan.pdf', content_type: 'application/pdf', file_size: PDF.length, file_type: 'client_upload' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Presigned;
}

const fieldsOf = (presigned: Presigned) => Object.entries(presigned.upload.fields);
const without = (entries: [string, string][], name: string) => entries.filter(([field]) => field !== name);

beforeAll(async () => {
  parent = mkdtempSync(path.join(tmpdir(), 'w41-uploads-'));
  dataDir = path.join(parent, 'data');
  stack = await TestStack.start({ dataDir });
  victim = await stack.signUpClient();
  attacker = await stack.signUpClient();
  const victimProject = (await stack.api('POST', '/api/projects', { user: victim, body: minimalProject() })).body
    .project.id as string;
  attackerProject = (await stack.api('POST', '/api/projects', { user: attacker, body: minimalProject() })).body.project
    .id as string;
  const presigned = await presign(victim, victimProject);
  const stored = await fetch(presigned.upload.url, { method: 'POST', body: form([...fieldsOf(presigned), 'file']) });
  expect(stored.status, await stored.text()).toBeLessThan(300);
  const recorded = await stack.api('POST', `/api/projects/${victimProject}/files`, {
    user: victim,
    body: { key: presigned.key },
  });
  expect(recorded.status).toBe(201);
  victimKey = presigned.key;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  if (parent) rmSync(parent, { recursive: true, force: true });
});

describe('upload forms carry only what the gate checked', () => {
  it('refuses every smuggled key or type with 400, stores nothing, and the victim keeps their bytes', async () => {
    const before = await stack.eventCount();
    const outsideBefore = filesUnder(parent, dataDir);
    const bucketDir = path.join(dataDir, 's3', 'design-club-uploads');
    const escapingKey = `../../../../${MARKER}`;
    const attempts: {
      name: string;
      entries: (p: Presigned) => ([string, string] | 'file')[];
      planted: (p: Presigned) => string[];
    }[] = [
      {
        name: "the issue's first attack: key=<target> beside Key=<policy key>",
        // The gate used to read names case-insensitively with the last value winning (Key: the policy's),
        // s3rver reads the exact name `key` (the target).
        entries: (p) => [...without(fieldsOf(p), 'key'), ['key', victimKey], ['Key', p.key], 'file'],
        planted: () => [victimKey],
      },
      {
        name: "the issue's second attack: key=<target> before the file, the policy key after it",
        entries: (p) => [...without(fieldsOf(p), 'key'), ['key', victimKey], 'file', ['key', p.key]],
        planted: () => [victimKey],
      },
      {
        name: 'a duplicate key, the target first',
        entries: (p) => [['key', victimKey], ...fieldsOf(p), 'file'],
        planted: () => [victimKey],
      },
      {
        name: 'a duplicate key, the target last',
        entries: (p) => [...fieldsOf(p), ['key', victimKey], 'file'],
        planted: () => [victimKey],
      },
      {
        name: 'KEY instead of key',
        entries: (p) => [...without(fieldsOf(p), 'key'), ['KEY', p.key], 'file'],
        planted: (p) => [p.key],
      },
      {
        name: 'Key instead of key',
        entries: (p) => [...without(fieldsOf(p), 'key'), ['Key', p.key], 'file'],
        planted: (p) => [p.key],
      },
      {
        name: 'the key after the file',
        entries: (p) => [...without(fieldsOf(p), 'key'), 'file', ['key', p.key]],
        planted: (p) => [p.key],
      },
      {
        name: 'any field after the file',
        entries: (p) => [...fieldsOf(p), 'file', ['x-ignore-me', '1']],
        planted: (p) => [p.key],
      },
      {
        name: 'a second Content-Type in another case',
        entries: (p) => [...fieldsOf(p), ['content-type', 'text/html'], 'file'],
        planted: (p) => [p.key],
      },
      {
        name: 'a key with ..',
        entries: (p) => [...without(fieldsOf(p), 'key'), ['key', escapingKey], 'file'],
        planted: () => [],
      },
      {
        name: 'the policy key followed by ..',
        entries: (p) => [...without(fieldsOf(p), 'key'), ['key', `${p.key}/${escapingKey}`], 'file'],
        planted: () => [],
      },
      {
        name: 'a key with %2e%2e',
        entries: (p) => [...without(fieldsOf(p), 'key'), ['key', `%2e%2e/%2E%2E/%2e%2e/%2e%2e/${MARKER}`], 'file'],
        planted: () => [],
      },
      {
        name: 'a duplicate key with ..',
        entries: (p) => [...fieldsOf(p), ['key', escapingKey], 'file'],
        planted: () => [],
      },
      {
        name: 'a very long key',
        entries: (p) => [...without(fieldsOf(p), 'key'), ['key', `${p.key}${'a'.repeat(5000)}`], 'file'],
        planted: (p) => [`${p.key}${'a'.repeat(5000)}`],
      },
      {
        name: 'a key with a control character',
        entries: (p) => [...without(fieldsOf(p), 'key'), ['key', `${p.key}\u0001`], 'file'],
        planted: () => [],
      },
      {
        name: 'another key than the policy names',
        entries: (p) => [...without(fieldsOf(p), 'key'), ['key', `${attackerProject}/client/${MARKER}.pdf`], 'file'],
        planted: () => [`${attackerProject}/client/${MARKER}.pdf`],
      },
    ];
    for (const attempt of attempts) {
      const presigned = await presign(attacker, attackerProject);
      const response = await fetch(presigned.upload.url, {
        method: 'POST',
        body: form(attempt.entries(presigned), Buffer.from('<h1>attacker</h1>'), 'text/html'),
      });
      const text = await response.text();
      expect(response.status, `${attempt.name}: ${text}`).toBe(400);
      expect(text, attempt.name).toMatch(/<Code>InvalidArgument<\/Code>/);
      // Nothing stored: the form's own key stays empty, and nothing lands where a smuggled key points.
      expect(await headObject(presigned.key), attempt.name).toBeNull();
      for (const key of attempt.planted(presigned)) {
        if (key === victimKey) continue;
        if (key.length <= 512) expect(await headObject(key), attempt.name).toBeNull();
      }
    }
    // The victim's file still holds the victim's bytes, as s3rver keeps them on disk.
    expect((await headObject(victimKey))?.size).toBe(PDF.length);
    const onDisk = filesUnder(bucketDir, '').filter((file) => file.endsWith('._S3rver_object'));
    expect(onDisk.map((file) => readFileSync(file).toString())).toEqual([PDF.toString()]);
    // No file appeared outside the data folder (nor where `..` would have led from the bucket).
    expect(filesUnder(parent, dataDir)).toEqual(outsideBefore);
    expect(readdirSync(tmpdir()).filter((name) => name.includes(MARKER))).toEqual([]);
    expect(filesUnder(dataDir, '').filter((file) => file.includes(MARKER))).toEqual([]);
    expect(await stack.eventCount()).toBe(before);
  }, 180_000);

  it('an honest form still uploads, with only the checked fields reaching storage', async () => {
    const presigned = await presign(attacker, attackerProject);
    const response = await fetch(presigned.upload.url, {
      method: 'POST',
      body: form([...fieldsOf(presigned), 'file']),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    expect(await headObject(presigned.key)).toEqual({ size: PDF.length, contentType: 'application/pdf' });
  });
});

describe('the embedded S3 store cannot resolve a key outside its folder (behind the gate)', () => {
  it('answers 400 to a key with .. sent straight to s3rver, and writes no file', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'w41-s3rver-'));
    const s3 = await startS3({ directory: path.join(folder, 's3'), bucket: 'uploads' });
    try {
      const url = new URL(s3.endpoint);
      for (const key of [`..%2F..%2F${MARKER}`, `a%2F..%2F..%2F..%2F${MARKER}`, `%2e%2e%2f%2e%2e%2f${MARKER}`]) {
        const status = await new Promise<number>((resolve, reject) => {
          const req = http.request(
            {
              host: url.hostname,
              port: url.port,
              method: 'PUT',
              path: `/uploads/${key}`,
              headers: { 'content-length': 2 },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.end('hi');
        });
        expect(status, key).toBe(400);
      }
      expect(filesUnder(folder, path.join(folder, 's3'))).toEqual([]);
      expect(filesUnder(path.join(folder, 's3'), '').filter((file) => file.includes(MARKER))).toEqual([]);
      expect(readdirSync(tmpdir()).filter((name) => name.includes(MARKER))).toEqual([]);
    } finally {
      await s3.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
