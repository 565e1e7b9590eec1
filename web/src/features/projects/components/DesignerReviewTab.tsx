import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ProjectCard } from '../../../lib/contracts.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { PriorityBadge, designerLabel } from './AdminProjectCard.js';
import { AdminProjectDialog } from './AdminProjectDialog.js';
import { reviewQueueQuery } from '../api/get-review-queue.js';
import { daysRemainingText, daysUntil, formatDate } from '../../../lib/dates.js';
import { CardsSkeleton } from '../../../ui/Skeleton.js';

/** The Designer Review tab (docs/product.md#screens): projects in needs_revision, with how long is left. */
export function DesignerReviewTab() {
  const queue = useQuery(reviewQueueQuery());
  const projects: ProjectCard[] | null = queue.data ?? (queue.isError ? [] : null);
  const [open, setOpen] = useState<ProjectCard | null>(null);

  useEffect(() => {
    if (!queue.error) return;
    console.error('Could not load the review queue', queue.error);
    toast({ title: 'Unable to load projects', variant: 'destructive' });
  }, [queue.error]);

  return (
    <Flex direction="column" gap="medium">
      <Heading level={2} fontSize="large">
        Designer Review Queue
      </Heading>
      {projects === null ? (
        <CardsSkeleton label="Loading projects" count={3} />
      ) : projects.length === 0 ? (
        <Card variation="outlined" className="admin-empty">
          <Text>No projects need review</Text>
        </Card>
      ) : (
        <ul className="admin-list">
          {projects.map((project) => {
            const days = daysUntil(project.due_date);
            const tone = days === null ? 'none' : days < 0 ? 'overdue' : days <= 3 ? 'soon' : 'ok';
            const client = project.client?.full_name || project.client?.email || 'Unknown';
            return (
              <li key={project.id}>
                <Card as="article" variation="outlined" aria-label={project.title} data-project-id={project.id}>
                  <Flex justifyContent="space-between" alignItems="flex-start" gap="medium" wrap="wrap">
                    <Flex direction="column" gap="xxs">
                      <Flex alignItems="center" gap="xs">
                        <Heading level={3} fontSize="medium">
                          {project.title}
                        </Heading>
                        <PriorityBadge priority={project.priority} />
                      </Flex>
                      <Text className="project-card__meta">Designer: {designerLabel(project) ?? 'Unassigned'}</Text>
                      <Text className="project-card__meta">
                        Client: {client}
                        {project.client?.company ? ` (${project.client.company})` : ''}
                      </Text>
                      <Text className={`project-card__meta admin-days admin-days--${tone}`}>
                        {daysRemainingText(project.due_date)}
                      </Text>
                      <Text className="project-card__meta">Submitted: {formatDate(project.created_at)}</Text>
                    </Flex>
                    <Button size="small" onClick={() => setOpen(project)} aria-haspopup="dialog">
                      View
                    </Button>
                  </Flex>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <AdminProjectDialog project={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
