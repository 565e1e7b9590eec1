import { describe, expect, it } from 'vitest';
import { computeInsights, studioTurnaround, type InsightsFilter } from '../../functions/features/insights/report.js';
import { evolveTimeline, initialTimeline, type ProjectTimeline } from '../../functions/features/insights/timeline.js';
import { businessDaysBetween, median, percentile, weekOf } from '../../functions/features/insights/stats.js';
import { insightsProjection } from '../../functions/features/insights/projection.js';

type Step = [at: string, type: string, data?: Record<string, unknown>];
const day = (d: string, time = '09:00') => `2026-11-${d}T${time}:00.000Z`;

function submitted(
  id: string,
  type: string,
  hours: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    project_id: id,
    title: `Project ${id}`,
    project_category: type === 'Permit Set' ? 'Permit' : 'Design',
    project_type: type,
    total_estimated_hours: hours,
    estimated_turnaround_days: Math.ceil(hours / 2.5),
    ...extra,
  };
}
const assign = (designer: string, name: string) => ({
  designer_id: designer,
  designer_email: null,
  designer_name: name,
});
const status = (from: string, to: string) => ({ from, to });

function fold(steps: Step[]): ProjectTimeline {
  return steps.reduce(
    (state, [at, type, data]) => evolveTimeline(state, { at, type, data: data ?? {} }),
    initialTimeline(),
  );
}

/** Five hand-made histories: on time, reassigned and late with a revision, reopened, never started, in progress. */
const histories: Record<string, Step[]> = {
  P1: [
    [day('02'), 'ProjectSubmitted', submitted('P1', 'Concept Design', 7.5)],
    [day('02', '10:00'), 'DesignerAssigned', assign('d1', 'Dana')],
    [day('02', '11:00'), 'DueDateChanged', { due_date: '2026-11-06' }],
    [day('03'), 'ProjectStatusChanged', status('queued', 'in_progress')],
    [day('03', '12:00'), 'CommentPosted', { comment_id: 'c1', content: 'x' }],
    [day('03', '13:00'), 'CommentPosted', { comment_id: 'c2', content: 'y' }],
    [day('03', '14:00'), 'CommentApproved', { comment_id: 'c1' }],
    [day('03', '15:00'), 'CommentRejected', { comment_id: 'c2' }],
    [day('05'), 'ProjectStatusChanged', status('in_progress', 'delivered')],
  ],
  P2: [
    [day('02'), 'ProjectSubmitted', submitted('P2', 'Concept Design', 5)],
    [day('02', '10:00'), 'DesignerAssigned', assign('d1', 'Dana')],
    [day('02', '11:00'), 'DueDateChanged', { due_date: '2026-11-06' }],
    [day('04'), 'ProjectStatusChanged', status('queued', 'in_progress')],
    [day('04', '12:00'), 'CommentPosted', { comment_id: 'c3', content: 'z' }],
    [day('04', '13:00'), 'CommentApproved', { comment_id: 'c3' }],
    [day('05'), 'ProjectStatusChanged', status('in_progress', 'needs_revision')],
    [day('06'), 'ProjectStatusChanged', status('needs_revision', 'in_progress')],
    [day('07'), 'DesignerAssigned', assign('d2', 'Eli')],
    [day('09'), 'ProjectStatusChanged', status('in_progress', 'delivered')],
  ],
  P3: [
    [day('03'), 'ProjectSubmitted', submitted('P3', 'Permit Set', 10, { estimate_basis: 'studio' })],
    [day('03', '10:00'), 'DesignerAssigned', assign('d2', 'Eli')],
    [day('03', '21:00'), 'ProjectStatusChanged', status('queued', 'in_progress')],
    [day('05'), 'ProjectStatusChanged', status('in_progress', 'delivered')],
    [day('10'), 'ProjectStatusChanged', status('delivered', 'needs_revision')],
    [day('11'), 'ProjectStatusChanged', status('needs_revision', 'in_progress')],
    [day('12'), 'ProjectStatusChanged', status('in_progress', 'delivered')],
  ],
  P4: [
    [day('04'), 'ProjectSubmitted', submitted('P4', 'Concept Design', 4)],
    [day('04', '10:00'), 'DueDateChanged', { due_date: '2026-11-10' }],
  ],
  P5: [
    [day('16'), 'ProjectSubmitted', submitted('P5', 'Concept Design', 4)],
    [day('16', '10:00'), 'DesignerAssigned', assign('d1', 'Dana')],
    [day('17'), 'ProjectStatusChanged', status('queued', 'in_progress')],
  ],
};
const timelines = Object.values(histories).map(fold);
const NOVEMBER: InsightsFilter = {
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-30T23:59:59.999Z',
  now: day('20', '12:00'),
};
const report = computeInsights(timelines, NOVEMBER);

