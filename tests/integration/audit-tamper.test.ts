import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDecider, projectStream } from '../../functions/features/projects/decider.js';
import { runCommand } from '../../functions/platform/event-store/command.js';
import { TestStack, minimalProject } from '../support/stack.js';

const run = promisify(execFile);
let stack: TestStack;
let dataDir: string;

// A persistent stack in a temporary data folder: the replay CLI finds it through its runtime file.
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'design-club-audit-'));
  stack = await TestStack.start({ dataDir });
});
afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const replay = (...args: string[]) =>
  run('npx', ['tsx', 'bin/replay.ts', ...args, '--data-dir', dataDir], {
    env: { ...process.env, EVENTS_TABLE: '', VIEWS_TABLE: '' },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );

describe('tampering', () => {
  it(
    'altering one stored event makes `replay --verify` exit non-zero naming the stream and version, and the audit ' +
      'shows it',
    async () => {
      const client = await stack.signUpClient();
      const created = await stack.api('POST', '/api/projects', { user: client, body: minimalProject() });
      const id = created.body.project.id;
      const admin = await stack.admin();
      await runCommand(
        projectDecider,
        projectStream(id),
        { type: 'UpdateProject', status: 'in_progress' },
        { actor: { sub: admin.sub, role: 'admin' } },
        stack.local.runtime,
      );

      const clean = await replay('--verify');
      expect(clean.stdout).toMatch(/hash chains\s+all intact/);

      const store = stack.local.runtime.store as unknown as { client: any; table: string };
      const key = { streamId: `project-${id}`, version: 2 };
      const item = await store.client.send(new GetCommand({ TableName: store.table, Key: key }));
      const events = JSON.parse(item.Item.events);
      events[0].data.to = 'delivered';
      await store.client.send(
        new UpdateCommand({
          TableName: store.table,
          Key: key,
          UpdateExpression: 'SET events = :e',
          ExpressionAttributeValues: { ':e': JSON.stringify(events) },
        }),
      );

      const tampered = await replay('--verify');
      expect(tampered.code).toBe(1);
      expect(tampered.stdout).toContain(`BROKEN CHAIN   stream project-${id} at version 2`);

      const audit = await stack.api('GET', `/api/audit/project-${id}`, { user: admin });
      expect(audit.body.verification).toMatchObject({
        intact: false,
        brokenAt: 2,
        reason: 'content does not match its hash',
      });
      expect(audit.body.events.map((e: { verified: boolean }) => e.verified)).toEqual([true, false]);
    },
  );
});
