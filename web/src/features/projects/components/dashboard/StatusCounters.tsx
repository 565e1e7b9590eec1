import type { ProjectCard } from '#web/lib/contracts.js';
import { PROJECT_STATUSES } from '#web/lib/vocabulary.js';
import { countByStatus } from '#web/lib/project-words.js';

/** The four status counters: Queued, In Progress, Needs Revision, Delivered. */
export function StatusCounters({
  projects,
  counts: given,
  labels,
}: {
  projects: readonly Pick<ProjectCard, 'status'>[];
  /** The whole list's counts (the server's), when the list is longer than the page loaded. */
  counts?: Record<string, number> | null;
  labels?: Partial<Record<string, string>>;
}) {
  const counts = { ...countByStatus(projects), ...(given ?? {}) } as Record<string, number>;
  return (
    <fieldset className="stat-grid" aria-label="Projects by status">
      {PROJECT_STATUSES.map(({ value, label }) => (
        <fieldset key={value} className="stat" data-status={value} aria-label={labels?.[value] ?? label}>
          <span className="stat__label">{labels?.[value] ?? label}</span>
          <span className="stat__value">{counts[value]}</span>
        </fieldset>
      ))}
    </fieldset>
  );
}
