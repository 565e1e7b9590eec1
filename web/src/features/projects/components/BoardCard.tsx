import { Badge, Card, Flex, Text } from '@aws-amplify/ui-react';
import type { ProjectCard } from '../../../lib/contracts.js';
import { propertyTypeLabel, shortDate, turnaroundRange, turnaroundTone } from '../../../lib/format.js';
import { reviewSummaryOf } from '../../reviews/index.js';
import { CityReviewBadge } from '../../permits/index.js';

const PREVIEWED_DELIVERABLES = 2;

/** A project on the board; the title button opens its details (the whole card is its click target). */
export function BoardCard({ project, onOpen }: { project: ProjectCard; onOpen(project: ProjectCard): void }) {
  const shown = project.deliverables.slice(0, PREVIEWED_DELIVERABLES);
  const more = project.deliverables.length - shown.length;
  const tone = turnaroundTone(project.estimated_turnaround_days);
  const review = reviewSummaryOf(project);

  return (
    <Card as="article" variation="outlined" className="project-card" data-project-id={project.id}>
      <Flex justifyContent="space-between" alignItems="flex-start" gap="xs">
        <h3 className="project-card__title">
          <button type="button" className="project-card__open" aria-haspopup="dialog" onClick={() => onOpen(project)}>
            {project.title}
          </button>
        </h3>
        <Flex gap="xxs" shrink={0}>
          <Badge size="small" variation="info">
            {project.project_category ?? 'Design'}
          </Badge>
          {project.grok_generated ? (
            <Badge size="small" title="AI-generated checklist">
              AI
            </Badge>
          ) : null}
        </Flex>
      </Flex>
      <Text className="project-card__meta">{propertyTypeLabel(project.property_type)}</Text>
      {review?.approved_by_client ? (
        <Badge size="small" variation="success" className="project-card__review">
          Approved by client
        </Badge>
      ) : review?.ready_for_review ? (
        <Badge size="small" variation="info" className="project-card__review">
          Ready for review
        </Badge>
      ) : null}
      <CityReviewBadge project={project} />
      {shown.length > 0 ? (
        <Flex gap="xxs" wrap="wrap" alignItems="center">
          {shown.map((deliverable) => (
            <Badge key={deliverable} size="small">
              {deliverable}
            </Badge>
          ))}
          {more > 0 ? <Text className="project-card__meta">+{more} more</Text> : null}
        </Flex>
      ) : null}
      <Flex justifyContent="space-between" wrap="wrap" gap="xs" className="project-card__meta">
        {project.area_sqft !== null && project.area_sqft !== undefined ? <span>{project.area_sqft} sq ft</span> : null}
        <span className={`turnaround--${tone}`} data-tone={tone}>
          {turnaroundRange(project.estimated_turnaround_days)}
        </span>
        {project.created_at ? <time dateTime={project.created_at}>{shortDate(project.created_at)}</time> : null}
      </Flex>
    </Card>
  );
}
