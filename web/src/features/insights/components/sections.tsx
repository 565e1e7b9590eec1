import { Heading } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { BarsChart, LinesChart } from './charts.js';
import { Figure } from './Figure.js';
import type { Column } from './FigureTable.js';
import { BASIS_LABEL, STATUS_LABEL, count, dayLabel, days, percent, weekLabel } from './format.js';
import type { InsightsReport, TurnaroundRow } from '#features/insights/contracts.js';

type Report = { report: InsightsReport };

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `insights-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="insights-section" aria-labelledby={id}>
      <Heading level={3} id={id}>
        {title}
      </Heading>
      <div className="insights-section__figures">{children}</div>
    </section>
  );
}

const num = (value: number | null | undefined) => value ?? null;
const turnaroundColumns = <R extends TurnaroundRow>(first: Column<R>): Column<R>[] => [
  first,
  { label: 'Delivered', value: (r) => r.total.count },
  {
    label: 'Median days (submitted to delivered)',
    value: (r) => num(r.total.median),
    show: (r) => days(r.total.median),
  },
  { label: 'P90 days (submitted to delivered)', value: (r) => num(r.total.p90), show: (r) => days(r.total.p90) },
  { label: 'Median days waiting', value: (r) => num(r.wait.median), show: (r) => days(r.wait.median) },
  { label: 'Median days in work', value: (r) => num(r.work.median), show: (r) => days(r.work.median) },
];

function slowest<R extends TurnaroundRow>(rows: R[], name: (row: R) => string): string {
  const ranked = rows.filter((r) => r.total.median !== null).sort((a, b) => b.total.median! - a.total.median!);
  if (ranked.length < 2) return '';
  return (
    ` Slowest: ${name(ranked[0]!)} (${days(ranked[0]!.total.median)}); fastest: ${name(ranked.at(-1)!)} ` +
    `(${days(ranked.at(-1)!.total.median)}).`
  );
}

export function TurnaroundSection({ report }: Report) {
  const { overall, by_type, by_designer } = report.turnaround;
  const chartRows = (rows: (TurnaroundRow & { label: string })[]) =>
    rows.map((r) => ({ label: r.label, median: r.total.median, p90: r.total.p90 }));
  const series = [
    { key: 'median', name: 'Median days' },
    { key: 'p90', name: '90th percentile days' },
  ];
  return (
    <Section title="Turnaround">
      <Figure
        title="Turnaround by project type"
        summary={
          overall.total.count === 0
            ? 'No project was delivered in this range.'
            : `${overall.total.count} projects delivered: a median of ${days(overall.total.median)} from submission ` +
              `to delivery (${days(overall.wait.median)} waiting, ${days(overall.work.median)} in work), ` +
              `90% within ${days(overall.total.p90)}.${slowest(by_type, (r) => r.type)}`
        }
        chart={
          by_type.length ? (
            <BarsChart
              data={chartRows(by_type.map((r) => ({ ...r, label: r.type })))}
              x="label"
              series={series}
              unit=" d"
            />
          ) : undefined
        }
        columns={turnaroundColumns<(typeof by_type)[number]>({ label: 'Project type', value: (r) => r.type })}
        rows={by_type}
        file="turnaround-by-type"
      />
      <Figure
        title="Turnaround by designer"
        summary={
          by_designer.length === 0
            ? 'No project was delivered in this range.'
            : `Who delivered, and how long their projects took from submission.${slowest(by_designer, (r) => r.name)}`
        }
        chart={
          by_designer.length ? (
            <BarsChart
              data={chartRows(by_designer.map((r) => ({ ...r, label: r.name })))}
              x="label"
              series={series}
              unit=" d"
            />
          ) : undefined
        }
        columns={turnaroundColumns<(typeof by_designer)[number]>({ label: 'Designer', value: (r) => r.name })}
        rows={by_designer}
        file="turnaround-by-designer"
      />
    </Section>
  );
}

export function EstimateSection({ report }: Report) {
  const { accuracy, projects } = report.estimates;
  const [all, generic, studio] = [
    accuracy.find((a) => a.basis === 'all'),
    accuracy.find((a) => a.basis === 'generic'),
    accuracy.find((a) => a.basis === 'studio'),
  ];
  const summary =
    !all || all.projects === 0
      ? 'No delivered project in this range had an estimate to check.'
      : `${percent(all.within_share)} of ${all.projects} delivered projects arrived within their estimated range (N ` +
        `to N+2 business days): ${percent(generic?.within_share)} of ${generic?.projects ?? 0} estimated without ` +
        `the studio's own figures, ${percent(studio?.within_share)} of ${studio?.projects ?? 0} with them.`;
  return (
    <Section title="Estimates">
      <Figure
        title="Estimate accuracy, before and after studio figures"
        summary={summary}
        chart={
          all && all.projects > 0 ? (
            <BarsChart
              data={accuracy.map((a) => ({
                label: BASIS_LABEL[a.basis] ?? a.basis,
                within: a.within_range,
                early: a.early,
                late: a.late,
              }))}
              x="label"
              series={[
                { key: 'within', name: 'Within range' },
                { key: 'early', name: 'Early' },
                { key: 'late', name: 'Late' },
              ]}
              stacked
            />
          ) : undefined
        }
        columns={[
          { label: 'Estimates', value: (a) => BASIS_LABEL[a.basis] ?? a.basis },
          { label: 'Projects', value: (a) => a.projects },
          { label: 'Within range', value: (a) => a.within_range },
          { label: 'Share within range', value: (a) => num(a.within_share), show: (a) => percent(a.within_share) },
          { label: 'Early', value: (a) => a.early },
          { label: 'Late', value: (a) => a.late },
          {
            label: 'Median error (business days)',
            value: (a) => num(a.median_error_days),
            show: (a) => count(a.median_error_days),
          },
          {
            label: 'Mean absolute error (business days)',
            value: (a) => num(a.mean_abs_error_days),
            show: (a) => count(a.mean_abs_error_days),
          },
        ]}
        rows={accuracy}
        file="estimate-accuracy"
      />
      <Figure
        title="Estimated and actual days per project"
        summary={
          'Each project delivered in the range: its estimate (N, shown to the client as N to N+2 business days) ' +
          'and the business days it actually took.'
        }
        columns={[
          { label: 'Project', value: (r) => r.title },
          { label: 'Estimates', value: (r) => BASIS_LABEL[r.basis] ?? r.basis },
          { label: 'Estimated business days', value: (r) => r.estimated_days },
          { label: 'Actual business days', value: (r) => r.actual_days },
          { label: 'Within range', value: (r) => (r.within_range ? 'yes' : 'no') },
        ]}
        rows={projects}
        file="estimates-per-project"
      />
    </Section>
  );
}

