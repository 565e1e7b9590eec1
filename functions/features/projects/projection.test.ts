import { describe, expect, it } from 'vitest';
import { CommentApproved, CommentPosted, DesignerAssigned, PriorityChanged, ProjectStatusChanged } from './events.js';
import { ProfileUpdated, RoleGranted, RoleRevoked, UserRegistered } from '../users/events.js';
import { ReviewNotePinned } from '../reviews/events.js';
import type { EventEnvelope, NewEvent } from '../../../events/envelope.js';
import {
  boardPartition,
  indexedWords,
  MAX_CLIENT_WORDS,
  MAX_WORDS,
  projectCounters,
  projectIndexItems,
  searchIndex,
  searchPartition,
  searchWords,
  words,
} from './project-index.js';
import { projectsProjection } from './projection.js';
import { usersProjection } from '../users/projection.js';
import { counterAttribute, counterDeltas, isCounterAttribute } from '../../platform/views/counters.js';
import { Projector } from '../../platform/views/projector.js';
import type { Projection } from '../../platform/views/projection.js';
import type { ViewItem, ViewStore } from '../../platform/views/views.js';
import { projectDecider, type SubmitProjectCommand } from './decider.js';
import { LONG_DESCRIPTION } from '../../../tests/support/stack.js';

/**
 * The board's index items and counters (issue 21), without I/O: a views store in memory behind the
 * real Projector. Applying the same events twice (or out of order) gives the same items and counts
 * as applying them once.
 */
class MemoryViews {
  readonly items = new Map<string, Record<string, unknown>>();
  private key = (gen: number, pk: string, sk: string) => `${gen}\u0000${pk}\u0000${sk}`;
  async writeGenerations() {
    return [1];
  }
  committed() {}
  async get(gen: number, pk: string, sk: string) {
    return this.items.get(this.key(gen, pk, sk)) as ViewItem | undefined;
  }
  async batchGet(gen: number, keys: { pk: string; sk: string }[]) {
    return keys.flatMap((key) => {
      const item = this.items.get(this.key(gen, key.pk, key.sk));
      return item && !item.deleted ? [item as ViewItem] : [];
    });
  }
  async query(gen: number, partition: { index?: string; pk: string }) {
    const name = partition.index ? `${partition.index}pk` : 'pk';
    return [...this.items]
      .filter(([key, item]) => key.startsWith(`${gen}\u0000`) && item[name] === partition.pk && !item.deleted)
      .map(([, item]) => item as ViewItem);
  }
  // The conditions of ViewStore.putGuarded and putIfVersion, in memory.
  async putGuarded(gen: number, item: ViewItem, v: number, lv?: number) {
    const existing = this.items.get(this.key(gen, item.pk, item.sk));
    const had = (existing?.lv as number | undefined) ?? -1;
    const allowed =
      !existing ||
      (lv === undefined
        ? (existing.v as number) < v
        : ((existing.v as number) < v && had <= lv) || (existing.v === v && had < lv));
    if (!allowed) return false;
    this.items.set(this.key(gen, item.pk, item.sk), { ...item, v, ...(lv === undefined ? {} : { lv }) });
    return true;
  }
  async putOnce(gen: number, item: ViewItem) {
    if (this.items.has(this.key(gen, item.pk, item.sk))) return false;
    this.items.set(this.key(gen, item.pk, item.sk), { ...item });
    return true;
  }
  async putIfVersion(gen: number, item: ViewItem & { version: number }, expected: number, lv?: number) {
    const existing = this.items.get(this.key(gen, item.pk, item.sk));
    if ((existing?.version ?? 0) !== expected) return false;
    if (existing && lv !== undefined && existing.lv !== undefined && (existing.lv as number) > lv) return false;
    this.items.set(this.key(gen, item.pk, item.sk), { ...item, ...(lv === undefined ? {} : { lv }) });
    return true;
  }
  async clearPending(gen: number, key: { pk: string; sk: string }, version: number, attribute = 'pending') {
    const existing = this.items.get(this.key(gen, key.pk, key.sk));
    if (existing && existing.version === version) delete existing[attribute];
  }
  /** Counter updates, as the items and fields they add to. */
  readonly updates: { pk: string; fields: Record<string, number> }[] = [];
  async addCounts(gen: number, key: { pk: string; sk: string }, deltas: Record<string, number>) {
    this.updates.push({ pk: key.pk, fields: deltas });
    const existing = this.items.get(this.key(gen, key.pk, key.sk)) ?? { ...key };
    for (const [field, delta] of Object.entries(deltas))
      existing[counterAttribute(field)] = ((existing[counterAttribute(field)] as number | undefined) ?? 0) + delta;
    this.items.set(this.key(gen, key.pk, key.sk), existing);
  }
  /** Everything but checkpoints, live items only, keyed by pk/sk (a counter at 0 counts nothing). */
  snapshot() {
    const live = (item: Record<string, unknown>) =>
      String(item.pk).startsWith('count#')
        ? Object.fromEntries(Object.entries(item).filter(([, value]) => value !== 0))
        : item;
    const counted = (item: Record<string, unknown>) =>
      !String(item.pk).startsWith('count#') || Object.keys(item).some(isCounterAttribute);
    return Object.fromEntries(
      [...this.items]
        .filter(([key, item]) => !key.includes('cp#') && !item.deleted)
        .map(([key, item]) => [key.slice(key.indexOf('\u0000') + 1), live(item)] as const)
        .filter(([, item]) => counted(item)),
    );
  }
}

