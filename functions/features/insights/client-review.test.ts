import { describe, expect, it } from 'vitest';
import { clientReviewOf } from './client-review.js';
import { evolveTimeline, initialTimeline, type ProjectTimeline } from './timeline.js';

const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}T09:00:00.000Z`;
const timeline = (events: [string, string, Record<string, unknown>][]): ProjectTimeline =>
  events.reduce((state, [type, at, data]) => evolveTimeline(state, { type, at, data }), initialTimeline());
const submitted = (id: string): [string, string, Record<string, unknown>] => [
  'ProjectSubmitted',
  day(1),
  { project_id: id, title: id, project_category: 'Design', project_type: 'Concept', total_estimated_hours: 5 },
];
const deliverable = (
  at: number,
  file_id: string,
  extra: Record<string, unknown> = {},
): [string, string, Record<string, unknown>] => [
  'FileUploaded',
  day(at),
  { file_id, file_type: 'deliverable', ...extra },
];

describe('insights: the client review', () => {
  const twoRounds = timeline([
    submitted('a'),
    ['FileUploaded', day(2), { file_id: 'c1', file_type: 'client_upload' }],
    deliverable(3, 'd1'),
    deliverable(3, 'd2'),
    ['ChangesRequested', day(4), { deliverable_id: 'd1', version: 1, round: 1 }],
    ['ChangesRequested', day(4), { deliverable_id: 'd2', version: 1, round: 1 }],
    deliverable(5, 'd1v2', { version_of: 'd1', version: 2 }),
    ['ChangesRequested', day(6), { deliverable_id: 'd1', version: 2, round: 2 }],
    deliverable(7, 'd1v3', { version_of: 'd1', version: 3 }),
    deliverable(7, 'd2v2', { version_of: 'd2', version: 2 }),
    ['DeliverableApproved', day(8), { deliverable_id: 'd1', version: 3 }],
    ['DeliverableApproved', day(9), { deliverable_id: 'd1', version: 1 }],
  ]);

  it('the timeline keeps rounds, the first deliverable and the approval of every current one', () => {
    expect(twoRounds).toMatchObject({ client_rounds: 2, first_deliverable_at: day(3), client_approved_at: null });
    const done = evolveTimeline(twoRounds, {
      type: 'DeliverableApproved',
      at: day(10),
      data: { deliverable_id: 'd2', version: 2 },
    });
    expect(done.client_approved_at).toBe(day(10));
    // A new version takes the approval back until it is approved too.
    expect(
      evolveTimeline(done, {
        type: 'FileUploaded',
        at: day(11),
        data: { file_id: 'd2v3', file_type: 'deliverable', version_of: 'd2', version: 3 },
      }).client_approved_at,
    ).toBeNull();
  });

  it(
    'the report counts rounds per project and days from delivery to approval, over first deliverables in ' +
      'the range',
    () => {
      const done = evolveTimeline(twoRounds, {
        type: 'DeliverableApproved',
        at: day(10),
        data: { deliverable_id: 'd2', version: 2 },
      });
      const untouched = timeline([
        submitted('b'),
        deliverable(4, 'x1'),
        ['DeliverableApproved', day(5), { deliverable_id: 'x1', version: 1 }],
      ]);
      const noDeliverable = timeline([submitted('c')]);
      const outside = timeline([
        submitted('d'),
        ['FileUploaded', '2026-10-01T00:00:00.000Z', { file_id: 'o1', file_type: 'deliverable' }],
      ]);
      const figures = clientReviewOf([done, untouched, noDeliverable, outside], { from: day(1), to: day(30) });
      expect(figures).toMatchObject({
        projects: 2,
        with_change_requests: 1,
        change_request_rate: 0.5,
        rounds: 2,
        rounds_per_project: 1,
        approved: 2,
      });
      expect(figures.round_counts).toEqual([
        { rounds: '0', projects: 1 },
        { rounds: '1', projects: 0 },
        { rounds: '2', projects: 1 },
        { rounds: '3+', projects: 0 },
      ]);
      expect(figures.by_project.map((row) => [row.project_id, row.rounds, row.days_to_approval])).toEqual([
        ['a', 2, 7],
        ['b', 0, 1],
      ]);
      expect(figures.delivery_to_approval).toEqual({ count: 2, median: 4, p90: 7 });
    },
  );

  it('timelines projected before the review existed read as no review', () => {
    const {
      client_rounds: _r,
      first_deliverable_at: _f,
      client_review: _c,
      client_approved_at: _a,
      ...old
    } = timeline([submitted('e')]);
    expect(clientReviewOf([old as ProjectTimeline], { from: day(1), to: day(30) }).projects).toBe(0);
    expect(
      evolveTimeline(old as ProjectTimeline, {
        type: 'FileUploaded',
        at: day(2),
        data: { file_id: 'z', file_type: 'deliverable' },
      }).first_deliverable_at,
    ).toBe(day(2));
  });
});
