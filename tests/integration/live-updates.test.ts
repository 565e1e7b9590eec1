import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  connectionPoster,
  connectionStore,
  setConnectionPoster,
  type LiveMessage,
} from '../../functions/platform/realtime/index.js';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

let stack: TestStack;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  stack = await TestStack.start();
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await stack?.stop();
});

interface Listener {
  messages: LiveMessage[];
  /** Waits for a message on `topic` among those from the `after`-th on (all of them by default). */
  waitFor(topic: string, timeoutMs?: number, after?: number): Promise<void>;
  /** Called as each message arrives, before anything else happens (a browser's reload starts there). */
  onMessage?: (message: LiveMessage) => void;
}

async function listen(user: TestUser): Promise<Listener> {
  const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime?token=${user.idToken}`);
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const messages: Listener['messages'] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as LiveMessage;
    listener.onMessage?.(message);
    messages.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  const listener: Listener = {
    messages,
    async waitFor(topic, timeoutMs = 5_000, after = 0) {
      const deadline = Date.now() + timeoutMs;
      while (!messages.slice(after).some((m) => m.topics.includes(topic))) {
        if (Date.now() > deadline) throw new Error(`no message on ${topic}; got ${JSON.stringify(messages)}`);
        await Promise.race([
          new Promise<void>((resolve) => waiters.push(resolve)),
          new Promise((resolve) => setTimeout(resolve, 100)),
        ]);
      }
    },
  };
  return listener;
}

/** The ids of a user's open connections (the connections table the announcer reads). */
const connectionsOf = (user: TestUser) => connectionStore().bySub(user.sub);

describe('live updates', () => {
  it('tell the project owner and admins what changed, never another client, and carry no data', async () => {
    const owner = await stack.signUpClient();
    const stranger = await stack.signUpClient();
    const admin = await stack.admin();
    const [ownerFeed, strangerFeed, adminFeed] = await Promise.all([listen(owner), listen(stranger), listen(admin)]);

    const created = await stack.api('POST', '/api/projects', {
      user: owner,
      body: minimalProject({ title: 'Secret garden' }),
    });
    const id = created.body.project.id;
    await ownerFeed.waitFor(`project:${id}`);
    await adminFeed.waitFor('activity');
    await stack.settle();
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(ownerFeed.messages.find((m) => m.topics.includes(`project:${id}`))!.topics).toEqual([
      `project:${id}`,
      'projects',
    ]);
    expect(adminFeed.messages.find((m) => m.topics.includes(`project:${id}`))!.topics).toEqual([
      `project:${id}`,
      'projects',
      'activity',
    ]);
    expect(strangerFeed.messages.filter((m) => m.topics.some((t) => t.includes(id) || t === 'projects'))).toEqual([]);
    for (const message of [...ownerFeed.messages, ...adminFeed.messages]) {
      expect(Object.keys(message).sort()).toEqual(['at', 'topics', 'type']);
      expect(JSON.stringify(message)).not.toContain('Secret garden');
    }
  });

  it('tells the designer assigned by e-mail, and moderation changes only to admins', async () => {
    const owner = await stack.signUpClient();
    const designer = await stack.designer();
    const admin = await stack.admin();
    const created = await stack.api('POST', '/api/projects', { user: owner, body: minimalProject() });
    const id = created.body.project.id;
    await stack.settle();
    const [designerFeed, ownerFeed, adminFeed] = await Promise.all([listen(designer), listen(owner), listen(admin)]);
    const assigned = await stack.api('PATCH', `/api/projects/${id}`, {
      user: admin,
      body: { designer: { designer_email: designer.email } },
    });
    expect(assigned.status).toBe(200);
    await designerFeed.waitFor(`project:${id}`);
    const commented = await stack.api('POST', `/api/projects/${id}/comments`, {
      user: designer,
      body: { content: 'Measurements look off by 2 inches.' },
    });
    expect(commented.status).toBeLessThan(300);
    await adminFeed.waitFor('moderation');
    await ownerFeed.waitFor(`project:${id}`);
    expect(ownerFeed.messages.some((m) => m.topics.includes('moderation'))).toBe(false);
  });

  it('speaks once the view has the change: a browser that reloads upon the message finds it', async () => {
    const owner = await stack.signUpClient();
    const admin = await stack.admin();
    const id = (await stack.api('POST', '/api/projects', { user: owner, body: minimalProject() })).body.project
      .id as string;
    await stack.settle();
    const feed = await listen(owner);
    for (const priority of ['Urgent', 'Low', 'Normal', 'Urgent', 'Low'] as const) {
      const reads: Promise<{ status: number; body: any }>[] = [];
      // The reload starts the moment the message arrives, as the SPA's does.
      feed.onMessage = (message) => {
        if (message.topics.includes(`project:${id}`))
          reads.push(stack.api('GET', `/api/projects/${id}`, { user: owner }));
      };
      const heard = feed.messages.length;
      expect((await stack.api('PATCH', `/api/projects/${id}`, { user: admin, body: { priority } })).status).toBe(200);
      await feed.waitFor(`project:${id}`, 5_000, heard);
      const [read] = await Promise.all(reads);
      expect(read!.status).toBe(200);
      expect(read!.body.project.priority).toBe(priority);
    }
  });

  it('a designer taken off a project hears it once more, then no more', async () => {
    const owner = await stack.signUpClient();
    const designer = await stack.designer();
    const admin = await stack.admin();
    const id = (await stack.api('POST', '/api/projects', { user: owner, body: minimalProject() })).body.project
      .id as string;
    expect(
      (
        await stack.api('PATCH', `/api/projects/${id}`, {
          user: admin,
          body: { designer: { designer_id: designer.sub } },
        })
      ).status,
    ).toBe(200);
    await stack.settle();
    const [designerFeed, adminFeed] = await Promise.all([listen(designer), listen(admin)]);
    expect((await stack.api('PATCH', `/api/projects/${id}`, { user: admin, body: { designer: null } })).status).toBe(
      200,
    );
    await designerFeed.waitFor(`project:${id}`);
    // And their inbox's note of it: a message of its own, which the socket may bring after the settle.
    await designerFeed.waitFor('notifications');
    await stack.settle();
    const heard = designerFeed.messages.length;
    // No longer a party: a change to the project is none of their business now.
    const adminHeard = adminFeed.messages.length;
    expect(
      (await stack.api('PATCH', `/api/projects/${id}`, { user: admin, body: { priority: 'Urgent' } })).status,
    ).toBe(200);
    await adminFeed.waitFor(`project:${id}`, 5_000, adminHeard);
    await stack.settle();
    expect(designerFeed.messages.length).toBe(heard);
  });

  it('a post that fails for one connection reaches every other, and leaves the views and the bus alone', async () => {
    const owner = await stack.signUpClient();
    const admin = await stack.admin();
    const id = (await stack.api('POST', '/api/projects', { user: owner, body: minimalProject() })).body.project
      .id as string;
    await stack.settle();
    const [ownerFeed, adminFeed] = await Promise.all([listen(owner), listen(admin)]);
    const [broken] = await connectionsOf(owner);
    const working = connectionPoster();
    setConnectionPoster({
      post: (connectionId, message) =>
        connectionId === broken ? Promise.reject(new Error('socket unreachable')) : working.post(connectionId, message),
      close: (connectionId) => working.close(connectionId),
    });
    const lettersBefore = stack.local.bus.deadLetters.length;
    try {
      expect(
        (await stack.api('PATCH', `/api/projects/${id}`, { user: admin, body: { priority: 'Urgent' } })).status,
      ).toBe(200);
      await adminFeed.waitFor(`project:${id}`);
      await stack.settle();
    } finally {
      setConnectionPoster(working);
    }
    expect(ownerFeed.messages.filter((m) => m.topics.includes(`project:${id}`))).toEqual([]);
    expect(stack.local.bus.deadLetters.length).toBe(lettersBefore);
    expect((await stack.api('GET', `/api/projects/${id}`, { user: owner })).body.project.priority).toBe('Urgent');
    // The connection is still known and hears the next change.
    expect(await connectionsOf(owner)).toContain(broken);
    expect((await stack.api('PATCH', `/api/projects/${id}`, { user: admin, body: { priority: 'Low' } })).status).toBe(
      200,
    );
    await ownerFeed.waitFor(`project:${id}`);
    expect(ownerFeed.messages.at(-1)).toEqual({
      type: 'changed',
      topics: [`project:${id}`, 'projects'],
      at: expect.any(String),
    });
  });

  it('refuses a connection without a valid token', async () => {
    const refused = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime?token=not-a-token`);
    sockets.push(refused);
    const outcome = await new Promise<string>((resolve) => {
      refused.once('open', () => resolve('open'));
      refused.once('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
      refused.once('error', () => resolve('error'));
    });
    expect(outcome).toBe('401');
  });
});