describe('insights statistics', () => {
  it('median of odd and even counts, p90 by nearest rank, nothing for no values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90)).toBe(10);
    expect(percentile([7], 90)).toBe(7);
    expect(median([])).toBeNull();
    expect(percentile([], 90)).toBeNull();
  });
  it('business days skip weekends; weeks start on Monday (UTC)', () => {
    expect(businessDaysBetween(day('02'), day('04', '23:00'))).toBe(2); // Mon → Wed
    expect(businessDaysBetween('2026-11-06T17:00:00Z', '2026-11-09T08:00:00Z')).toBe(1); // Fri → Mon
    expect(businessDaysBetween(day('02'), day('16'))).toBe(10);
    expect(businessDaysBetween(day('05'), day('05', '18:00'))).toBe(0);
    expect(weekOf('2026-11-01T23:00:00Z')).toBe('2026-10-26');
    expect(weekOf(day('02'))).toBe('2026-11-02');
  });
});

describe("project timeline (from the events' own instants)", () => {
  it('a reopened project keeps its first delivery, counts the reopening and its revision', () => {
    const p3 = timelines[2]!;
    expect(p3).toMatchObject({
      first_started_at: day('03', '21:00'),
      first_delivered_at: day('05'),
      last_delivered_at: day('12'),
      reopened: 1,
      revisions: 1,
      status: 'delivered',
      estimate_days: 4,
      estimate_basis: 'studio',
    });
    expect(p3.intervals.map((i) => i.status)).toEqual([
      'queued',
      'in_progress',
      'delivered',
      'needs_revision',
      'in_progress',
      'delivered',
    ]);
  });
  it('a reassigned project remembers who held it when', () => {
    expect(timelines[1]!.designers).toEqual([
      { designer: 'd1', name: 'Dana', from: day('02', '10:00'), to: day('07') },
      { designer: 'd2', name: 'Eli', from: day('07'), to: null },
    ]);
  });
  it(
    'applying the same events twice gives the same timeline and the same items (the projector skips repeats by ' +
      'version)',
    () => {
      const once = fold(histories.P2!);
      const again = fold(histories.P2!);
      expect(again).toEqual(once);
      // The timeline is the state, on the checkpoint: the projection adds only its index keys there.
      expect(insightsProjection.items(once, 'project-P2')).toEqual([]);
      const onCheckpoint = insightsProjection.onCheckpoint!;
      expect(onCheckpoint(again)).toEqual(onCheckpoint(once));
      expect(onCheckpoint(once)).toMatchObject({
        gsi1pk: 'insights#delivered#2026-11',
        gsi2pk: 'insights#similar#Design#Concept Design',
      });
      expect(onCheckpoint(fold(histories.P4!))).toMatchObject({ gsi1pk: 'insights#open' });
      expect(onCheckpoint(fold(histories.P4!)).gsi2pk).toBeUndefined();
      expect(onCheckpoint(initialTimeline())).toEqual({});
    },
  );
});

