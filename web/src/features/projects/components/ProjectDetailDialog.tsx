import type { ProjectCard } from '../../../lib/contracts.js';
import { ActivityPanel } from '../../activity/index.js';
import { FilesPanel } from '../../files/index.js';
import { ProjectDetails } from './ProjectDetails.js';
import { ProjectDialog } from './ProjectDialog.js';
import { ProjectTabs } from './ProjectTabs.js';
import { CityReviewTab } from '../../permits/index.js';

/**
 * The client's project detail dialog (docs/product.md#screens): Details, Files (read-only, downloads) and Activity
 * (read-only, no commenting), loaded from GET /api/projects/{id} when opened.
 */
export function ProjectDetailDialog({
  project,
  onClose,
}: {
  project: Pick<ProjectCard, 'id' | 'title'> | null;
  onClose(): void;
}) {
  return (
    <ProjectDialog project={project} onClose={onClose} description="Project details">
      {({ detail }) => (
        <ProjectTabs
          resetKey={detail.id}
          tabs={[
            { value: 'details', label: 'Details', content: <ProjectDetails project={detail} /> },
            { value: 'files', label: 'Files', content: <FilesPanel project={detail} /> },
            { value: 'activity', label: 'Activity', content: <ActivityPanel projectId={detail.id} /> },
            ...(detail.project_category === 'Permit'
              ? [{ value: 'city-review', label: 'City Review', content: <CityReviewTab project={detail} /> }]
              : []),
          ]}
        />
      )}
    </ProjectDialog>
  );
}
