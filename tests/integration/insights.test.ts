import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentApproved,
  CommentPosted,
  CommentRejected,
  DesignerAssigned,
  DueDateChanged,
  ProjectStatusChanged,
  ProjectSubmitted,
} from '../../functions/features/projects/events.js';
import { GENESIS_HASH, type EventEnvelope, type NewEvent } from '../../events/envelope.js';
import { allProjections } from '../../functions/app/projections.js';
import { insightsProjection, timelineKey } from '../../functions/features/insights/projection.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import { Projector } from '../../functions/platform/views/projector.js';
import { computeInsights, type InsightsReport } from '../../functions/features/insights/report.js';
import { evolveTimeline, initialTimeline, type ProjectTimeline } from '../../functions/features/insights/timeline.js';
import { newId } from '../../functions/platform/ids.js';
import { Replayer } from '../../functions/app/replay.js';
import { estimateLocally, checklistRequestSchema } from '../../functions/features/checklists/estimator/index.js';
import { LONG_DESCRIPTION, TestStack, minimalProject, type TestUser } from '../support/stack.js';
import { readAll } from '../../functions/platform/event-store/event-log.js';
import { catalogue } from '../../functions/app/catalogue.js';

const PROJECTS = 240;
const DAY = 86_400_000;
const DESIGNERS = [
  { designer_id: 'designer-ada', designer_email: null, designer_name: 'Ada' },
  { designer_id: 'designer-bo', designer_email: null, designer_name: 'Bo' },
  { designer_id: null, designer_email: 'cy@example.test', designer_name: null },
];
const TYPES = [
  ['Design', 'Concept Design'],
  ['Design', 'Interior Design'],
  ['Permit', 'Permit Set'],
] as const;

