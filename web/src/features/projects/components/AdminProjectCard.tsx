import { Badge, type BadgeProps, Card, CheckboxField, Flex, Text } from '@aws-amplify/ui-react';
import type { ProjectCard } from '../../../lib/contracts.js';
import { formatDate, isOverdue } from '../../../lib/dates.js';
import { CityReviewBadge } from '../../permits/index.js';

const PRIORITY_VARIATION: Record<string, BadgeProps['variation']> = { Urgent: 'error', Normal: 'info', Low: undefined };

/** The designer's name (or e-mail, for one who has not registered yet), or null when unassigned. */
export function designerLabel(
  project: Pick<ProjectCard, 'assigned_designer_name' | 'assigned_designer_email' | 'assigned_designer_id'>,
): string | null {
  return (
    project.assigned_designer_name ||
    project.assigned_designer_email ||
    (project.assigned_designer_id ? 'Designer' : null)
  );
}

export function PriorityBadge({ priority }: { priority: string | null | undefined }) {
  const value = priority || 'Normal';
  return (
    <Badge size="small" variation={PRIORITY_VARIATION[value]} data-priority={value}>
      {value}
    </Badge>
  );
}

/**
 * A card of the admin board (docs/product.md#screens Projects tab): checkbox, title (opens the detail dialog; the
 * whole card is its click target), priority, category, designer, due date, client and company.
 */
export function AdminProjectCard({
  project,
  selected,
  onSelect,
  onOpen,
}: {
  project: ProjectCard;
  selected: boolean;
  onSelect(selected: boolean): void;
  onOpen(project: ProjectCard): void;
}) {
  const designer = designerLabel(project);
  const overdue = isOverdue(project.due_date);
  return (
    <Card
      as="article"
      variation="outlined"
      className="project-card admin-card"
      data-project-id={project.id}
      aria-label={project.title}
    >
      <Flex justifyContent="space-between" alignItems="flex-start" gap="xs">
        <Flex alignItems="flex-start" gap="xs">
          <CheckboxField
            className="admin-card__select"
            label={`Select ${project.title}`}
            labelHidden
            name="selected_projects"
            value={project.id}
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
          />
          <h3 className="project-card__title">
            <button type="button" className="project-card__open" aria-haspopup="dialog" onClick={() => onOpen(project)}>
              {project.title}
            </button>
          </h3>
        </Flex>
        <PriorityBadge priority={project.priority} />
      </Flex>
      <Flex gap="xxs" wrap="wrap">
        <Badge size="small">{project.project_category ?? 'Design'}</Badge>
        <CityReviewBadge project={project} />
      </Flex>
      <Text className="project-card__meta">{designer ? `Designer: ${designer}` : 'Unassigned'}</Text>
      {project.due_date ? (
        <Text className={`project-card__meta${overdue ? ' admin-card__overdue' : ''}`}>
          Due: {formatDate(project.due_date)}
          {overdue ? ' (Overdue)' : ''}
        </Text>
      ) : null}
      <Text className="project-card__meta">
        Client: {project.client?.full_name || project.client?.email || 'Unknown'}
      </Text>
      {project.client?.company ? <Text className="project-card__meta">{project.client.company}</Text> : null}
    </Card>
  );
}
