import { Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { ProjectCard, ProjectDetail } from '../../lib/contracts.js';
import { DESIGNER_STATUS_OPTIONS, calendarDate, designerStatusValue, dueFlag, statusLabel } from '../../lib/projects.js';
import { ActivityPanel } from '../activity/ActivityPanel.js';
import { ChecklistPanel } from '../checklist/ChecklistPanel.js';
import { ClientPanel } from '../project/ClientPanel.js';
import { FilesPanel } from '../project/FilesPanel.js';
import { ProjectDetails } from '../project/ProjectDetails.js';
import { ProjectDialog } from '../project/ProjectDialog.js';
import { ProjectTabs } from '../project/ProjectTabs.js';
import { CityReviewTab } from '../../features/permits/components/CityReviewTab.js';
import { useUpdateProject } from '../project/api/update-project.js';
import { toast } from '../toast/use-toast.js';

/**
 * The designer's project dialog (docs/product.md#screens): due date, the status selector (in_progress and
 * needs_revision only, 'Needs Review'; it starts at in_progress when the project has another
 * status), and tabs Details, Checklist, Files (deliverable upload) and Activity (commenting).
 */
export function DesignerProjectDialog({
  project,
  onClose,
}: {
  project: Pick<ProjectCard, 'id' | 'title'> | null;
  onClose(): void;
}) {
  return (
    <ProjectDialog project={project} onClose={onClose} description="Assigned project">
      {({ detail, data, changed, fileAdded }) => {
        const canWork = !!data.permissions?.can_work;
        return (
          <Flex direction="column" gap="medium">
            <Flex gap="large" alignItems="flex-end" wrap="wrap">
              <DueDate due={detail.due_date} />
              {canWork ? <StatusSelector project={detail} onChanged={changed} /> : null}
            </Flex>
            <ProjectTabs
              resetKey={detail.id}
              tabs={[
                { value: 'details', label: 'Details', content: <ProjectDetails project={detail} audience="designer" extra={data.client !== undefined ? <ClientPanel client={data.client} /> : null} /> },
                { value: 'checklist', label: 'Checklist', content: <ChecklistPanel project={detail} editable={canWork} onChanged={changed} /> },
                { value: 'files', label: 'Files', content: <FilesPanel project={detail} canUpload={canWork} onUploaded={fileAdded} /> },
                { value: 'activity', label: 'Activity', content: <ActivityPanel projectId={detail.id} canComment={canWork} canModerate={!!data.permissions?.can_moderate} /> },
                ...(detail.project_category === 'Permit' ? [{ value: 'city-review', label: 'City Review', content: <CityReviewTab project={detail} /> }] : []),
              ]}
            />
          </Flex>
        );
      }}
    </ProjectDialog>
  );
}

function DueDate({ due }: { due: string | null }) {
  const flag = dueFlag(due);
  return (
    <Flex direction="column" gap="0">
      <Text fontSize="small" color="font.secondary">
        Due Date
      </Text>
      <Text className={flag ? `due--${flag}` : undefined}>
        {due ? calendarDate(due) : 'No due date'}
        {flag === 'overdue' ? ' (Overdue)' : flag === 'due-soon' ? ' (Due Soon)' : ''}
      </Text>
    </Flex>
  );
}

function StatusSelector({ project, onChanged }: { project: ProjectDetail; onChanged(project: ProjectDetail): void }) {
  const update = useUpdateProject(project.id);
  const saving = update.isPending;
  const [value, setValue] = useState(designerStatusValue(project.status));

  async function change(next: ProjectDetail['status']) {
    const previous = value;
    setValue(next);
    try {
      const answer = await update.mutateAsync({ status: next });
      onChanged(answer.project);
      toast({ title: 'Status updated successfully', description: statusLabel(next, 'designer') });
    } catch (error) {
      console.error('Could not update the status', error);
      setValue(previous);
      toast({ title: 'Failed to update status', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  }

  return (
    <SelectField label="Status" value={value} isDisabled={saving} onChange={(event) => void change(event.currentTarget.value as ProjectDetail['status'])} size="small">
      {DESIGNER_STATUS_OPTIONS.map((status) => (
        <option key={status} value={status}>
          {statusLabel(status, 'designer')}
        </option>
      ))}
    </SelectField>
  );
}
