import { describe, expect, it } from 'vitest';
import { cityReviewOf } from './city-review.js';
import { evolveTimeline, initialTimeline, type ProjectTimeline } from './timeline.js';

const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}T09:00:00.000Z`;
type Step = [string, string, Record<string, unknown>];
const timeline = (events: Step[]): ProjectTimeline =>
  events.reduce((state, [type, at, data]) => evolveTimeline(state, { type, at, data }), initialTimeline());
const submitted = (id: string): Step => [
  'ProjectSubmitted',
  day(1),
  {
    project_id: id,
    title: id,
    project_category: 'Permit',
    project_type: 'ADU / Addition Permit Set',
    total_estimated_hours: 5,
  },
];
const received = (at: number, round: number, count: number): Step => [
  'CityCorrectionsReceived',
  day(at),
  { round, items: Array.from({ length: count }, (_, i) => ({ item_id: `r${round}i${i}` })) },
];
const addressed = (at: number, round: number): Step => ['CorrectionAddressed', day(at), { round, item_id: 'x' }];

describe('insights: the permit section', () => {
  const approved = timeline([
    submitted('a'),
    received(2, 1, 4),
    addressed(3, 1),
    addressed(3, 1),
    addressed(3, 1),
    addressed(3, 1),
    received(6, 2, 2),
    addressed(7, 2),
    addressed(7, 2),
    ['PermitApproved', day(12), { permit_number: 'BLD-1', rounds: 2 }],
  ]);
  const open = timeline([submitted('b'), received(5, 1, 3), addressed(6, 1)]);
  const design = timeline([
    [
      'ProjectSubmitted',
      day(1),
      {
        project_id: 'c',
        title: 'c',
        project_category: 'Design',
        project_type: 'Concept Design',
        total_estimated_hours: 5,
      },
    ],
  ]);

  it('the timeline keeps the items of each round, the open items of the latest, and the instants', () => {
    expect(approved.city).toEqual({
      items_per_round: [4, 2],
      open: 0,
      first_corrections_at: day(2),
      approved_at: day(12),
    });
    expect(open.city).toEqual({ items_per_round: [3], open: 2, first_corrections_at: day(5), approved_at: null });
    expect(design.city).toBeUndefined();
  });

  it(
    'rounds per permit project, items per round, days from ' + 'the first corrections to the permit, open items now',
    () => {
      const figures = cityReviewOf([approved, open, design], { from: day(1), to: day(30) });
      expect(figures).toMatchObject({
        projects: 2,
        rounds: 3,
        rounds_per_project: 1.5,
        items_per_round: 3,
        approved: 1,
        corrections_to_permit: { count: 1, median: 10 },
        open_items_now: 2,
      });
      expect(
        figures.by_project.map((row) => [
          row.project_id,
          row.rounds,
          row.items_per_round,
          row.open_items,
          row.days_to_permit,
        ]),
      ).toEqual([
        ['a', 2, [4, 2], 0, 10],
        ['b', 1, [3], 2, null],
      ]);
    },
  );

  it('a round seen again changes nothing', () =>
    expect(
      evolveTimeline(approved, {
        type: 'CityCorrectionsReceived',
        at: day(13),
        data: { round: 2, items: [{ item_id: 'z' }] },
      }),
    ).toEqual(approved));
});
