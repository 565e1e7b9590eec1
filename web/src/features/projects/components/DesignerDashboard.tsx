import { Badge, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ProjectsLoadError } from './ProjectsLoadError.js';
import { WaitingOnYou } from './WaitingOnYou.js';
import { designerWaiting } from './waiting.js';
import { useState } from 'react';
import type { ProjectCard } from '../../../lib/contracts.js';
import { statusLabel } from '../../../lib/vocabulary.js';
import { calendarDate, countByStatus, dueFlag } from '../../../lib/project-words.js';
import { DesignerProjectDialog } from './DesignerProjectDialog.js';
import { useProjects } from '../api/useProjects.js';
import { useProjectParam } from '../api/use-project-param.js';
import './project.css';
import { LoadMore } from '../../../ui/LoadMore.js';
import { CardsSkeleton, Skeleton, SkeletonBlock, StatsSkeleton } from '../../../ui/Skeleton.js';
import { CityReviewBadge } from '../../permits/index.js';

const PRIORITY_VARIATION = { Urgent: 'error', Normal: 'info', Low: undefined } as const;

/**
 * The designer dashboard's content (docs/product.md#screens), below the access check of /designer: greeting, the
 * four counts, 'My Assigned Projects' (assigned by id or by e-mail) and the project dialog.
 */
export function DesignerDashboard({ name }: { name: string | null | undefined }) {
  const { projects, failed, retrying, reload, counts: whole, hasMore, loadingMore, loadMore } = useProjects();
  const [open, setOpen] = useState<ProjectCard | null>(null);
  // A notification's link (`?project=<id>`) opens that project's dialog.
  useProjectParam(projects, setOpen);
  // The server's counts when the list is longer than a page; else this page is the whole list.
  const counts = { ...countByStatus(projects ?? []), ...(whole ?? {}) } as Record<string, number>;
  const stats = [
    {
      label: 'Total Assigned',
      value: whole ? Object.values(whole).reduce((sum, n) => sum + n, 0) : (projects?.length ?? 0),
    },
    { label: 'In Progress', value: counts.in_progress },
    { label: 'Needs Review', value: counts.needs_revision },
    { label: 'Delivered', value: counts.delivered },
  ];

  return (
    <Flex direction="column" gap="large">
      <WaitingOnYou items={projects ? designerWaiting(projects) : null} />
      <Heading level={1} fontSize="xxl">
        Welcome back, {name || 'Designer'}
      </Heading>

      {projects === null && !failed ? (
        <StatsSkeleton label="Loading the counts" />
      ) : (
        <fieldset className="stat-grid" aria-label="Assigned projects by status">
          {stats.map((stat) => (
            <fieldset key={stat.label} className="stat" aria-label={stat.label}>
              <span className="stat__label">{stat.label}</span>
              <span className="stat__value">{stat.value}</span>
            </fieldset>
          ))}
        </fieldset>
      )}

      <section aria-labelledby="assigned-heading">
        <Heading level={2} fontSize="large" id="assigned-heading" marginBottom="small">
          My Assigned Projects
        </Heading>
        {failed ? (
          <ProjectsLoadError retrying={retrying} onRetry={reload} />
        ) : projects === null ? (
          <CardsSkeleton label="Loading projects" count={3} lines={3} />
        ) : projects.length === 0 ? (
          <Card variation="outlined" padding="xl">
            <Flex direction="column" alignItems="center" gap="xs" textAlign="center">
              <Heading level={3} fontSize="medium">
                No Projects Assigned
              </Heading>
              <Text color="font.secondary">You don't have any projects assigned yet. Check back later!</Text>
            </Flex>
          </Card>
        ) : (
          <div className="designer-grid">
            {projects.map((project) => (
              <DesignerProjectCard key={project.id} project={project} onOpen={setOpen} />
            ))}
          </div>
        )}
        <LoadMore shown={hasMore} loading={loadingMore} onLoad={loadMore} marginTop="small" />
      </section>

      <DesignerProjectDialog project={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}

/** The dashboard's shape before the designer's access is confirmed: heading, counts and cards. */
export function DesignerDashboardSkeleton() {
  return (
    <Flex direction="column" gap="large">
      <Skeleton label="Loading the designer dashboard">
        <SkeletonBlock width="min(24rem, 80%)" height="2.25rem" />
      </Skeleton>
      <StatsSkeleton label="Loading the counts" />
      <CardsSkeleton label="Loading projects" count={3} lines={3} />
    </Flex>
  );
}

export function DesignerProjectCard({ project, onOpen }: { project: ProjectCard; onOpen(project: ProjectCard): void }) {
  const flag = dueFlag(project.due_date);
  const priority = project.priority ?? 'Normal';
  return (
    <Card as="article" variation="outlined" className="project-card" data-project-id={project.id}>
      <Flex justifyContent="space-between" alignItems="flex-start" gap="xs">
        <h3 className="project-card__title">
          <button type="button" className="project-card__open" aria-haspopup="dialog" onClick={() => onOpen(project)}>
            {project.title}
          </button>
        </h3>
        <Badge size="small" variation={PRIORITY_VARIATION[priority]}>
          {priority}
        </Badge>
      </Flex>
      <Flex alignItems="center" gap="xs">
        <span className="status-dot" data-status={project.status} aria-hidden="true" />
        <Text as="span" fontSize="small">
          {statusLabel(project.status, 'designer')}
        </Text>
      </Flex>
      <CityReviewBadge project={project} />
      <Text className="project-card__meta">
        Client: {project.client?.full_name || project.client?.email || 'Unknown'}
      </Text>
      {project.client?.company ? <Text className="project-card__meta">{project.client.company}</Text> : null}
      <Text className="project-card__meta">
        Due:{' '}
        <span className={flag ? `due--${flag}` : undefined}>
          {project.due_date ? calendarDate(project.due_date) : 'No due date'}
          {flag === 'overdue' ? ' (Overdue)' : flag === 'due-soon' ? ' (Due Soon)' : ''}
        </span>
      </Text>
    </Card>
  );
}
