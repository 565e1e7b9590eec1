import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections, allSnapshotFolds } from '../../functions/app/projections.js';
import { Replayer } from '../../functions/app/replay.js';
import { projectDecider, projectStream } from '../../functions/features/projects/decider.js';
import { runCommand } from '../../functions/platform/event-store/command.js';
import { loadFold } from '../../functions/platform/event-store/folds.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import { catalogue } from '../../functions/app/catalogue.js';
import { TABLES } from '../../infra/local/runtime.js';
import { LONG_DESCRIPTION, TestStack, minimalProject, uniqueEmail, type TestUser } from '../support/stack.js';

/**
 * Crypto-shredding on the embedded stack: personal fields are stored sealed, read in clear, and once
 * their subject's key is destroyed every reader (the views after a rebuild, the audit, a cold fold)
 * shows the marks' erased values, while the hash chain over what is stored still verifies.
 */
let stack: TestStack;
let client: TestUser;
let projectId: string;
const NAME = 'Avery Quillfeather';
const TITLE = 'Quillfeather kitchen';
const BRIEF = `${LONG_DESCRIPTION} The house is at 42 Marigold Lane.`;
const COMMENT = 'Quillfeather prefers the window wall free.';
const SECRETS = ['Quillfeather', 'Marigold Lane'];

async function scan(table: string): Promise<string> {
  const { Items } = await stack.local.runtime.views.client.send(new ScanCommand({ TableName: table }));
  return JSON.stringify(Items ?? []);
}

beforeAll(async () => {
  stack = await TestStack.start();
  client = await stack.signUpClient({ name: NAME }, uniqueEmail('quill'));
  const created = await stack.api('POST', '/api/projects', {
    user: client,
    body: minimalProject({ title: TITLE, description: BRIEF }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  projectId = created.body.project.id;
  const designer = await stack.designer();
  const admin = await stack.admin();
  await runCommand(
    projectDecider,
    projectStream(projectId),
    { type: 'UpdateProject', designer: { designer_id: designer.sub, designer_name: 'Dana Designer' } },
    { actor: { sub: admin.sub, role: 'admin' } },
    stack.local.runtime,
  );
  await runCommand(
    projectDecider,
    projectStream(projectId),
    { type: 'PostComment', comment_id: `${projectId}-c1`, content: COMMENT },
    { actor: { sub: designer.sub, role: 'designer' } },
    stack.local.runtime,
  );
  await stack.settle();
});
afterAll(async () => {
  await stack?.stop();
});

describe('personal fields in the event store', () => {
  it('are stored sealed: the events table holds none of them in clear', async () => {
    const stored = await scan(TABLES.events);
    expect(stored).toContain(projectId);
    for (const secret of SECRETS) expect(stored).not.toContain(secret);
    expect(stored).not.toContain(client.email);
  });

  it('read in clear through the store, the views and the audit', async () => {
    const { events } = await stack.local.runtime.store.readStream(projectStream(projectId));
    expect(events[0]!.data).toMatchObject({ title: TITLE, description: BRIEF });
    const detail = await stack.api('GET', `/api/projects/${projectId}`, { user: client });
    expect(detail.body.project).toMatchObject({ title: TITLE, description: BRIEF });
    const admin = await stack.admin();
    const audit = await stack.api('GET', `/api/audit/project-${projectId}`, { user: admin });
    expect(audit.body.verification.intact).toBe(true);
    expect(audit.body.events[0]!.data).toMatchObject({ title: TITLE });
  });

  it('read as erased once the keys are destroyed, after a rebuild; the chain still verifies', async () => {
    const { codec } = stack.local.runtime.store;
    await codec.destroy(projectStream(projectId));
    await codec.destroy(`user-${client.sub}`);

    const report = await new Replayer(
      stack.local.runtime.store,
      stack.local.runtime.views,
      allProjections,
      allSnapshotFolds,
    ).run();
    expect(report.broken).toEqual([]);
    expect(report.schemaErrors).toEqual([]);
    // `replay --verify`: the chain over what is stored, every event against its schema.
    const verified = await new Replayer(stack.local.runtime.store, stack.local.runtime.views, allProjections).run({
      dryRun: true,
    });
    expect(verified.broken).toEqual([]);
    expect(verified.schemaErrors).toEqual([]);

    const admin = await stack.admin();
    const detail = await stack.api('GET', `/api/projects/${projectId}`, { user: admin });
    expect(detail.body.project.title).toBe('Erased project');
    expect(JSON.stringify(detail.body)).not.toContain('Quillfeather');
    const users = await stack.api('GET', '/api/users', { user: admin });
    const person = JSON.stringify(users.body);
    expect(person).not.toContain(NAME);
    expect(person).toContain('Deleted user');

    const audit = await stack.api('GET', `/api/audit/project-${projectId}`, { user: admin });
    expect(audit.body.verification.intact).toBe(true);
    expect(audit.body.events[0]!.data).toMatchObject({ title: 'Erased project' });
    expect(JSON.stringify(audit.body)).not.toContain('Quillfeather');

    // A process that knows nothing of the stream folds it from the events, erased.
    const cold = new EventStore({
      catalogue,
      codec,
      client: stack.local.runtime.store.client,
      tableName: stack.local.runtime.store.table,
    });
    const folded = await loadFold(projectDecider, projectStream(projectId), cold, { fresh: true });
    expect(JSON.stringify(folded.state)).not.toContain('Quillfeather');
  });
});
