import { Badge, Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BoardCard } from '../components/project/BoardCard.js';
import { ProjectDetailDialog } from '../components/project/ProjectDetailDialog.js';
import { api } from '../lib/api.js';
import type { ListProjectsResponse, ProjectCard } from '../lib/contracts.js';
import { PROJECT_STATUSES, TURNAROUND_DISCLAIMER, groupByStatus } from '../lib/projects.js';
import { Page } from '../ui/Page.js';

/** The client's project board (/board): four status columns from one GET /api/projects. */
export default function BoardScreen() {
  const [projects, setProjects] = useState<ProjectCard[] | null>(null);
  const [open, setOpen] = useState<ProjectCard | null>(null);

  useEffect(() => {
    let active = true;
    api
      .get<ListProjectsResponse>('/projects')
      .then((answer) => {
        if (active) setProjects(answer.projects);
      })
      .catch((error: unknown) => {
        // Load failures are only logged (spec/2 §8); the board shows its empty columns.
        console.error('Could not load projects', error);
        if (active) setProjects([]);
      });
    return () => {
      active = false;
    };
  }, []);

  const columns = groupByStatus(projects ?? []);

  return (
    <Page title="Project Board" width="wide">
      <Flex direction="column" gap="large">
        <Flex direction="column" gap="xs" alignItems="flex-start">
          <Button as={RouterLink} to="/dashboard" variation="link" size="small" paddingInline="0">
            <span aria-hidden="true">←</span>&nbsp;Back to Dashboard
          </Button>
          <Heading level={1}>Project Board</Heading>
        </Flex>

        {projects === null ? (
          <Flex justifyContent="center" padding="xxl">
            <Loader size="large" ariaLabel="Loading projects" />
          </Flex>
        ) : (
          <div className="board">
            {PROJECT_STATUSES.map(({ value, label }) => {
              const items = columns[value];
              return (
                <section key={value} className="board-column" aria-label={label} data-status={value}>
                  <div className="board-column__header">
                    <Heading level={2} fontSize="medium">
                      {label}
                    </Heading>
                    <Badge size="small">{items.length}</Badge>
                  </div>
                  {items.length === 0 ? (
                    <Text className="board-column__empty">No projects</Text>
                  ) : (
                    items.map((project) => <BoardCard key={project.id} project={project} onOpen={setOpen} />)
                  )}
                </section>
              );
            })}
          </div>
        )}

        <Text fontSize="small" color="font.secondary">
          * {TURNAROUND_DISCLAIMER}
        </Text>
      </Flex>
      <ProjectDetailDialog project={open} onClose={() => setOpen(null)} />
    </Page>
  );
}
