import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import type { ProjectCard } from '../../lib/contracts.js';
import { Dialog } from '../../ui/Dialog.js';
import { ActivityPanel } from '../activity/ActivityPanel.js';
import { FilesPanel } from './FilesPanel.js';
import { ProjectDetails } from './ProjectDetails.js';
import { ProjectTabs } from './ProjectTabs.js';
import { useProject } from './useProject.js';
import './project.css';

/**
 * The client's project detail dialog (spec/1 §2): Details, Files (read-only, downloads) and Activity
 * (read-only, no commenting), loaded from GET /api/projects/{id} when opened.
 */
export function ProjectDetailDialog({ project, onClose }: { project: Pick<ProjectCard, 'id' | 'title'> | null; onClose(): void }) {
  const id = project?.id ?? null;
  const { data, error } = useProject(id);
  const detail = data?.project;

  return (
    <Dialog open={project !== null} onClose={onClose} title={detail?.title ?? project?.title ?? ''} description="Project details" size="large">
      {!detail ? (
        error ? (
          <Text color="font.error">{error}</Text>
        ) : (
          <Flex justifyContent="center" padding="large">
            <Loader size="large" ariaLabel="Loading project" />
          </Flex>
        )
      ) : (
        <ProjectTabs
          resetKey={id}
          tabs={[
            { value: 'details', label: 'Details', content: <ProjectDetails project={detail} /> },
            { value: 'files', label: 'Files', content: <FilesPanel project={detail} /> },
            { value: 'activity', label: 'Activity', content: <ActivityPanel projectId={detail.id} /> },
          ]}
        />
      )}
    </Dialog>
  );
}
