import { describe, expect, it } from 'vitest';
import { CommentApproved, CommentPosted, DesignerAssigned, PriorityChanged, ProfileUpdated, ProjectStatusChanged, RoleGranted, RoleRevoked, UserRegistered, type EventEnvelope, type NewEvent } from '../../events/index.js';
import { boardPartition, clientWordPartition, projectCounters, projectIndexItems, searchPartition, searchWords, words } from '../../functions/consumers/projections/project-index.js';
import { projectsProjection } from '../../functions/consumers/projections/projects.js';
import { usersProjection } from '../../functions/consumers/projections/users.js';
import { counterDeltas, Projector, type Projection } from '../../functions/core/projector.js';
import type { ViewItem, ViewStore } from '../../functions/core/views.js';
import { projectDecider, type SubmitProjectCommand } from '../../functions/domain/project.js';
import { LONG_DESCRIPTION } from '../support/stack.js';

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
  async putGuarded(gen: number, item: ViewItem, v: number) {
    const existing = this.items.get(this.key(gen, item.pk, item.sk));
    if (existing && (existing.v as number) >= v) return false;
    this.items.set(this.key(gen, item.pk, item.sk), { ...item, v });
    return true;
  }
  async putOnce(gen: number, item: ViewItem) {
    if (this.items.has(this.key(gen, item.pk, item.sk))) return false;
    this.items.set(this.key(gen, item.pk, item.sk), { ...item });
    return true;
  }
  async putIfVersion(gen: number, item: ViewItem & { version: number }, expected: number) {
    const existing = this.items.get(this.key(gen, item.pk, item.sk));
    if ((existing?.version ?? 0) !== expected) return false;
    this.items.set(this.key(gen, item.pk, item.sk), { ...item });
    return true;
  }
  async clearPending(gen: number, key: { pk: string; sk: string }, version: number) {
    const existing = this.items.get(this.key(gen, key.pk, key.sk));
    if (existing && existing.version === version) delete existing.pending;
  }
  async addCount(gen: number, key: { pk: string; sk: string }, delta: number) {
    const existing = this.items.get(this.key(gen, key.pk, key.sk)) ?? { ...key };
    existing.n = ((existing.n as number | undefined) ?? 0) + delta;
    this.items.set(this.key(gen, key.pk, key.sk), existing);
  }
  /** Everything but checkpoints, live items only, keyed by pk/sk (a counter at 0 counts nothing). */
  snapshot() {
    return Object.fromEntries(
      [...this.items]
        .filter(([key, item]) => !key.includes('cp#') && !item.deleted && !(String(item.pk).startsWith('count#') && item.n === 0))
        .map(([key, item]) => [key.slice(key.indexOf('\u0000') + 1), item]),
    );
  }
}

const submit: SubmitProjectCommand = {
  type: 'SubmitProject', project_id: 'P1', user_id: 'u1', team_id: null, title: 'Café Kitchen remodel', project_category: 'Design',
  project_type: 'Concept Design', property_type: 'single_family', description: LONG_DESCRIPTION, design_priority: [], area_sqft: 900,
  existing_plans: false, permit_needs: null, deliverables: ['Layout Plan'], room_selection: [], room_notes: null, inspiration_links: [],
  project_address: null, specifications: {}, checklist: [{ task_name: 'Measure', estimated_hours: 2 }], grok_generated: true, checklist_source: 'local',
} as SubmitProjectCommand;

