import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { ProjectResponse } from '#features/projects/contracts.js';
import type { ProjectCard, ProjectDetail } from '../../../lib/contracts.js';
import { Dialog } from '../../../ui/Dialog.js';
import { useProject } from '../api/useProject.js';
import { useShowChangedProject } from '../api/update-project.js';
import { CityReviewBadge } from '../../permits/index.js';
import './project.css';

export interface LoadedProject {
  detail: ProjectDetail;
  data: ProjectResponse;
  /** Shows a project the API answered with after a change (the lists follow its live topic). */
  changed(next: ProjectDetail): void;
  /** Shows a file that was just uploaded and recorded. */
  fileAdded(file: ProjectDetail['files'][number]): void;
}

/**
 * The frame every project dialog shares: the project loaded from GET /api/projects/{id} while open
 * (live), a loader or the error until then, and the content of the caller's view once it is there.
 * A change made in the dialog shows at once; the opener's list follows the live `projects` topic.
 */
export function ProjectDialog({
  project,
  description,
  onClose,
  children,
}: {
  project: Pick<ProjectCard, 'id' | 'title'> | null;
  description: string;
  onClose(): void;
  children(loaded: LoadedProject): ReactNode;
}) {
  const { data, error } = useProject(project?.id ?? null);
  const detail = data?.project;
  const changed = useShowChangedProject();

  return (
    <Dialog
      open={project !== null}
      onClose={onClose}
      title={detail?.title ?? project?.title ?? ''}
      description={description}
      size="large"
    >
      {data && detail ? (
        <>
          <CityReviewBadge project={detail} />
          {children({
            detail,
            data,
            changed,
            fileAdded: (file) =>
              changed({ ...detail, files: [file, ...detail.files.filter((known) => known.id !== file.id)] }),
          })}
        </>
      ) : error ? (
        <Text color="font.error">{error}</Text>
      ) : (
        <Flex justifyContent="center" padding="large">
          <Loader size="large" ariaLabel="Loading project" />
        </Flex>
      )}
    </Dialog>
  );
}
