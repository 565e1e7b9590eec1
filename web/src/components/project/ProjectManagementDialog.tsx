import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import type { ProjectCard } from '../../lib/contracts.js';
import { Dialog } from '../../ui/Dialog.js';
import { ActivityPanel } from '../activity/ActivityPanel.js';
import { AuditHistory } from '../audit/AuditHistory.js';
import { ChecklistPanel } from '../checklist/ChecklistPanel.js';
import { ClientPanel } from './ClientPanel.js';
import { FilesPanel } from './FilesPanel.js';
import { ManagementPanel } from './ManagementPanel.js';
import { ProjectDetails } from './ProjectDetails.js';
import { ProjectTabs } from './ProjectTabs.js';
import { useProject } from './useProject.js';
import './project.css';

/**
 * The admin-style project management dialog (spec/2 §2): Details (with the client information panel),
 * Checklist, Management (status, designer, priority, due date), Files (deliverable uploads) and
 * Activity (comments, moderation). `onChanged` tells the opener to refresh its list.
 */
export function ProjectManagementDialog({
  project,
  onClose,
  onChanged,
}: {
  project: Pick<ProjectCard, 'id' | 'title'> | null;
  onClose(): void;
  onChanged?(): void;
}) {
  const id = project?.id ?? null;
  const { data, error, replace } = useProject(id);
  const detail = data?.project;
  const permissions = data?.permissions;

  const changed = (next: NonNullable<typeof detail>) => {
    replace(next);
    onChanged?.();
  };

  return (
    <Dialog open={project !== null} onClose={onClose} title={detail?.title ?? project?.title ?? ''} description="Project management" size="large">
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
            { value: 'details', label: 'Details', content: <ProjectDetails project={detail} audience="admin" extra={<ClientPanel client={data?.client} />} /> },
            { value: 'checklist', label: 'Checklist', content: <ChecklistPanel project={detail} editable={!!permissions?.can_work} onChanged={changed} /> },
            { value: 'management', label: 'Management', content: <ManagementPanel project={detail} onChanged={changed} /> },
            {
              value: 'files',
              label: 'Files',
              content: (
                <FilesPanel
                  project={detail}
                  canUpload={!!permissions?.can_work}
                  onUploaded={(file) => changed({ ...detail, files: [file, ...detail.files.filter((known) => known.id !== file.id)] })}
                />
              ),
            },
            { value: 'activity', label: 'Activity', content: <ActivityPanel projectId={detail.id} canComment={!!permissions?.can_work} canModerate={!!permissions?.can_moderate} /> },
            // The audit trail of this project (issue 11): every event, verified, with time travel.
            ...(permissions?.can_moderate ? [{ value: 'history', label: 'History', content: <AuditHistory streamId={`project-${detail.id}`} /> }] : []),
          ]}
        />
      )}
    </Dialog>
  );
}
