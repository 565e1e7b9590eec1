import type { ProjectStatus } from './contracts.js';

/** The four project statuses in board order, with the labels clients and admins see. */
export const PROJECT_STATUSES: readonly { value: ProjectStatus; label: string }[] = [
  { value: 'queued', label: 'Queued' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'needs_revision', label: 'Needs Revision' },
  { value: 'delivered', label: 'Delivered' },
];

export function statusLabel(status: string): string {
  return PROJECT_STATUSES.find((s) => s.value === status)?.label ?? status.replace(/_/g, ' ');
}

/** Projects per status, every status present (0 when none). */
export function groupByStatus<T extends { status: string }>(projects: readonly T[]): Record<ProjectStatus, T[]> {
  const groups: Record<ProjectStatus, T[]> = { queued: [], in_progress: [], needs_revision: [], delivered: [] };
  for (const project of projects) {
    if (project.status in groups) groups[project.status as ProjectStatus].push(project);
  }
  return groups;
}

/** Shown wherever a turnaround estimate is (spec/2 §1). */
export const TURNAROUND_DISCLAIMER =
  'Turnaround estimates are AI-generated and may vary. Pro plan projects are prioritized but not guaranteed within specific timeframes.';