export function FlowSection({ report }: Report) {
  const { weeks, wip, oldest_queued, time_in_status } = report.flow;
  const total = (key: 'submitted' | 'started' | 'delivered') => weeks.reduce((sum, w) => sum + w[key], 0);
  const last = wip.at(-1);
  const oldestQueuedText = oldest_queued
    ? ` The oldest queued project, ${oldest_queued.title}, has waited ${days(oldest_queued.days)}.`
    : ' Nothing is queued.';
  return (
    <Section title="Flow">
      <Figure
        title="Submitted, started and delivered per week"
        summary={
          `${total('submitted')} projects submitted, ${total('started')} started and ` +
          `${total('delivered')} delivered over ${weeks.length} weeks.`
        }
        chart={
          <BarsChart
            data={weeks}
            x="week"
            label={weekLabel}
            series={[
              { key: 'submitted', name: 'Submitted' },
              { key: 'started', name: 'Started' },
              { key: 'delivered', name: 'Delivered' },
            ]}
          />
        }
        columns={[
          { label: 'Week of', value: (w) => w.week, show: (w) => dayLabel(w.week) },
          { label: 'Submitted', value: (w) => w.submitted },
          { label: 'Started', value: (w) => w.started },
          { label: 'Delivered', value: (w) => w.delivered },
        ]}
        rows={weeks}
        file="flow-per-week"
      />
      <Figure
        title="Work in progress by status"
        summary={
          last
            ? `At the end of the range: ${last.queued} queued, ${last.in_progress} in progress, ` +
              `${last.needs_revision} needing revision.${oldestQueuedText}`
            : 'No week of this range has begun yet.'
        }
        chart={
          <LinesChart
            data={wip}
            x="week"
            label={weekLabel}
            series={[
              { key: 'queued', name: STATUS_LABEL.queued! },
              { key: 'in_progress', name: STATUS_LABEL.in_progress! },
              { key: 'needs_revision', name: STATUS_LABEL.needs_revision! },
            ]}
          />
        }
        columns={[
          { label: 'Week of', value: (w) => w.week, show: (w) => dayLabel(w.week) },
          { label: 'Counted at', value: (w) => w.at, show: (w) => dayLabel(w.at) },
          { label: 'Queued', value: (w) => w.queued },
          { label: 'In Progress', value: (w) => w.in_progress },
          { label: 'Needs Revision', value: (w) => w.needs_revision },
        ]}
        rows={wip}
        file="work-in-progress"
      />
      <Figure
        title="Time spent in each status"
        summary={
          `Projects delivered in the range spent a median of ${days(time_in_status[0]?.median_days)} queued and ` +
          `${days(time_in_status[1]?.median_days)} in progress; ` +
          `${time_in_status[2]?.projects ?? 0} of them went through Needs Revision.`
        }
        columns={[
          { label: 'Status', value: (r) => STATUS_LABEL[r.status] ?? r.status },
          { label: 'Projects that were in it', value: (r) => r.projects },
          { label: 'Median days (those projects)', value: (r) => num(r.median_days), show: (r) => days(r.median_days) },
          {
            label: 'Mean days (every delivered project)',
            value: (r) => num(r.mean_days),
            show: (r) => days(r.mean_days),
          },
        ]}
        rows={time_in_status}
        file="time-in-status"
      />
    </Section>
  );
}

