import type { ProjectCard } from '../../../lib/contracts.js';
import { ActivityPanel } from '../../activity/index.js';
import { AuditHistory } from '../../audit/index.js';
import { ChecklistPanel } from '../../checklists/index.js';
import { ClientPanel } from './ClientPanel.js';
import { FilesPanel } from '../../files/index.js';
import { ManagementPanel } from './ManagementPanel.js';
import { ProjectDetails } from './ProjectDetails.js';
import { ProjectDialog } from './ProjectDialog.js';
import { ProjectTabs } from './ProjectTabs.js';
import { CityReviewTab } from '../../permits/index.js';

/**
 * The admin-style project management dialog (docs/product.md#screens): Details (with the client information panel),
 * Checklist, Management (status, designer, priority, due date), Files (deliverable uploads) and
 * Activity (comments, moderation). The opener's list follows the live `projects` topic.
 */
export function ProjectManagementDialog({
  project,
  onClose,
}: {
  project: Pick<ProjectCard, 'id' | 'title'> | null;
  onClose(): void;
}) {
  return (
    <ProjectDialog project={project} onClose={onClose} description="Project management">
      {({ detail, data, changed, fileAdded }) => (
        <ProjectTabs
          resetKey={detail.id}
          tabs={[
            {
              value: 'details',
              label: 'Details',
              content: (
                <ProjectDetails project={detail} audience="admin" extra={<ClientPanel client={data.client} />} />
              ),
            },
            {
              value: 'checklist',
              label: 'Checklist',
              content: <ChecklistPanel project={detail} editable={!!data.permissions?.can_work} onChanged={changed} />,
            },
            {
              value: 'management',
              label: 'Management',
              content: <ManagementPanel project={detail} onChanged={changed} />,
            },
            {
              value: 'files',
              label: 'Files',
              content: <FilesPanel project={detail} canUpload={!!data.permissions?.can_work} onUploaded={fileAdded} />,
            },
            {
              value: 'activity',
              label: 'Activity',
              content: (
                <ActivityPanel
                  projectId={detail.id}
                  canComment={!!data.permissions?.can_work}
                  canModerate={!!data.permissions?.can_moderate}
                />
              ),
            },
            ...(detail.project_category === 'Permit'
              ? [{ value: 'city-review', label: 'City Review', content: <CityReviewTab project={detail} /> }]
              : []),
            // The audit trail of this project (issue 11): every event, verified, with time travel.
            ...(data.permissions?.can_moderate
              ? [{ value: 'history', label: 'History', content: <AuditHistory streamId={`project-${detail.id}`} /> }]
              : []),
          ]}
        />
      )}
    </ProjectDialog>
  );
}
