import { Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import type { ProjectCard } from '../../lib/contracts.js';
import { toast } from '../toast/use-toast.js';
import { PriorityBadge, designerLabel } from './AdminProjectCard.js';
import { AdminProjectDialog } from './AdminProjectDialog.js';
import { useLiveTopics } from '../../lib/live.js';
import { listProjects } from './admin-api.js';
import { daysRemainingText, daysUntil, formatDate } from './dates.js';

/** The Designer Review tab (spec/2 §2): projects in needs_revision, with how long is left. */
export function DesignerReviewTab({ reloadKey, onChanged }: { reloadKey: number; onChanged(): void }) {
  const [projects, setProjects] = useState<ProjectCard[] | null>(null);
  const [open, setOpen] = useState<ProjectCard | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let active = true;
    listProjects({ status: 'needs_revision' })
      .then((answer) => {
        if (active) setProjects(answer.projects);
      })
      .catch((error: unknown) => {
        console.error('Could not load the review queue', error);
        if (!active) return;
        toast({ title: 'Unable to load projects', variant: 'destructive' });
        setProjects([]);
      });
    return () => {
      active = false;
    };
  }, [reloadKey, generation]);
  useLiveTopics(['projects'], () => setGeneration((g) => g + 1));

  return (
    <Flex direction="column" gap="medium">
      <Heading level={2} fontSize="large">
        Designer Review Queue
      </Heading>
      {projects === null ? (
        <Flex justifyContent="center" padding="xl">
          <Loader size="large" ariaLabel="Loading projects" />
        </Flex>
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
                      <Text className={`project-card__meta admin-days admin-days--${tone}`}>{daysRemainingText(project.due_date)}</Text>
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
      <AdminProjectDialog
        project={open}
        onClose={() => setOpen(null)}
        onChanged={() => {
          setGeneration((g) => g + 1);
          onChanged();
        }}
      />
    </Flex>
  );
}