describe('insights figures on hand-made histories', () => {
  it(
    'turnaround: submitted → first In Progress → first Delivered, median and p90, by type and by designer at ' +
      'delivery',
    () => {
      expect(report.delivered_in_range).toBe(3);
      expect(report.turnaround.overall).toEqual({
        wait: { count: 3, median: 1, p90: 2 },
        work: { count: 3, median: 2, p90: 5 },
        total: { count: 3, median: 3, p90: 7 },
      });
      expect(report.turnaround.by_type.map((row) => [row.type, row.total])).toEqual([
        ['Concept Design', { count: 2, median: 5, p90: 7 }],
        ['Permit Set', { count: 1, median: 2, p90: 2 }],
      ]);
      expect(
        report.turnaround.by_designer.map((row) => [row.designer, row.name, row.total.count, row.total.median]),
      ).toEqual([
        ['d1', 'Dana', 1, 3],
        ['d2', 'Eli', 2, 4.5],
      ]);
    },
  );

  it("estimates: actual business days against N..N+2, by whether the studio's figures were used", () => {
    expect(
      report.estimates.projects.map((row) => [row.project_id, row.estimated_days, row.actual_days, row.within_range]),
    ).toEqual([
      ['P1', 3, 3, true],
      ['P3', 4, 2, false],
      ['P2', 2, 5, false],
    ]);
    const [all, generic, studio] = report.estimates.accuracy;
    expect(all).toMatchObject({ basis: 'all', projects: 3, within_range: 1, within_share: 0.33, late: 1, early: 1 });
    expect(generic).toMatchObject({
      basis: 'generic',
      projects: 2,
      within_share: 0.5,
      median_error_days: 1.5,
      mean_abs_error_days: 1.5,
    });
    expect(studio).toMatchObject({ basis: 'studio', projects: 1, within_share: 0, early: 1, median_error_days: -2 });
  });

  it(
    "flow: submitted, started and delivered per week; work in progress at each week's end; oldest queued; time in " +
      'status',
    () => {
      const weeks = Object.fromEntries(report.flow.weeks.map((w) => [w.week, [w.submitted, w.started, w.delivered]]));
      expect(weeks).toEqual({
        '2026-10-26': [0, 0, 0],
        '2026-11-02': [4, 3, 2],
        '2026-11-09': [0, 0, 1],
        '2026-11-16': [1, 1, 0],
        '2026-11-23': [0, 0, 0],
        '2026-11-30': [0, 0, 0],
      });
      const wip = Object.fromEntries(report.flow.wip.map((w) => [w.week, [w.queued, w.in_progress, w.needs_revision]]));
      expect(wip).toEqual({
        '2026-10-26': [0, 0, 0],
        '2026-11-02': [1, 1, 0],
        '2026-11-09': [1, 0, 0],
        '2026-11-16': [1, 1, 0],
      });
      expect(report.flow.oldest_queued).toEqual({
        project_id: 'P4',
        title: 'Project P4',
        since: day('04'),
        days: 16.13,
      });
      expect(report.flow.time_in_status).toEqual([
        { status: 'queued', projects: 3, median_days: 1, mean_days: 1.17 },
        { status: 'in_progress', projects: 3, median_days: 2.5, mean_days: 2.83 },
        { status: 'needs_revision', projects: 2, median_days: 1, mean_days: 0.67 },
      ]);
    },
  );

  it('quality: revision rate and counts, reopenings, comments per project, share rejected in moderation', () => {
    expect(report.quality).toEqual({
      projects: 3,
      with_revisions: 2,
      revision_rate: 0.67,
      revisions: 2,
      revisions_per_project: 0.67,
      revision_counts: [
        { revisions: '0', projects: 1 },
        { revisions: '1', projects: 2 },
        { revisions: '2', projects: 0 },
        { revisions: '3+', projects: 0 },
      ],
      reopened: 1,
      comments_posted: 3,
      comments_per_project: 1,
      comments_rejected: 1,
      rejected_share: 0.33,
    });
  });

  it('workload: active projects per designer now (unassigned too); deliveries per designer per week', () => {
    expect(report.workload.active_now).toEqual([
      { designer: 'd1', name: 'Dana', queued: 0, in_progress: 1, needs_revision: 0, total: 1 },
      { designer: 'unassigned', name: 'Unassigned', queued: 1, in_progress: 0, needs_revision: 0, total: 1 },
    ]);
    expect(report.workload.delivered_weekly).toEqual([
      { week: '2026-11-02', designer: 'd1', name: 'Dana', delivered: 1 },
      { week: '2026-11-02', designer: 'd2', name: 'Eli', delivered: 1 },
      { week: '2026-11-09', designer: 'd2', name: 'Eli', delivered: 1 },
    ]);
  });

  it('on time: delivered by the due date; overdue now (never delivered)', () => {
    expect(report.on_time).toEqual({
      delivered_with_due_date: 2,
      delivered_on_time: 1,
      on_time_share: 0.5,
      overdue_now: [
        { project_id: 'P4', title: 'Project P4', due_date: '2026-11-10', days_overdue: 10, designer: null },
      ],
    });
  });

  it(
    'filters: by designer answerable at delivery (a reassigned project counts for who delivered it), by category, ' +
      'by type',
    () => {
      const eli = computeInsights(timelines, { ...NOVEMBER, designer: 'd2' });
      expect(eli.projects_in_scope).toBe(2);
      expect(eli.turnaround.overall.total).toEqual({ count: 2, median: 4.5, p90: 7 });
      const permit = computeInsights(timelines, { ...NOVEMBER, category: 'Permit' });
      expect(permit.delivered_in_range).toBe(1);
      expect(permit.quality.reopened).toBe(1);
      const concept = computeInsights(timelines, { ...NOVEMBER, type: 'Concept Design' });
      expect(concept.projects_in_scope).toBe(4);
      expect(concept.on_time.overdue_now).toHaveLength(1);
    },
  );

  it('a range before any delivery counts no turnaround and gives nulls, not NaN', () => {
    const october = computeInsights(timelines, {
      from: '2026-10-01T00:00:00.000Z',
      to: '2026-10-31T23:59:59.999Z',
      now: day('20', '12:00'),
    });
    expect(october.turnaround.overall.total).toEqual({ count: 0, median: null, p90: null });
    expect(october.quality.revision_rate).toBeNull();
    expect(october.on_time.on_time_share).toBeNull();
    expect(JSON.stringify(october)).not.toContain('NaN');
  });

  it('studio turnaround for the checklist step: median actual business days of similar deliveries', () => {
    expect(studioTurnaround([timelines[0]!, timelines[1]!])).toEqual({
      deliveries: 2,
      median_actual_days: 4,
      median_estimated_days: 2.5,
    });
    expect(studioTurnaround([timelines[3]!])).toBeNull();
  });
});