function envelopes(events: NewEvent[], streamId = 'project-P1'): EventEnvelope[] {
  return events.map((event, i) => ({
    streamId, version: i + 1, type: event.type, schemaVersion: 1, eventId: `E${i + 1}`, at: `2026-11-2${Math.min(i, 9)}T10:00:00.000Z`,
    actor: { sub: 'a1', role: 'admin' }, correlationId: 'c', causationId: null, data: event.data as Record<string, unknown>, prevHash: '', hash: '',
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
  const store = { readStream: async (_: string, range: { from?: number; to?: number } = {}) => ({ events: events.filter((e) => e.version >= (range.from ?? 1) && e.version <= (range.to ?? 1e9)) }) };
  const projector = new Projector(store as never, views as unknown as ViewStore, [projection]);
  for (const event of deliveries) await projector.apply(1, projection, event);
  return views.snapshot();
}

describe('board index items and counters', () => {
  it('index the project in its column, narrowed by designer and priority, and by each word (case and accents folded)', () => {
    let state = projectDecider.initialState();
    for (const event of history.slice(0, 4)) state = projectDecider.evolve(state, event);
    const items = projectIndexItems(state);
    const partitions = items.map((item) => item.gsi5pk);
    expect(partitions).toEqual(expect.arrayContaining([
      boardPartition({ status: 'in_progress' }),
      boardPartition({ status: 'in_progress', designer: 'D1' }),
      boardPartition({ status: 'in_progress', priority: 'Urgent' }),
      boardPartition({ status: 'in_progress', designer: 'd1', priority: 'Urgent' }),
      searchPartition('in_progress', 'cafe'),
    ]));
    expect(words('Café  KITCHEN-remodel')).toEqual(['cafe', 'kitchen', 'remodel']);
    expect(searchWords(state).length).toBeLessThanOrEqual(32);
    expect(items.find((item) => item.gsi5pk === boardPartition({ status: 'in_progress' }))!.card).toContain('"title":"Café Kitchen remodel"');
  });

  it('applying every event twice gives the same items and counts as applying them once', async () => {
    const once = await project(history);
    const twice = await project([...history, ...history]);
    expect(twice).toEqual(once);
    const shuffled = await project([history[3]!, history[0]!, ...history, history[5]!, ...history.slice().reverse()]);
    expect(shuffled).toEqual(once);
    // The counts follow the project to where it ended, and leave nothing behind where it was.
    const counts = Object.fromEntries(Object.values(once).filter((item) => String(item.pk).startsWith('count#')).map((item) => [item.pk, item.n]));
    expect(counts['count#board#delivered']).toBe(1);
    expect(counts['count#board#queued']).toBeUndefined();
    expect(counts['count#board#in_progress#d=d1#p=Urgent']).toBeUndefined();
    expect(counts['count#moderation#pending']).toBe(1);
    // Index items that the project left are gone (their tombstones are not live items).
    expect(Object.values(once).filter((item) => String(item.gsi5pk ?? '').startsWith('board#in_progress'))).toEqual([]);
  });

  it('the users projection counts each user once, however often its events come', async () => {
    expect(counterDeltas(['a', 'b', 'b'], ['b', 'c'])).toEqual(new Map([['a', -1], ['b', -1], ['c', 1]]));
    expect(usersProjection.counters!({ registered: true, user_id: 'u1', user_type: 'architect', initial_role: 'client', roles: [] } as never)).toEqual(['users', 'users#architects']);
    expect(projectCounters(projectDecider.initialState())).toEqual([]);
  });

  it("the users projection writes a word item per word of a client's name and company, idempotently, and a rename drops the old words", async () => {
    const user = envelopes([
      UserRegistered.create({ user_id: 'u1', email: 'zoe@example.com', full_name: 'Zoë Quill', company: 'Quill & Partners' }),
      ProfileUpdated.create({ full_name: 'Zoë Marlowe' }),
    ], 'user-u1');
    const wordsOf = (items: Record<string, Record<string, unknown>>) =>
      Object.values(items).filter((item) => String(item.sk).startsWith('ix#word#')).map((item) => [item.gsi5pk, item.gsi5sk]).sort();
    const registered = await project(user.slice(0, 1), usersProjection, user);
    expect(wordsOf(registered)).toEqual([
      [clientWordPartition('partners'), 'partners#u1'],
      [clientWordPartition('quill'), 'quill#u1'],
      [clientWordPartition('zoe'), 'zoe#u1'],
    ]);
    const once = await project(user, usersProjection, user);
    // 'quill' stays (the company), the old name's own words go.
    expect(wordsOf(once)).toEqual([
      [clientWordPartition('marlowe'), 'marlowe#u1'],
      [clientWordPartition('partners'), 'partners#u1'],
      [clientWordPartition('quill'), 'quill#u1'],
      [clientWordPartition('zoe'), 'zoe#u1'],
    ]);
    expect(await project([...user, ...user], usersProjection, user)).toEqual(once);
    expect(wordsOf(await project([user[1]!, user[0]!, user[1]!], usersProjection, user))).toEqual(wordsOf(once));
  });

  it('the users projection keeps one admin index item per admin, idempotently, and drops it when the role is revoked', async () => {
    const user = envelopes([
      UserRegistered.create({ user_id: 'u9', email: 'ada@example.com', full_name: 'Ada Admin', company: null }),
      RoleGranted.create({ role: 'admin' }),
      RoleRevoked.create({ role: 'admin' }),
    ], 'user-u9');
    const admins = (items: Record<string, Record<string, unknown>>) => Object.values(items).filter((item) => item.gsi5pk === 'admins').map((item) => item.user_id);
    expect(admins(await project(user.slice(0, 1), usersProjection, user))).toEqual([]);
    const granted = await project(user.slice(0, 2), usersProjection, user);
    expect(admins(granted)).toEqual(['u9']);
    expect(await project([...user.slice(0, 2), ...user.slice(0, 2)], usersProjection, user)).toEqual(granted);
    expect(admins(await project(user, usersProjection, user))).toEqual([]);
  });
});
