import { Badge, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ProjectsLoadError } from '../components/ProjectsLoadError.js';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DesignerProjectDialog } from '../components/DesignerProjectDialog.js';
import { BoardCard } from '../components/BoardCard.js';
import { ProjectDetailDialog } from '../components/ProjectDetailDialog.js';
import { ProjectManagementDialog } from '../components/ProjectManagementDialog.js';
import { useProjects } from '../api/useProjects.js';
import '../components/project.css';
import type { ProjectCard } from '../../../lib/contracts.js';
import { PROJECT_STATUSES } from '../../../lib/vocabulary.js';
import { TURNAROUND_DISCLAIMER, groupByStatus } from '../../../lib/project-words.js';
import { hasRole } from '../../../app/auth/roles.js';
import { useSession } from '../../../app/auth/session.js';
import { AppHeader } from '../../../app/shell/AppHeader.js';
import { Page } from '../../../ui/Page.js';
import { LoadMore } from '../../../ui/LoadMore.js';
import { BoardSkeleton } from '../../../ui/Skeleton.js';

/**
 * The project board (/board): four status columns from one GET /api/projects. Clients open the
 * project detail dialog; admins the management dialog; designers their working dialog.
 */
export default function BoardScreen() {
  const { user } = useSession();
  const { projects, failed, retrying, reload, counts, hasMore, loadingMore, loadMore } = useProjects();
  const [open, setOpen] = useState<ProjectCard | null>(null);
  const columns = groupByStatus(projects ?? []);
  const role = hasRole(user, 'admin') ? 'admin' : hasRole(user, 'designer') ? 'designer' : 'client';
  const close = () => setOpen(null);

  return (
    <Page title="Project Board" width="wide" header={<AppHeader />}>
      <Flex direction="column" gap="large">
        <Flex direction="column" gap="xs" alignItems="flex-start">
          <Button
            as={RouterLink}
            to={role === 'designer' ? '/designer' : '/dashboard'}
            variation="link"
            size="small"
            paddingInline="0"
          >
            <span aria-hidden="true">←</span>&nbsp;Back to Dashboard
          </Button>
          <Heading level={1}>Project Board</Heading>
        </Flex>

        {failed ? (
          <ProjectsLoadError retrying={retrying} onRetry={reload} />
        ) : projects === null ? (
          <BoardSkeleton label="Loading projects" />
        ) : (
          <div className="board">
            {PROJECT_STATUSES.map(({ value, label }) => {
              const items = columns[value];
              const count = counts?.[value] ?? items.length;
              return (
                <section key={value} className="board-column" aria-label={label} data-status={value}>
                  <div className="board-column__header">
                    <Heading level={2} fontSize="medium">
                      {label}
                    </Heading>
                    <Badge size="small" aria-label={`${count} ${count === 1 ? 'project' : 'projects'}`}>
                      {count}
                    </Badge>
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
        <LoadMore shown={hasMore} loading={loadingMore} onLoad={loadMore} />

        <Text fontSize="small" color="font.secondary">
          * {TURNAROUND_DISCLAIMER}
        </Text>
      </Flex>
      {role === 'admin' ? (
        <ProjectManagementDialog project={open} onClose={close} />
      ) : role === 'designer' ? (
        <DesignerProjectDialog project={open} onClose={close} />
      ) : (
        <ProjectDetailDialog project={open} onClose={close} />
      )}
    </Page>
  );
}