describe('a project whose status flips thousands of times', () => {
  it('keeps a bounded timeline (DynamoDB items stop at 400 KB) and still counts every day in each status', () => {
    const steps: Step[] = [['2026-01-01T00:00:00.000Z', 'ProjectSubmitted', submitted('PX', 'Concept Design', 5)]];
    let current = 'queued';
    for (let i = 1; i <= 5000; i += 1) {
      const to = current === 'in_progress' ? 'needs_revision' : 'in_progress';
      steps.push([
        new Date(Date.parse('2026-01-01T00:00:00.000Z') + i * 3_600_000).toISOString(),
        'ProjectStatusChanged',
        status(current, to),
      ]);
      steps.push([
        new Date(Date.parse('2026-01-01T00:00:00.000Z') + i * 3_600_000 + 1).toISOString(),
        'DesignerAssigned',
        assign(`d${i}`, `D${i}`),
      ]);
      current = to;
    }
    steps.push(['2026-08-01T00:00:00.000Z', 'ProjectStatusChanged', status(current, 'delivered')]);
    const timeline = fold(steps);
    expect(JSON.stringify(insightsProjection.items(timeline, 'project-PX')).length).toBeLessThan(40_000);
    expect(timeline.revisions).toBe(2500);
    const report = computeInsights([timeline], {
      from: '2026-07-01T00:00:00.000Z',
      to: '2026-08-31T23:59:59.999Z',
      now: '2026-09-01T00:00:00.000Z',
    });
    const spent = Object.fromEntries(report.flow.time_in_status.map((row) => [row.status, row.mean_days]));
    const total = (Date.parse('2026-08-01T00:00:00.000Z') - Date.parse('2026-01-01T00:00:00.000Z')) / 86_400_000;
    expect(spent.queued! + spent.in_progress! + spent.needs_revision!).toBeCloseTo(total, 1);
  });
});