const submit: SubmitProjectCommand = {
  type: 'SubmitProject',
  project_id: 'P1',
  user_id: 'u1',
  team_id: null,
  title: 'Café Kitchen remodel',
  project_category: 'Design',
  project_type: 'Concept Design',
  property_type: 'single_family',
  description: LONG_DESCRIPTION,
  design_priority: [],
  area_sqft: 900,
  existing_plans: false,
  permit_needs: null,
  deliverables: ['Layout Plan'],
  room_selection: [],
  room_notes: null,
  inspiration_links: [],
  project_address: null,
  specifications: {},
  checklist: [{ task_name: 'Measure', estimated_hours: 2 }],
  checklist_origin: 'generated',
} as SubmitProjectCommand;

function envelopes(events: NewEvent[], streamId = 'project-P1'): EventEnvelope[] {
  return events.map((event, i) => ({
    streamId,
    version: i + 1,
    type: event.type,
    schemaVersion: 1,
    eventId: `E${i + 1}`,
    at: `2026-11-2${Math.min(i, 9)}T10:00:00.000Z`,
    actor: { sub: 'a1', role: 'admin' },
    correlationId: 'c',
    causationId: null,
    data: event.data as Record<string, unknown>,
    prevHash: '',
    hash: '',
  }));
}

const history = envelopes([
  ...projectDecider.decide(submit, projectDecider.initialState(), { actor: { sub: 'u1', role: 'client' }, now: '' }),
  DesignerAssigned.create({ designer_id: 'D1', designer_email: null, designer_name: 'Dana' }),
  ProjectStatusChanged.create({ from: 'queued', to: 'in_progress' }),
  PriorityChanged.create({ priority: 'Urgent' }),
  CommentPosted.create({ comment_id: 'k1', content: 'First' }),
  CommentPosted.create({ comment_id: 'k2', content: 'Second' }),
  CommentApproved.create({ comment_id: 'k1' }),
  ProjectStatusChanged.create({ from: 'in_progress', to: 'delivered' }),
]);

async function project(deliveries: EventEnvelope[], projection: Projection = projectsProjection, events = history) {
  const views = new MemoryViews();
  const store = {
    readStream: async (_: string, range: { from?: number; to?: number } = {}) => ({
      events: events.filter((e) => e.version >= (range.from ?? 1) && e.version <= (range.to ?? 1e9)),
    }),
  };
  const projector = new Projector(store as never, views as unknown as ViewStore, [projection]);
  for (const event of deliveries) await projector.apply(1, projection, event);
  return views.snapshot();
}

