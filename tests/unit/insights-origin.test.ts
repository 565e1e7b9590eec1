import { describe, expect, it } from 'vitest';
import { computeInsights, estimateRowOf, studioTurnaround } from '../../functions/features/insights/report.js';
import { evolveTimeline, initialTimeline, type ProjectTimeline } from '../../functions/features/insights/timeline.js';

/** Issue 34, attack 12: only checklists the estimator made, as it made them, measure the estimator. */
function delivered(id: string, data: Record<string, unknown>): ProjectTimeline {
  const events = [
    {
      type: 'ProjectSubmitted',
      at: '2026-11-02T09:00:00.000Z',
      data: {
        project_id: id,
        title: id,
        project_category: 'Design',
        project_type: 'Concept Design',
        total_estimated_hours: 10,
        estimated_turnaround_days: 4,
        ...data,
      },
    },
    { type: 'ProjectStatusChanged', at: '2026-11-03T09:00:00.000Z', data: { to: 'in_progress' } },
    { type: 'ProjectStatusChanged', at: '2026-11-06T09:00:00.000Z', data: { to: 'delivered' } },
  ];
  return events.reduce(evolveTimeline, initialTimeline());
}

describe('estimate figures by checklist origin', () => {
  const generated = delivered('generated', { checklist_origin: 'generated' });
  const edited = delivered('edited', {
    checklist_origin: 'edited',
    estimated_turnaround_days: 400,
  });
  const manual = delivered('manual', {
    checklist_origin: 'manual',
    estimated_turnaround_days: 400,
  });

  // Events from before receipts reach the timeline upcast to 'generated' (functions/features/projects/events.test.ts).
  it('an edited or hand-made checklist has no estimate row; a generated one has', () => {
    expect(estimateRowOf(generated)).toMatchObject({ project_id: 'generated', estimated_days: 4 });
    expect(estimateRowOf(edited)).toBeNull();
    expect(estimateRowOf(manual)).toBeNull();
  });

  it('the report counts them apart, and the estimator does not learn from them', () => {
    const report = computeInsights([generated, edited, manual], {
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-30T23:59:59.999Z',
      now: '2026-11-30T23:59:59.999Z',
    });
    expect(report.delivered_in_range).toBe(3);
    expect(report.estimates.projects.map((row) => row.project_id)).toEqual(['generated']);
    expect(report.estimates.accuracy[0]).toMatchObject({ basis: 'all', projects: 1 });
    expect(report.estimates.excluded).toEqual({ edited: 1, manual: 1 });
    expect(studioTurnaround([generated, edited, manual])).toMatchObject({ deliveries: 1, median_estimated_days: 4 });
  });
});
