import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '../../functions/app/projections.js';
import { indexedWords, words } from '../../functions/features/projects/project-index.js';
import { Replayer } from '../../functions/app/replay.js';
import { liveAndReplayed } from '../support/snapshot.js';
import type { ProjectCard } from '../../functions/features/projects/contracts.js';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

/**
 * Issue 21: the admin board pages per column with signed cursors, and its filters and search are
 * answered by the index items the projection writes. Checked against a full scan of the documents.
 */
let stack: TestStack;
let admin: TestUser;
let designer: TestUser;
let alice: TestUser;
let bob: TestUser;
const WORDS = ['kitchen', 'garden', 'loft', 'bathroom', 'garage', 'attic', 'porch', 'café'];
const PRIORITIES = ['Urgent', 'Normal', 'Low'];
const created: string[] = [];

async function submit(user: TestUser, title: string): Promise<string> {
  const response = await stack.api('POST', '/api/projects', { user, body: minimalProject({ title }) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.project.id as string;
}

type Card = Pick<
  ProjectCard,
  'id' | 'title' | 'status' | 'priority' | 'assigned_designer_id' | 'assigned_designer_email' | 'created_at'
>;

async function allPages(
  path: '/api/projects' | `/api/projects?${string}`,
  user: TestUser,
  limit: number,
  between?: () => Promise<void>,
): Promise<Card[]> {
  const seen: Card[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page += 1) {
    const sep = path.includes('?') ? '&' : '?';
    const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = `${path}${sep}limit=${limit}${after}` as `/api/projects?${string}`;
    const response = await stack.api('GET', page, { user });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.projects.length).toBeLessThanOrEqual(limit);
    seen.push(...response.body.projects);
    cursor = response.body.next_cursor;
    if (!cursor) return seen;
    await between?.();
  }
  throw new Error('too many pages');
}

/** Every project document, straight from the projection (the full scan the index must agree with). */
async function scan(): Promise<Card[]> {
  const runtime = stack.local.runtime;
  const { active } = await runtime.views.generations();
  return (await runtime.views.query(active, { index: 'gsi4', pk: 'projects' })).map((item) =>
    JSON.parse(item.doc as string),
  );
}

beforeAll(async () => {
  stack = await TestStack.start();
  [admin, designer] = await Promise.all([stack.admin(), stack.designer()]);
  alice = await stack.signUpClient({ name: 'Alice Architect' });
  bob = await stack.signUpClient({ name: 'Bob Builder' });
  for (let i = 0; i < 40; i += 4) {
    const batch = await Promise.all(
      [0, 1, 2, 3].map((j) =>
        submit((i + j) % 3 === 0 ? bob : alice, `${WORDS[(i + j) % WORDS.length]} project ${i + j}`),
      ),
    );
    created.push(...batch);
  }
  await stack.settle();
  // Spread them over statuses, priorities and the designer.
  const bulk = (body: Record<string, unknown>) => stack.api('POST', '/api/projects/bulk', { user: admin, body });
  expect((await bulk({ ids: created.filter((_, i) => i % 4 === 1), status: 'in_progress' })).status).toBe(200);
  expect((await bulk({ ids: created.filter((_, i) => i % 4 === 2), status: 'delivered' })).status).toBe(200);
  expect((await bulk({ ids: created.filter((_, i) => i % 3 === 0), designer: designer.sub })).status).toBe(200);
  for (const [i, id] of created.entries()) {
    if (i % 5 === 0)
      await stack.api('PATCH', `/api/projects/${id}`, { user: admin, body: { priority: PRIORITIES[i % 3] } });
  }
  await stack.settle();
}, 240_000);
afterAll(() => stack?.stop());

describe('the admin board, a page at a time', () => {
  it('pages a column newest first, every project exactly once, while new ones arrive between pages', async () => {
    const before = (await scan()).filter((project) => project.status === 'queued');
    let added = 0;
    const pages = await allPages('/api/projects?status=queued', admin, 3, async () => {
      // A concurrent insert lands in the same column (newest first, so above the cursor).
      added += 1;
      await submit(alice, `late arrival ${added}`);
      await stack.settle();
    });
    const ids = pages.map((project) => project.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const project of before) expect(ids).toContain(project.id);
    expect(added).toBeGreaterThan(2);
    const order = pages.map((project) => project.created_at);
    expect(order).toEqual([...order].sort().reverse());
  });

  it("counts each column from the counters, equal to a full scan's", async () => {
    const all = await scan();
    // The whole board's counts, and each column's with its own request.
    const board = await stack.api('GET', '/api/projects?limit=1', { user: admin });
    for (const status of ['queued', 'in_progress', 'needs_revision', 'delivered']) {
      const expected = all.filter((project) => project.status === status).length;
      expect(board.body.counts?.[status], status).toBe(expected);
      const column = await stack.api('GET', `/api/projects?status=${status}&limit=1`, { user: admin });
      expect(column.body.counts, status).toEqual({ [status]: expected });
    }
    const narrowed = await stack.api('GET', `/api/projects?status=in_progress&designer=${designer.sub}&limit=1`, {
      user: admin,
    });
    expect(narrowed.body.counts?.in_progress).toBe(
      all.filter((p) => p.status === 'in_progress' && p.assigned_designer_id === designer.sub).length,
    );
  });

  it('filters by status, designer and priority, and searches words, with the answers of a full scan', async () => {
    const all = await scan();
    const ids = (list: Card[]) => list.map((project) => project.id).sort();
    const cases: [string, (project: Card) => boolean][] = [
      ['status=delivered', (p) => p.status === 'delivered'],
      [
        `status=in_progress&designer=${designer.sub}`,
        (p) => p.status === 'in_progress' && p.assigned_designer_id === designer.sub,
      ],
      [
        'status=queued&designer=unassigned',
        (p) => p.status === 'queued' && !p.assigned_designer_id && !p.assigned_designer_email,
      ],
      ['status=queued&priority=Urgent', (p) => p.status === 'queued' && p.priority === 'Urgent'],
      [`designer=${designer.sub}&priority=Low`, (p) => p.assigned_designer_id === designer.sub && p.priority === 'Low'],
      ['q=garden', (p) => /\bgarden\b/i.test(p.title)],
      ['status=queued&q=GAR', (p) => p.status === 'queued' && /\bgar/i.test(p.title)],
      // Accents and case do not matter.
      ['q=Cafe', (p) => /café/i.test(p.title)],
      ['q=loft%20project', (p) => /\bloft\b/i.test(p.title)],
      // The description is searched too (every seeded project's mentions the kitchen).
      ['status=delivered&q=kitchen', (p) => p.status === 'delivered'],
      ['q=nosuchword', () => false],
    ];
    for (const [query, wanted] of cases) {
      const found = await allPages(`/api/projects?${query}`, admin, 4);
      expect(ids(found), query).toEqual(ids(all.filter(wanted)));
    }
  });

  it(
    "searches the clients' names and companies too, with the answers of a full scan; a renamed client by the new " +
      'name only',
    async () => {
      const profile = (user: TestUser, body: Record<string, unknown>) =>
        stack.api('PATCH', '/api/me/profile', { user, body });
      expect((await profile(bob, { company: 'Zephyr Studio' })).status).toBe(200);
      const carol = await stack.signUpClient({ name: 'Carol Oldname' });
      const hers = [await submit(carol, 'porch project carol 1'), await submit(carol, 'attic project carol 2')];
      await stack.settle();
      expect((await profile(carol, { full_name: 'Carol Newname' })).status).toBe(200);
      await stack.settle();
      // The full scan: every searched word begins a word of the title, the description, or the client's name or
      // company.
      const all = await scan();
      const clients = new Map<string, string[]>([
        [alice.sub, words('Alice Architect')],
        [bob.sub, words('Bob Builder Zephyr Studio')],
        [carol.sub, words('Carol Newname')],
      ]);
      const found = (project: Card, q: string) => {
        const own = [
          ...words(`${project.title} ${(project as unknown as { description?: string }).description ?? ''}`),
          ...(clients.get((project as unknown as { user_id: string }).user_id) ?? []),
        ];
        return words(q).every((word) => own.some((candidate) => candidate.startsWith(word)));
      };
      const ids = (list: Card[]) => list.map((project) => project.id).sort();
      const cases: [string, string, (project: Card) => boolean][] = [
        ['q=alice', 'alice', () => true],
        ['q=ZEPH', 'zeph', () => true],
        ['status=queued&q=architect', 'architect', (p) => p.status === 'queued'],
        ['q=studio%20garden', 'studio garden', () => true],
        [`q=zephyr&designer=${designer.sub}`, 'zephyr', (p) => p.assigned_designer_id === designer.sub],
        ['q=newname', 'newname', () => true],
        ['q=oldname', 'oldname', () => true],
      ];
      const expectedOf = new Map(
        cases.map(([query, q, filter]) => [query, ids(all.filter((project) => filter(project) && found(project, q)))]),
      );
      for (const [query] of cases) {
        const expected = expectedOf.get(query);
        for (const limit of [3, 50]) {
          const pages = await allPages(`/api/projects?${query}`, admin, limit);
          expect(pages.map((p) => p.id).length, `${query} once each`).toBe(new Set(pages.map((p) => p.id)).size);
          expect(ids(pages), `${query} limit ${limit}`).toEqual(expected);
        }
      }
      // Not vacuous: the names find projects their titles do not hold, and the old name finds none.
      expect(all.filter((p) => found(p, 'alice')).length).toBeGreaterThan(20);
      expect(ids(await allPages('/api/projects?q=newname', admin, 3))).toEqual([...hers].sort());
      expect(await allPages('/api/projects?q=oldname', admin, 3)).toEqual([]);
      // A replay rebuilds the clients' word items with the rest: the same answers after it.
      const report = await new Replayer(stack.local.runtime.store, stack.local.runtime.views, allProjections).run();
      expect(report.broken).toEqual([]);
      for (const [query] of cases)
        expect(ids(await allPages(`/api/projects?${query}`, admin, 3)), `${query} after replay`).toEqual(
          expectedOf.get(query),
        );
    },
  );

  it(
    'a client renamed while their projects are being updated: every card and search item ends with the new name, as ' +
      'a replay writes them',
    async () => {
      const profile = (user: TestUser, body: Record<string, unknown>) =>
        stack.api('PATCH', '/api/me/profile', { user, body });
      const dora = await stack.signUpClient({ name: 'Dora Before' });
      const hers = await Promise.all(
        [1, 2, 3, 4].map((i) => submit(dora, i === 1 ? 'cabin and cabins dora 1' : `cabin project dora ${i}`)),
      );
      await stack.settle();
      // Two renames while the admin moves every one of her projects, all at once.
      const answers = await Promise.all([
        profile(dora, { full_name: 'Dora Middle', company: 'Quartz Works' }).then(async (first) => [
          first,
          await profile(dora, { full_name: 'Dora Afterward', company: 'Quasar Labs' }),
        ]),
        ...hers.map((id, i) =>
          stack.api('PATCH', `/api/projects/${id}`, { user: admin, body: { priority: PRIORITIES[i % 3] } }),
        ),
        stack.api('POST', '/api/projects/bulk', {
          user: admin,
          body: { ids: hers.slice(0, 2), status: 'in_progress' },
        }),
        ...hers.map((id) =>
          stack.api('PATCH', `/api/projects/${id}`, { user: admin, body: { designer: { designer_id: designer.sub } } }),
        ),
      ]);
      for (const answer of answers.flat()) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      await stack.settle();
      const client = { id: dora.sub, full_name: 'Dora Afterward', email: expect.any(String), company: 'Quasar Labs' };
      // The cards the projection wrote (every board partition of each project) carry the new name.
      const runtime = stack.local.runtime;
      const { active } = await runtime.views.generations();
      for (const id of hers) {
        const items = await runtime.views.query(active, { pk: `project#${id}` });
        const boards = items.filter((item) => item.sk === 'ix#board');
        expect(boards.length).toBe(1);
        for (const item of boards) expect(JSON.parse(String(item.card)).client, `${id} ${item.sk}`).toEqual(client);
        const own = items.filter((item) => String(item.sk).startsWith('ix#words#')).flatMap(indexedWords);
        expect(own).toEqual(expect.arrayContaining(['dora', 'afterward', 'quasar', 'labs', 'cabin']));
        for (const gone of ['before', 'middle', 'quartz', 'works']) expect(own).not.toContain(gone);
      }
      // And so does the board, with no profile read: its filters and search by the new words only.
      for (const query of [
        `status=in_progress&designer=${designer.sub}`,
        'q=afterward',
        'q=quasar%20cabin',
        'status=queued&q=dora',
      ]) {
        const cards = (await allPages(`/api/projects?${query}`, admin, 3)).filter((card) => hers.includes(card.id));
        expect(cards.length, query).toBeGreaterThan(0);
        for (const card of cards) expect((card as unknown as { client: unknown }).client, query).toEqual(client);
      }
      expect((await allPages('/api/projects?q=afterward', admin, 3)).map((card) => card.id).sort()).toEqual(
        [...hers].sort(),
      );
      for (const old of ['before', 'middle', 'quartz'])
        expect(await allPages(`/api/projects?q=${old}`, admin, 3), old).toEqual([]);
      // A project two of whose words begin with the searched word is listed once, a page of one at a time.
      const once = (await allPages('/api/projects?q=cabi', admin, 1)).map((card) => card.id);
      expect(once.sort()).toEqual([...hers].sort());
      // A replay writes the same items (cards, search items, checkpoints) as the live projection did.
      const { live, replayed, report } = await liveAndReplayed(runtime);
      expect(report.broken).toEqual([]);
      expect(replayed).toEqual(live);
    },
  );

  it('refuses a forged, altered or foreign cursor with 400 INVALID_CURSOR, and changes nothing', async () => {
    const first = await stack.api('GET', '/api/projects?status=queued&limit=2', { user: admin });
    const cursor = first.body.next_cursor!;
    expect(cursor).toBeTruthy();
    const [payload, signature] = cursor.split('.');
    const state = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    // The same key, moved into another partition, with the old signature.
    state.p[0] = { ...state.p[0], gsi1pk: 'board#delivered' };
    const moved = `${Buffer.from(JSON.stringify(state)).toString('base64url')}.${signature}`;
    const attempts = [
      `/api/projects?status=queued&limit=2&cursor=${encodeURIComponent(moved)}`,
      `/api/projects?status=queued&limit=2&cursor=${encodeURIComponent(`${payload}.${'A'.repeat(signature!.length)}`)}`,
      `/api/projects?status=queued&limit=2&cursor=not-a-cursor`,
      // A good cursor on another column, another filter, another search.
      `/api/projects?status=delivered&limit=2&cursor=${encodeURIComponent(cursor)}`,
      `/api/projects?status=queued&priority=Low&limit=2&cursor=${encodeURIComponent(cursor)}`,
      `/api/projects?status=queued&q=garden&limit=2&cursor=${encodeURIComponent(cursor)}`,
    ];
    const events = await stack.eventCount();
    for (const path of attempts) {
      const response = await stack.api('GET', path, { user: admin });
      expect(response.status, path).toBe(400);
      expect(response.body.error?.code, path).toBe('INVALID_CURSOR');
    }
    // Another caller's list: a client cannot use the admin's cursor on theirs.
    const foreign = await stack.api('GET', `/api/projects?status=queued&limit=2&cursor=${encodeURIComponent(cursor)}`, {
      user: alice,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.code).toBe('INVALID_CURSOR');
    expect(await stack.eventCount()).toBe(events);
    // The cursor itself still works where it belongs.
    expect(
      (
        await stack.api('GET', `/api/projects?status=queued&limit=2&cursor=${encodeURIComponent(cursor)}`, {
          user: admin,
        })
      ).status,
    ).toBe(200);
  });

  it('caps the page size on the server', async () => {
    const response = await stack.api('GET', '/api/projects?status=queued&limit=1000', { user: admin });
    expect(response.status).toBe(200);
    expect(response.body.projects.length).toBeLessThanOrEqual(100);
    expect((await stack.api('GET', '/api/projects?limit=abc', { user: admin })).status).toBe(400);
  });

  it("pages a client's own list (and a designer's) the same way, each project once", async () => {
    const mine = (await scan()).filter((project) => (project as unknown as { user_id: string }).user_id === bob.sub);
    let added = 0;
    const pages = await allPages('/api/projects', bob, 2, async () => {
      added += 1;
      await submit(bob, `bob late ${added}`);
      await stack.settle();
    });
    const ids = pages.map((project) => project.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const project of mine) expect(ids).toContain(project.id);
    const assigned = (await scan()).filter((project) => project.assigned_designer_id === designer.sub);
    expect((await allPages('/api/projects', designer, 3)).map((p) => p.id).sort()).toEqual(
      assigned.map((p) => p.id).sort(),
    );
  });
});