export function QualitySection({ report }: Report) {
  const q = report.quality;
  return (
    <Section title="Quality">
      <Figure
        title="Revisions per delivered project"
        summary={
          q.projects === 0
            ? 'No project was delivered in this range.'
            : `${percent(q.revision_rate)} of ${q.projects} delivered projects went to Needs Revision ` +
              `(${q.revisions} ${q.revisions === 1 ? 'time' : 'times'} in all, ` +
              `${count(q.revisions_per_project)} per project); ${q.reopened} were reopened after delivery.`
        }
        chart={
          q.projects ? (
            <BarsChart
              data={q.revision_counts}
              x="revisions"
              series={[{ key: 'projects', name: 'Projects' }]}
              label={(value) => `${value} revisions`}
            />
          ) : undefined
        }
        columns={[
          { label: 'Revisions', value: (r) => r.revisions },
          { label: 'Projects', value: (r) => r.projects },
        ]}
        rows={q.revision_counts}
        file="revisions"
      />
      <Figure
        title="Comments and moderation"
        summary={
          `${count(q.comments_per_project)} comments per delivered project; ` +
          `${percent(q.rejected_share)} of comments were rejected in moderation.`
        }
        columns={[
          { label: 'Delivered projects', value: (r) => r.projects },
          { label: 'Comments posted', value: (r) => r.comments_posted },
          { label: 'Comments per project', value: (r) => num(r.comments_per_project) },
          { label: 'Comments rejected', value: (r) => r.comments_rejected },
          { label: 'Share rejected', value: (r) => num(r.rejected_share), show: (r) => percent(r.rejected_share) },
        ]}
        rows={[q]}
        file="comments"
      />
    </Section>
  );
}

export function WorkloadSection({ report }: Report) {
  const { active_now, delivered_weekly } = report.workload;
  const busiest = active_now[0];
  const openProjects = active_now.reduce((s, r) => s + r.total, 0);
  const deliveries = delivered_weekly.reduce((s, r) => s + r.delivered, 0);
  const deliveringDesigners = new Set(delivered_weekly.map((r) => r.designer)).size;
  return (
    <Section title="Workload">
      <Figure
        title="Open projects per designer now"
        summary={
          busiest
            ? `${openProjects} open projects; ${busiest.name} holds the most (${busiest.total}).`
            : 'No project is open.'
        }
        chart={
          active_now.length ? (
            <BarsChart
              data={active_now}
              x="name"
              stacked
              series={[
                { key: 'queued', name: STATUS_LABEL.queued! },
                { key: 'in_progress', name: STATUS_LABEL.in_progress! },
                { key: 'needs_revision', name: STATUS_LABEL.needs_revision! },
              ]}
            />
          ) : undefined
        }
        columns={[
          { label: 'Designer', value: (r) => r.name },
          { label: 'Queued', value: (r) => r.queued },
          { label: 'In Progress', value: (r) => r.in_progress },
          { label: 'Needs Revision', value: (r) => r.needs_revision },
          { label: 'Open', value: (r) => r.total },
        ]}
        rows={active_now}
        file="open-per-designer"
      />
      <Figure
        title="Delivered per designer per week"
        summary={`${deliveries} deliveries by ${deliveringDesigners} designers (or unassigned) in the range.`}
        columns={[
          { label: 'Week of', value: (r) => r.week, show: (r) => dayLabel(r.week) },
          { label: 'Designer', value: (r) => r.name },
          { label: 'Delivered', value: (r) => r.delivered },
        ]}
        rows={delivered_weekly}
        file="delivered-per-designer-week"
      />
    </Section>
  );
}

export function OnTimeSection({ report }: Report) {
  const o = report.on_time;
  const deliveredByDueDate = o.delivered_with_due_date
    ? `${percent(o.on_time_share)} of ${o.delivered_with_due_date} projects delivered in the range with a due date ` +
      'were delivered by it'
    : 'No project delivered in the range had a due date';
  return (
    <Section title="On time">
      <Figure
        title="Overdue now"
        summary={`${deliveredByDueDate}; ${o.overdue_now.length} open projects are past their due date now.`}
        columns={[
          { label: 'Project', value: (r) => r.title },
          { label: 'Due date', value: (r) => r.due_date, show: (r) => dayLabel(r.due_date) },
          { label: 'Days overdue', value: (r) => r.days_overdue },
          { label: 'Designer', value: (r) => r.designer ?? 'Unassigned' },
        ]}
        rows={o.overdue_now}
        file="overdue-now"
      />
    </Section>
  );
}