/** A small deterministic generator, so a failure can be reproduced. */
function random(seed: number) {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

let stack: TestStack;
let admin: TestUser;
let writer: EventStore;
let clock = Date.now();
const now = Date.now();

function submission(
  id: string,
  category: string,
  type: string,
  hours: number,
  basis: 'studio' | 'generic' | undefined,
) {
  return ProjectSubmitted.create({
    project_id: id,
    user_id: 'seed-client',
    team_id: null,
    title: `Seeded ${id.slice(-6)}`,
    project_category: category as 'Design',
    project_type: type,
    property_type: 'single_family',
    description: LONG_DESCRIPTION,
    design_priority: [],
    area_sqft: 1200,
    existing_plans: false,
    permit_needs: null,
    deliverables: ['Layout Plan'],
    room_selection: [],
    room_notes: null,
    inspiration_links: [],
    project_address: null,
    specifications: {},
    checklist: [{ checklist_id: `${id}-t1`, task_name: 'Draw', estimated_hours: hours, order_index: 0 }],
    total_estimated_hours: hours,
    estimated_turnaround_days: Math.ceil(hours / 2.5),
    checklist_origin: 'generated',
    ...(basis ? { estimate_basis: basis } : {}),
  });
}

/** A project's history: events with their instants, none after now. */
function history(next: () => number): { at: number; event: NewEvent }[] {
  const id = newId();
  const [category, type] = TYPES[Math.floor(next() * TYPES.length)]!;
  let t = now - next() * 100 * DAY;
  const out: { at: number; event: NewEvent }[] = [
    {
      at: t,
      event: submission(
        id,
        category,
        type,
        2.5 + Math.floor(next() * 20) * 0.5,
        next() < 0.3 ? 'studio' : next() < 0.5 ? 'generic' : undefined,
      ),
    },
  ];
  const step = (days: number) => (t += days * DAY);
  const push = (event: NewEvent) => t < now && out.push({ at: t, event });
  if (next() < 0.6)
    push(DueDateChanged.create({ due_date: new Date(t + (3 + next() * 20) * DAY).toISOString().slice(0, 10) }));
  if (next() < 0.9) {
    step(next() * 0.5);
    push(DesignerAssigned.create(DESIGNERS[Math.floor(next() * DESIGNERS.length)]!));
  }
  if (next() < 0.15) return out;
  step(next() * 6);
  push(ProjectStatusChanged.create({ from: 'queued', to: 'in_progress' }));
  let status: 'in_progress' | 'needs_revision' | 'delivered' = 'in_progress';
  for (let round = 0; round < 3; round += 1) {
    for (let c = Math.floor(next() * 3); c > 0; c -= 1) {
      step(next() * 0.5);
      const comment = newId();
      push(CommentPosted.create({ comment_id: comment, content: 'Progress note' }));
      step(next() * 0.2);
      push(
        next() < 0.2
          ? CommentRejected.create({ comment_id: comment })
          : CommentApproved.create({ comment_id: comment }),
      );
    }
    if (next() < 0.1) {
      step(next());
      push(DesignerAssigned.create(DESIGNERS[Math.floor(next() * DESIGNERS.length)]!));
    }
    step(next() * 8);
    if (next() < 0.25) {
      push(ProjectStatusChanged.create({ from: status, to: 'needs_revision' }));
      status = 'needs_revision';
      step(next() * 3);
      push(ProjectStatusChanged.create({ from: status, to: 'in_progress' }));
      status = 'in_progress';
      continue;
    }
    if (next() < 0.2) return out; // never delivered
    push(ProjectStatusChanged.create({ from: status, to: 'delivered' }));
    status = 'delivered';
    if (next() < 0.85) return out;
    step(next() * 5); // reopened
    const reopened = next() < 0.5 ? 'needs_revision' : 'in_progress';
    push(ProjectStatusChanged.create({ from: 'delivered', to: reopened }));
    status = reopened;
  }
  return out;
}

async function seed(): Promise<void> {
  const next = random(2311);
  for (let p = 0; p < PROJECTS; p += 1) {
    const events = history(next);
    const streamId = `project-${(events[0]!.event.data as { project_id: string }).project_id}`;
    let expected = { version: 0, hash: GENESIS_HASH };
    for (const { at, event } of events) {
      clock = at;
      const commit = await writer.append(streamId, [event], expected, { actor: { sub: 'seed', role: 'admin' } });
      expected = { version: commit.lastVersion, hash: commit.events.at(-1)!.hash };
    }
  }
}

async function rawProjectEvents(): Promise<Map<string, EventEnvelope[]>> {
  const streams = new Map<string, EventEnvelope[]>();
  for await (const commit of readAll(new EventStore({ ...storeOptions(), catalogue }))) {
    for (const event of commit.events)
      if (event.streamId.startsWith('project-'))
        streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
  }
  for (const events of streams.values()) events.sort((a, b) => a.version - b.version);
  return streams;
}

/** The running stack's events table, through its client and codec. */
const storeOptions = () => ({
  client: stack.local.runtime.views.client,
  tableName: process.env.EVENTS_TABLE!,
  codec: stack.local.runtime.store.codec,
});

const fold = (events: EventEnvelope[]): ProjectTimeline => events.reduce(evolveTimeline, initialTimeline());
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  stack = await TestStack.start();
  admin = await stack.admin();
  writer = new EventStore({ ...storeOptions(), catalogue, now: () => new Date(clock) });
  await seed();
  // Rebuilt by the audit replay, the way `npm run replay` rebuilds every view.
  const report = await new Replayer(
    new EventStore({ ...storeOptions(), catalogue }),
    stack.local.runtime.views,
    allProjections,
  ).run();
  expect(report.broken).toEqual([]);
  expect(report.schemaErrors).toEqual([]);
}, 240_000);
afterAll(() => stack?.stop());

