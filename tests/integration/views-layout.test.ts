import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { allProjections } from '../../functions/app/projections.js';
import { VIEWS_LAYOUT } from '../../functions/platform/views/layout.js';
import { POINTER_KEY } from '../../functions/platform/views/view-reader.js';
import { Replayer } from '../../functions/app/replay.js';
import { recordLayoutOfEmptyViews, viewsLayout } from '../../functions/app/views-layout.js';
import { TestStack, minimalProject } from '../support/stack.js';
import { startStore } from '../support/store.js';

/**
 * The views record the layout of the projections that built them, so a deploy or a start of the
 * embedded stack knows when history must be replayed (a version that adds a lookup, an index item or
 * a counter), instead of an operator having to remember it.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the views layout', () => {
  it('is unknown on views no rebuild made, recorded by a full rebuild and kept by a partial one', async () => {
    const env = await startStore();
    cleanups.push(env.stop);
    expect(await viewsLayout(env.views)).toEqual({ built: null, needed: VIEWS_LAYOUT, current: false });

    await new Replayer(env.store, env.views, allProjections).run({ dryRun: true });
    expect((await viewsLayout(env.views)).current).toBe(false);

    await new Replayer(env.store, env.views, allProjections).run();
    expect(await viewsLayout(env.views)).toEqual({ built: VIEWS_LAYOUT, needed: VIEWS_LAYOUT, current: true });
    const built = await env.views.generations(true);

    // A rebuild of one stream, and the start of the next full one, keep what the active views hold.
    await new Replayer(env.store, env.views, allProjections).run({ streamId: 'project-none' });
    expect(await env.views.generations(true)).toEqual(built);
    await new Replayer(env.store, env.views, allProjections).run();
    expect(await env.views.generations(true)).toEqual({
      active: built.active + 1,
      building: null,
      layout: VIEWS_LAYOUT,
    });
  });

  it('an older layout asks for a rebuild; empty views can record the layout without one', async () => {
    const env = await startStore();
    cleanups.push(env.stop);
    await env.client.send(
      new PutCommand({
        TableName: env.names.views,
        Item: { ...POINTER_KEY, active: 3, building: null, layout: VIEWS_LAYOUT - 1 },
      }),
    );
    expect(await viewsLayout(env.views)).toEqual({ built: VIEWS_LAYOUT - 1, needed: VIEWS_LAYOUT, current: false });
    await recordLayoutOfEmptyViews(env.views);
    expect(await env.views.generations(true)).toEqual({ active: 3, building: null, layout: VIEWS_LAYOUT });
  });

  it('the embedded stack rebuilds views an older version built when it starts, and keeps current ones', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'design-club-layout-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    let stack = await TestStack.start({ dataDir });
    expect((await viewsLayout(stack.local.runtime.views)).current).toBe(true);
    const client = await stack.signUpClient();
    const id = (
      await stack.api('POST', '/api/projects', {
        user: client,
        body: minimalProject({ title: 'Kept across the rebuild' }),
      })
    ).body.project.id as string;
    await stack.settle();
    const first = await stack.local.runtime.views.generations(true);
    await stack.stop();

    // A restart with current views rebuilds nothing.
    stack = await TestStack.start({ dataDir });
    expect(await stack.local.runtime.views.generations(true)).toEqual(first);
    // Views as an older version left them: no layout recorded on the pointer.
    await stack.local.runtime.views.client.send(
      new PutCommand({
        TableName: stack.local.runtime.views.tableName,
        Item: { ...POINTER_KEY, active: first.active, building: null },
      }),
    );
    await stack.stop();

    stack = await TestStack.start({ dataDir });
    cleanups.push(() => stack.stop());
    expect(await stack.local.runtime.views.generations(true)).toEqual({
      active: first.active + 1,
      building: null,
      layout: VIEWS_LAYOUT,
    });
    const project = await stack.api('GET', `/api/projects/${id}`, {
      user: await stack.signIn(client.email, 'CorrectHorse#2026'),
    });
    expect(project.status).toBe(200);
    expect(project.body.project.title).toBe('Kept across the rebuild');
  });

  it('npm run replay -- --check exits 3 while the views need a rebuild and 0 once rebuilt', async () => {
    const env = await startStore();
    cleanups.push(env.stop);
    // Asynchronously: the dynalite the command reads runs in this process.
    const check = () =>
      new Promise<{ status: number | null; stdout: string }>((resolve) => {
        const childEnv = {
          ...process.env,
          EVENTS_TABLE: env.names.events,
          VIEWS_TABLE: env.names.views,
          DYNAMODB_ENDPOINT: env.endpoint,
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        };
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', 'bin/replay.ts', '--check'],
          { encoding: 'utf8', env: childEnv },
          (_error, stdout) => resolve({ status: child.exitCode, stdout }),
        );
      });
    const stale = await check();
    expect(stale.status).toBe(3);
    expect(stale.stdout).toContain(
      `The views need a rebuild: no recorded layout (built before layouts were recorded), this version needs ` +
        `layout ${VIEWS_LAYOUT}. Run npm run replay`,
    );

    await new Replayer(env.store, env.views, allProjections).run();
    const current = await check();
    expect(current.status).toBe(0);
    expect(current.stdout).toContain(`The views are current: layout ${VIEWS_LAYOUT}`);
  }, 60_000);
});