describe('board index items and counters', () => {
  it(
    'index the project in its column, narrowed by designer and priority, and by each word (case and ' +
      'accents folded)',
    () => {
      let state = projectDecider.initialState();
      for (const event of history.slice(0, 4)) state = projectDecider.evolve(state, event);
      const items = projectIndexItems(state);
      // One board item, in the column and its three narrowings, one index each.
      const [board, ...search] = items;
      expect([board!.gsi1pk, board!.gsi2pk, board!.gsi3pk, board!.gsi4pk]).toEqual([
        boardPartition({ status: 'in_progress' }),
        boardPartition({ status: 'in_progress', designer: 'D1' }),
        boardPartition({ status: 'in_progress', priority: 'Urgent' }),
        boardPartition({ status: 'in_progress', designer: 'd1', priority: 'Urgent' }),
      ]);
      expect(board!.card).toContain('"title":"Café Kitchen remodel"');
      // Each word once, in the index its first two letters choose, in the status's partition; an item
      // holds at most one word per index, so there are as many items as the fullest index has words.
      expect(search.flatMap(indexedWords).sort()).toEqual([...searchWords(state)].sort());
      const perIndex = new Map<string, number>();
      for (const word of searchWords(state))
        perIndex.set(searchIndex(word), (perIndex.get(searchIndex(word)) ?? 0) + 1);
      expect(search.length).toBe(Math.max(...perIndex.values()));
      expect(search.length).toBeLessThan(searchWords(state).length / 2);
      const cafe = search.find((item) => item[`${searchIndex('cafe')}pk`] === searchPartition('in_progress', 'cafe'))!;
      expect(cafe[`${searchIndex('cafe')}sk`]).toBe(`cafe#${state.created_at}#${state.id}`);
      // Words of one prefix share an index: a search reads one partition of one index.
      expect(searchIndex('kitchen')).toBe(searchIndex('kit'));
      expect(words('Café  KITCHEN-remodel')).toEqual(['cafe', 'kitchen', 'remodel']);
      expect(searchWords(state).length).toBeLessThanOrEqual(32);
    },
  );

  it('applying every event twice gives the same items and counts as applying them once', async () => {
    const once = await project(history);
    const twice = await project([...history, ...history]);
    expect(twice).toEqual(once);
    const shuffled = await project([history[3]!, history[0]!, ...history, history[5]!, ...history.slice().reverse()]);
    expect(shuffled).toEqual(once);
    // The counts follow the project to where it ended, and leave nothing behind where it was.
    const counts = Object.fromEntries(
      Object.values(once)
        .filter((item) => String(item.pk).startsWith('count#'))
        .map((item) => [item.pk, item]),
    );
    expect(counts['count#board']).toMatchObject({ c_delivered: 1, 'c_delivered#p=Urgent': 1 });
    for (const status of ['queued', 'in_progress', 'needs_revision'])
      expect(Number(counts['count#board']![`c_${status}`] ?? 0), status).toBe(0);
    expect(counts['count#moderation']).toMatchObject({ c_pending: 1 });
    // Index items that the project left are gone (their tombstones are not live items).
    expect(
      Object.values(once).filter((item) =>
        ['gsi1pk', 'gsi2pk', 'gsi3pk', 'gsi4pk', 'gsi5pk'].some((key) =>
          String(item[key] ?? '').startsWith('board#in_progress'),
        ),
      ),
    ).toEqual([]);
  });

  it("a stream's first event delivered again to a process that remembers no checkpoint changes nothing", async () => {
    // A first event is applied without reading the checkpoint: one that is there refuses the commit.
    const views = new MemoryViews();
    const store = {
      readStream: async (_: string, range: { from?: number; to?: number } = {}) => ({
        events: history.filter((e) => e.version >= (range.from ?? 1) && e.version <= (range.to ?? 1e9)),
      }),
    };
    const first = new Projector(store as never, views as unknown as ViewStore, [projectsProjection]);
    for (const event of history.slice(0, 4)) await first.apply(1, projectsProjection, event);
    const before = structuredClone(views.snapshot());
    const other = new Projector(store as never, views as unknown as ViewStore, [projectsProjection]);
    expect(await other.apply(1, projectsProjection, history[0]!)).toEqual([]);
    expect(views.snapshot()).toEqual(before);
    // And the other process goes on from the checkpoint it then read.
    for (const event of history.slice(4)) await other.apply(1, projectsProjection, event);
    expect(views.snapshot()).toEqual(await project(history));
  });

  it(
    'an event that changes nothing the projection holds is not committed; whoever comes next commits from the ' +
      'stored checkpoint, in this process or another',
    async () => {
      const decided = projectDecider.decide(submit, projectDecider.initialState(), {
        actor: { sub: 'u1', role: 'client' },
        now: '',
      });
      const events = envelopes([
        ...decided,
        DesignerAssigned.create({ designer_id: 'D1', designer_email: null, designer_name: 'Dana' }),
        // Nothing the projects projection holds: the review's own.
        ReviewNotePinned.create({
          note_id: 'n1',
          deliverable_id: 'f1',
          version: 1,
          page: 1,
          x: 0.5,
          y: 0.5,
          text: 'Hi',
        }),
        PriorityChanged.create({ priority: 'Urgent' }),
      ]);
      const [assigned, pinned, urgent] = events.slice(-3) as [EventEnvelope, EventEnvelope, EventEnvelope];
      const views = new MemoryViews();
      let reads = 0;
      const store = {
        readStream: async (_: string, range: { from?: number; to?: number } = {}) => {
          reads += 1;
          return { events: events.filter((e) => e.version >= (range.from ?? 1) && e.version <= (range.to ?? 1e9)) };
        },
      };
      const checkpoint = () => views.items.get(`1\u0000cp#projects#project-P1\u0000cp`);
      const here = new Projector(store as never, views as unknown as ViewStore, [projectsProjection]);
      for (const event of events.slice(0, -2)) await here.apply(1, projectsProjection, event);
      expect(checkpoint()?.version).toBe(assigned.version);
      const before = structuredClone(views.items);
      // Applied (and answered, for the announcement), not written.
      expect(await here.apply(1, projectsProjection, pinned)).toHaveLength(1);
      expect(views.items).toEqual(before);
      // A redelivery changes nothing either.
      expect(await here.apply(1, projectsProjection, pinned)).toEqual([]);
      // This process goes on from what it remembers, without reading the stream; the commit is
      // conditional on the version the store holds.
      await here.apply(1, projectsProjection, urgent);
      expect(checkpoint()?.version).toBe(urgent.version);
      expect(reads).toBe(0);
      expect(views.snapshot()).toEqual(await project(events, projectsProjection, events));

      // Another process that never saw the note reads it back from the stream, which changes nothing.
      const fresh = new MemoryViews();
      const first = new Projector(store as never, fresh as unknown as ViewStore, [projectsProjection]);
      for (const event of events.slice(0, -1)) await first.apply(1, projectsProjection, event);
      const other = new Projector(store as never, fresh as unknown as ViewStore, [projectsProjection]);
      reads = 0;
      await other.apply(1, projectsProjection, urgent);
      expect(reads).toBe(1);
      // The first process, a step behind the store now, is refused and reads the checkpoint.
      expect(await first.apply(1, projectsProjection, urgent)).toEqual([]);
      expect(fresh.items.get(`1\u0000cp#projects#project-P1\u0000cp`)?.version).toBe(urgent.version);
      expect(fresh.snapshot()).toEqual(views.snapshot());
    },
  );

  it('a status change moves its counters in three items, one update each', async () => {
    const fold = (events: EventEnvelope[]) => events.reduce(projectDecider.evolve, projectDecider.initialState());
    const [before, after] = [fold(history.slice(0, 7)), fold(history)];
    expect([before.status, after.status, before.priority]).toEqual(['in_progress', 'delivered', 'Urgent']);
    const moved = { in_progress: -1, delivered: 1 };
    // The board's item holds no designer's field (it would grow with the studio): the designer's does.
    expect(counterDeltas(projectCounters(before), projectCounters(after))).toEqual({
      board: { ...moved, 'in_progress#p=Urgent': -1, 'delivered#p=Urgent': 1 },
      'designer#d1': { ...moved, 'in_progress#p=Urgent': -1, 'delivered#p=Urgent': 1 },
      'owner#u1': moved,
    });
    // A team's project counts in the team's item instead of its owner's; an unassigned one, in the
    // unassigned projects' item.
    const teamed = (state: typeof before) => ({ ...state, team_id: 'T1', assigned_designer_id: null });
    const items = Object.keys(counterDeltas(projectCounters(teamed(before)), projectCounters(teamed(after))));
    expect(items.sort()).toEqual(['board', 'designer#unassigned', 'team#T1']);
    // A priority change stays within the board's item and its designer's.
    const urgent = fold(history.slice(0, 4));
    const low = { ...urgent, priority: 'Low' as const };
    expect(counterDeltas(projectCounters(urgent), projectCounters(low))).toEqual({
      board: { 'in_progress#p=Urgent': -1, 'in_progress#p=Low': 1 },
      'designer#d1': { 'in_progress#p=Urgent': -1, 'in_progress#p=Low': 1 },
    });
    // Through the projector: the step of the last status change settles with one update per item.
    const views = new MemoryViews();
    const store = { readStream: async () => ({ events: history }) };
    const projector = new Projector(store as never, views as unknown as ViewStore, [projectsProjection]);
    for (const event of history.slice(0, 7)) await projector.apply(1, projectsProjection, event);
    views.updates.length = 0;
    await projector.apply(1, projectsProjection, history[7]!);
    expect(views.updates.map(({ pk }) => pk).sort()).toEqual(['count#board', 'count#designer#d1', 'count#owner#u1']);
  });

  it('the users projection counts each user once, however often its events come', async () => {
    const a = { item: 'x', field: 'a' };
    const b = { item: 'x', field: 'b' };
    const c = { item: 'y', field: 'c' };
    expect(counterDeltas([a, b, b], [b, c])).toEqual({ x: { a: -1, b: -1 }, y: { c: 1 } });
    expect(counterDeltas([a, c], [c, a])).toEqual({});
    expect(
      usersProjection.counters!({
        registered: true,
        user_id: 'u1',
        user_type: 'architect',
        initial_role: 'client',
        roles: [],
      } as never),
    ).toEqual([
      { item: 'users', field: 'users' },
      { item: 'users', field: 'architects' },
    ]);
    expect(projectCounters(projectDecider.initialState())).toEqual([]);
  });

  it(
    "a project's card carries its client, and its search items the project's and the client's words, each item all " +
      'of them',
    () => {
      let state = projectDecider.initialState();
      for (const event of history.slice(0, 4)) state = projectDecider.evolve(state, event);
      const client = { id: 'u1', full_name: 'Zoë Quill', email: 'zoe@example.com', company: 'Quill & Partners' };
      const items = projectIndexItems(state, client);
      const search = items.filter((item) => String(item.sk).startsWith('ix#words#'));
      const wordsOfItems = search.flatMap(indexedWords);
      expect(wordsOfItems).toEqual(expect.arrayContaining(['cafe', 'kitchen', 'zoe', 'quill', 'partners']));
      expect(new Set(wordsOfItems).size).toBe(wordsOfItems.length);
      expect(search.length).toBeLessThanOrEqual(MAX_WORDS + MAX_CLIENT_WORDS);
      for (const item of search) {
        expect(String(item.words).split(' ').sort()).toEqual([...wordsOfItems].sort());
        for (const word of indexedWords(item))
          expect(item[`${searchIndex(word)}pk`]).toBe(searchPartition('in_progress', word));
        expect(item.card).toBeUndefined();
      }
      const card = JSON.parse(String(items.find((item) => item.sk === 'ix#board')!.card));
      expect(card.client).toEqual(client);
      // Without a client yet (the replay may project a project before its client), no client words.
      expect(JSON.parse(String(projectIndexItems(state, null)[0]!.card)).client).toBeNull();
      expect(projectIndexItems(state, null).flatMap(indexedWords)).not.toContain('zoe');
    },
  );

  it(
    "a client's rename reaches every card and search item of their projects, in any order of delivery, twice or " +
      'once, as a clean projection',
    async () => {
      const user = envelopes(
        [
          UserRegistered.create({
            user_id: 'u1',
            email: 'zoe@example.com',
            full_name: 'Zoë Quill',
            company: 'Quill & Partners',
          }),
          ProfileUpdated.create({ full_name: 'Ada Marlowe', company: 'Lark Studio' }),
        ],
        'user-u1',
      );
      const both = [usersProjection, projectsProjection];
      const run = async (deliveries: EventEnvelope[]) => {
        const views = new MemoryViews();
        const store = {
          readStream: async (streamId: string, range: { from?: number; to?: number } = {}) => ({
            events: [...user, ...history].filter(
              (e) => e.streamId === streamId && e.version >= (range.from ?? 1) && e.version <= (range.to ?? 1e9),
            ),
          }),
        };
        const projector = new Projector(store as never, views as unknown as ViewStore, both);
        for (const event of deliveries)
          for (const projection of projector.matching(event.streamId)) await projector.apply(1, projection, event);
        return views.snapshot();
      };
      const inOrder = await run([...user.slice(0, 1), ...history, user[1]!]);
      const clientOf = (items: Record<string, Record<string, unknown>>) =>
        JSON.parse(String(items['project#P1\u0000ix#board']!.card)).client;
      const searchWordsOf = (items: Record<string, Record<string, unknown>>) =>
        Object.values(items)
          .filter((item) => String(item.sk).startsWith('ix#words#'))
          .flatMap((item) => indexedWords(item as ViewItem))
          .sort();
      expect(clientOf(inOrder)).toEqual({
        id: 'u1',
        full_name: 'Ada Marlowe',
        email: 'zoe@example.com',
        company: 'Lark Studio',
      });
      expect(searchWordsOf(inOrder)).toEqual(expect.arrayContaining(['ada', 'marlowe', 'lark', 'studio']));
      expect(searchWordsOf(inOrder)).not.toEqual(expect.arrayContaining(['zoe']));
      expect(searchWordsOf(inOrder).filter((word) => ['quill', 'partners'].includes(word))).toEqual([]);
      for (const item of Object.values(inOrder))
        if (String(item.sk).startsWith('ix#words#')) expect(String(item.words).split(' ')).toContain('marlowe');
      // Every event twice changes nothing, not even the write versions.
      expect(await run([...user.slice(0, 1), ...history, user[1]!, ...user, ...history])).toEqual(inOrder);
      // The profile first appears after the project (a replay's order), is renamed, all twice, shuffled:
      // the same items (which version last wrote an unchanged item may differ: `v` and `lv` left out).
      const shown = (items: Record<string, Record<string, unknown>>) =>
        Object.fromEntries(Object.entries(items).map(([key, { v: _v, lv: _lv, ...item }]) => [key, item]));
      expect(shown(await run([...history, ...user]))).toEqual(shown(inOrder));
      expect(shown(await run([...history, user[0]!, ...history, ...user, ...user]))).toEqual(shown(inOrder));
      expect(shown(await run([history[4]!, user[1]!, history[0]!, user[0]!, ...history.slice().reverse()]))).toEqual(
        shown(inOrder),
      );
      // A clean projection of the final states (what the replay writes) shows the same.
      const final = <S>(projection: Projection<S>, events: EventEnvelope[]) =>
        events.reduce((state, event) => projection.evolve(state, event), projection.initialState());
      const userItems = usersProjection.items(final(usersProjection, user), 'user-u1');
      const projectItems = projectsProjection.items(
        final(projectsProjection, history),
        'project-P1',
        new Map(userItems.map((item) => [`${item.pk}\u0000${item.sk}`, item])),
      );
      const stateItems = Object.fromEntries(
        Object.entries(shown(inOrder)).filter(
          // What events write once (activity entries, comments) is not the state's.
          ([, item]) => !/^(count|activity|comments|comment-approved)#/.test(String(item.pk)),
        ),
      );
      expect(stateItems).toEqual(
        Object.fromEntries([...userItems, ...projectItems].map((item) => [`${item.pk}\u0000${item.sk}`, item])),
      );
    },
  );

  it(
    'the users projection keeps one admin index item per admin, idempotently, and drops it when the ' +
      'role is revoked',
    async () => {
      const user = envelopes(
        [
          UserRegistered.create({ user_id: 'u9', email: 'ada@example.com', full_name: 'Ada Admin', company: null }),
          RoleGranted.create({ role: 'admin' }),
          RoleRevoked.create({ role: 'admin' }),
        ],
        'user-u9',
      );
      const admins = (items: Record<string, Record<string, unknown>>) =>
        Object.values(items)
          .filter((item) => item.gsi5pk === 'admins')
          .map((item) => item.user_id);
      expect(admins(await project(user.slice(0, 1), usersProjection, user))).toEqual([]);
      const granted = await project(user.slice(0, 2), usersProjection, user);
      expect(admins(granted)).toEqual(['u9']);
      expect(await project([...user.slice(0, 2), ...user.slice(0, 2)], usersProjection, user)).toEqual(granted);
      expect(admins(await project(user, usersProjection, user))).toEqual([]);
    },
  );
});