describe('GET /api/insights on a seeded history of a few hundred projects', () => {
  it('answers the figures recomputed from the raw events', async () => {
    const from = dayOf(now - 60 * DAY);
    const to = dayOf(now);
    const response = await stack.api('GET', `/api/insights?from=${from}&to=${to}`, { user: admin });
    expect(response.status).toBe(200);
    const api = response.body as InsightsReport;
    const streams = await rawProjectEvents();
    expect(streams.size).toBe(PROJECTS);
    const timelines = [...streams.values()].map(fold);
    expect(api).toEqual(
      computeInsights(timelines, { from: `${from}T00:00:00.000Z`, to: `${to}T23:59:59.999Z`, now: api.range.now }),
    );

    // The headline figures once more, counted straight from the events without the domain's code.
    const start = Date.parse(`${from}T00:00:00.000Z`);
    const end = Date.parse(`${to}T23:59:59.999Z`);
    const delivered: { total: number; revisions: number; posted: number; rejected: number }[] = [];
    for (const events of streams.values()) {
      const firstDelivery = events.find((e) => e.type === 'ProjectStatusChanged' && e.data.to === 'delivered');
      if (!firstDelivery || Date.parse(firstDelivery.at) < start || Date.parse(firstDelivery.at) > end) continue;
      delivered.push({
        total: (Date.parse(firstDelivery.at) - Date.parse(events[0]!.at)) / DAY,
        revisions: events.filter((e) => e.type === 'ProjectStatusChanged' && e.data.to === 'needs_revision').length,
        posted: events.filter((e) => e.type === 'CommentPosted').length,
        rejected: events.filter((e) => e.type === 'CommentRejected').length,
      });
    }
    const totals = delivered.map((d) => d.total).sort((a, b) => a - b);
    const mid = totals.length / 2;
    const median = totals.length % 2 ? totals[Math.floor(mid)]! : (totals[mid - 1]! + totals[mid]!) / 2;
    expect(delivered.length).toBeGreaterThan(50);
    expect(api.delivered_in_range).toBe(delivered.length);
    expect(api.turnaround.overall.total.median).toBeCloseTo(median, 2);
    expect(api.turnaround.overall.total.p90).toBeCloseTo(totals[Math.ceil(0.9 * totals.length) - 1]!, 2);
    expect(api.quality.with_revisions).toBe(delivered.filter((d) => d.revisions > 0).length);
    expect(api.quality.comments_rejected).toBe(delivered.reduce((s, d) => s + d.rejected, 0));
    expect(api.quality.comments_posted).toBe(delivered.reduce((s, d) => s + d.posted, 0));
    expect(api.flow.weeks.reduce((s, w) => s + w.delivered, 0)).toBe(delivered.length);
    expect(api.quality.reopened).toBeGreaterThan(0);
  });

  it('filters by category, type and designer', async () => {
    const all = (await stack.api('GET', `/api/insights?from=${dayOf(now - 90 * DAY)}`, { user: admin }))
      .body as InsightsReport;
    const permit = (
      await stack.api('GET', `/api/insights?from=${dayOf(now - 90 * DAY)}&category=Permit`, { user: admin })
    ).body as InsightsReport;
    const design = (
      await stack.api('GET', `/api/insights?from=${dayOf(now - 90 * DAY)}&category=Design`, { user: admin })
    ).body as InsightsReport;
    expect(permit.delivered_in_range + design.delivered_in_range).toBe(all.delivered_in_range);
    expect(permit.turnaround.by_type.map((row) => row.type)).toEqual(['Permit Set']);
    const ada = (
      await stack.api('GET', `/api/insights?from=${dayOf(now - 90 * DAY)}&designer=designer-ada`, { user: admin })
    ).body as InsightsReport;
    expect(ada.turnaround.by_designer.map((row) => row.name)).toEqual(['Ada']);
    const concept = (
      await stack.api('GET', `/api/insights?type=${encodeURIComponent('Concept Design')}`, { user: admin })
    ).body as InsightsReport;
    expect(concept.turnaround.by_type.every((row) => row.type === 'Concept Design')).toBe(true);
    // The default range: the last 30 days.
    expect(Date.parse(concept.range.to) - Date.parse(concept.range.from)).toBeCloseTo(30 * DAY - 1, -3);
  });

  it('live delivery twice and out of order gives the same timelines as the replay', async () => {
    const streams = [...(await rawProjectEvents()).values()].slice(0, 20);
    const projector = new Projector(new EventStore({ ...storeOptions(), catalogue }), stack.local.runtime.views, [
      insightsProjection,
    ]);
    for (const events of streams)
      for (const event of [...events].reverse().concat(events)) await projector.apply(900, insightsProjection, event);
    const { active } = await stack.local.runtime.views.generations(true);
    for (const events of streams) {
      const id = events[0]!.data.project_id as string;
      const key = timelineKey(id);
      const live = await stack.local.runtime.views.get(900, key.pk, key.sk);
      const replayed = await stack.local.runtime.views.get(active, key.pk, key.sk);
      expect(live?.state).toEqual(replayed?.state);
      expect(live?.gsi1pk).toEqual(replayed?.gsi1pk);
      expect(JSON.parse(live!.state as string)).toEqual(fold(events));
    }
  });

  it('refuses bad input with 400 and non-admins with 403', async () => {
    for (const query of [
      'from=yesterday',
      'from=2026-11-10&to=2026-11-01',
      'category=Lawn',
      'from=2020-01-01&to=2026-01-01',
      'from=0000-01-01&to=0001-01-01',
      'from=2026-02-30',
      'to=2019-12-31',
      'bogus=1',
      `from=${dayOf(now + 5 * DAY)}`,
      `type=${'x'.repeat(101)}`,
    ]) {
      const response = await stack.api('GET', `/api/insights?${query}`, { user: admin });
      expect(response.status, query).toBe(400);
      expect(response.body.error?.code).toBe('INVALID_INPUT');
    }
    const designer = await stack.designer();
    expect((await stack.api('GET', '/api/insights', { user: designer })).status).toBe(403);
    expect((await stack.api('GET', '/api/insights')).status).toBe(401);
  });

  it(
    "the checklist step is given the studio's turnaround on similar deliveries, and the submission records that it " +
      'was',
    async () => {
      const client = await stack.signUpClient();
      const brief = {
        ...minimalProject(),
        checklist: undefined,
        total_estimated_hours: undefined,
        estimated_turnaround_days: undefined,
      };
      const answer = await stack.api('POST', '/api/checklists', { user: client, body: brief });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.estimate_basis).toBe('studio');
      expect(answer.body.studio?.deliveries).toBeGreaterThanOrEqual(3);
      expect(answer.body.studio?.deliveries).toBeLessThanOrEqual(20);
      const generic = estimateLocally(checklistRequestSchema.parse(brief));
      expect(answer.body.total_estimated_hours).not.toBe(generic.total_estimated_hours);

      // A type the studio has never delivered: the brief's estimate alone.
      const permit = {
        ...brief,
        project_category: 'Permit',
        project_type: 'Historic Landmark Permit Set',
        property_type: 'single_family',
        deliverables: ['Proposed Floor Plan'],
        permit_needs: 'Porch restoration',
        project_address: '1 Elm Street',
        design_priority: [],
        room_selection: [],
      };
      const unknown = await stack.api('POST', '/api/checklists', { user: client, body: permit });
      expect(unknown.status, JSON.stringify(unknown.body)).toBe(200);
      expect(unknown.body).toMatchObject({ estimate_basis: 'generic', studio: null });

      const checklist = answer.body.checklist.map((task: { task: string; estimated_hours: number }) => ({
        task_name: task.task,
        estimated_hours: task.estimated_hours,
      }));
      const submission = {
        ...minimalProject(),
        checklist,
        checklist_generator: 'local',
        estimate_basis: 'studio',
        estimate_receipt: answer.body.estimate_receipt,
      };
      const created = await stack.api('POST', '/api/projects', { user: client, body: submission });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const stream = await stack.local.runtime.store.readStream(`project-${created.body.project.id}`);
      expect(stream.events[0]!.data.estimate_basis).toBe('studio');
      const refused = await stack.api('POST', '/api/projects', {
        user: client,
        body: { ...minimalProject(), estimate_basis: 'guesswork' },
      });
      expect(refused.status).toBe(400);
    },
  );

  it(
    "a submission records 'studio', and a checklist step's source, only as the step's signed receipt " + 'proves them',
    async () => {
      const client = await stack.signUpClient();
      const other = await stack.signUpClient();
      const brief = {
        ...minimalProject(),
        checklist: undefined,
        total_estimated_hours: undefined,
        estimated_turnaround_days: undefined,
      };
      const answer = await stack.api('POST', '/api/checklists', { user: client, body: brief });
      expect(answer.body.estimate_basis).toBe('studio');
      const receipt: string = answer.body.estimate_receipt;
      const [payload] = receipt.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: other.sub })).toString('base64url');
      const edited = `${forged}.${receipt.split('.')[1]}`;
      const permit = {
        ...brief,
        project_category: 'Permit',
        project_type: 'Historic Landmark Permit Set',
        property_type: 'single_family',
        deliverables: ['Proposed Floor Plan'],
        permit_needs: 'Porch restoration',
        project_address: '1 Elm Street',
        design_priority: [],
        room_selection: [],
      };
      const before = await stack.eventCount();
      const attempts = [
        { user: client, body: { ...minimalProject(), checklist_generator: 'local', estimate_basis: 'studio' } },
        {
          user: client,
          body: {
            ...minimalProject(),
            checklist_generator: 'local',
            estimate_basis: 'studio',
            estimate_receipt: 'forged.receipt',
          },
        },
        {
          user: other,
          body: {
            ...minimalProject(),
            checklist_generator: 'local',
            estimate_basis: 'studio',
            estimate_receipt: receipt,
          },
        },
        {
          user: other,
          body: {
            ...minimalProject(),
            checklist_generator: 'local',
            estimate_basis: 'studio',
            estimate_receipt: edited,
          },
        },
        {
          user: client,
          body: {
            ...permit,
            checklist: [{ task_name: 'Survey', estimated_hours: 4 }],
            checklist_generator: 'local',
            estimate_basis: 'studio',
            estimate_receipt: receipt,
          },
        },
        {
          user: client,
          body: {
            ...minimalProject(),
            checklist_generator: 'bedrock',
            estimate_basis: 'studio',
            estimate_receipt: receipt,
          },
        },
        // Which step wrote the checklist is the receipt's to say too: without one, only 'manual'.
        { user: client, body: { ...minimalProject(), checklist_generator: 'bedrock' } },
        { user: client, body: { ...minimalProject(), checklist_generator: 'local', estimate_basis: 'generic' } },
      ];
      for (const attempt of attempts) {
        const refused = await stack.api('POST', '/api/projects', attempt);
        expect(refused.status, JSON.stringify(attempt.body)).toBe(400);
        expect(refused.body.error?.code, JSON.stringify(refused.body)).toBe('INVALID_ESTIMATE_RECEIPT');
      }
      expect(await stack.eventCount()).toBe(before);

      // A generic estimate's receipt: the server's basis stands, whatever the body claims.
      const generic = await stack.api('POST', '/api/checklists', { user: client, body: permit });
      expect(generic.body.estimate_basis).toBe('generic');
      const created = await stack.api('POST', '/api/projects', {
        user: client,
        body: {
          ...permit,
          checklist: [{ task_name: 'Survey', estimated_hours: 4 }],
          checklist_generator: 'local',
          estimate_basis: 'studio',
          estimate_receipt: generic.body.estimate_receipt,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const stream = await stack.local.runtime.store.readStream(`project-${created.body.project.id}`);
      expect(stream.events[0]!.data.estimate_basis).toBe('generic');
    },
  );
});
