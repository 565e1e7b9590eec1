import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
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
  messages: { type: string; topics: string[]; at: string }[];
  waitFor(topic: string, timeoutMs?: number): Promise<void>;
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
    messages.push(JSON.parse(data.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    messages,
    async waitFor(topic, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!messages.some((m) => m.topics.includes(topic))) {
        if (Date.now() > deadline) throw new Error(`no message on ${topic}; got ${JSON.stringify(messages)}`);
        await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), new Promise((resolve) => setTimeout(resolve, 100))]);
      }
    },
  };
}

describe('live updates', () => {
  it('tell the project owner and admins what changed, never another client, and carry no data', async () => {
    const owner = await stack.signUpClient();
    const stranger = await stack.signUpClient();
    const admin = await stack.admin();
    const [ownerFeed, strangerFeed, adminFeed] = await Promise.all([listen(owner), listen(stranger), listen(admin)]);

    const created = await stack.api('POST', '/api/projects', { user: owner, body: minimalProject({ title: 'Secret garden' }) });
    const id = created.body.project.id;
    await ownerFeed.waitFor(`project:${id}`);
    await adminFeed.waitFor('activity');
    await stack.settle();
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(ownerFeed.messages.find((m) => m.topics.includes(`project:${id}`))!.topics).toEqual([`project:${id}`, 'projects']);
    expect(adminFeed.messages.find((m) => m.topics.includes(`project:${id}`))!.topics).toEqual([`project:${id}`, 'projects', 'activity']);
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
    const assigned = await stack.api('PATCH', `/api/projects/${id}`, { user: admin, body: { designer: { designer_email: designer.email } } });
    expect(assigned.status).toBe(200);
    await designerFeed.waitFor(`project:${id}`);
    const commented = await stack.api('POST', `/api/projects/${id}/comments`, { user: designer, body: { content: 'Measurements look off by 2 inches.' } });
    expect(commented.status).toBeLessThan(300);
    await adminFeed.waitFor('moderation');
    await ownerFeed.waitFor(`project:${id}`);
    expect(ownerFeed.messages.some((m) => m.topics.includes('moderation'))).toBe(false);
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
