import { Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { useEffect, useId, useState } from 'react';
import type { ProjectCard, ProjectDetail } from '../../../lib/contracts.js';
import { statusLabel } from '../../../lib/vocabulary.js';
import { DESIGNER_STATUS_OPTIONS, calendarDate, dueFlag } from '../../../lib/project-words.js';
import { ActivityPanel } from '../../activity/index.js';
import { ChecklistPanel } from '../../checklists/index.js';
import { ClientPanel } from './ClientPanel.js';
import { FilesPanel } from '../../files/index.js';
import { ProjectDetails } from './ProjectDetails.js';
import { ProjectDialog } from './ProjectDialog.js';
import { ProjectTabs } from './ProjectTabs.js';
import { useUpdateProject } from '../api/update-project.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { SaveStatus, useSaveStatus } from '../../../ui/save-status/SaveStatus.js';
import { CityReviewTab } from '../../permits/index.js';

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
                {
                  value: 'details',
                  label: 'Details',
                  content: (
                    <ProjectDetails
                      project={detail}
                      audience="designer"
                      extra={data.client !== undefined ? <ClientPanel client={data.client} /> : null}
                    />
                  ),
                },
                {
                  value: 'checklist',
                  label: 'Checklist',
                  content: <ChecklistPanel project={detail} editable={canWork} onChanged={changed} />,
                },
                {
                  value: 'files',
                  label: 'Files',
                  content: <FilesPanel project={detail} canUpload={canWork} onUploaded={fileAdded} />,
                },
                {
                  value: 'activity',
                  label: 'Activity',
                  content: (
                    <ActivityPanel
                      projectId={detail.id}
                      canComment={canWork}
                      canModerate={!!data.permissions?.can_moderate}
                    />
                  ),
                },
                ...(detail.project_category === 'Permit'
                  ? [{ value: 'city-review', label: 'City Review', content: <CityReviewTab project={detail} /> }]
                  : []),
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

/** The designer's status: saved on change, and said so beside it ('Saving…', then 'Saved'), not in a toast. */
function StatusSelector({ project, onChanged }: { project: ProjectDetail; onChanged(project: ProjectDetail): void }) {
  const update = useUpdateProject(project.id);
  const saveStatus = useSaveStatus();
  const statusId = useId();
  const saving = update.isPending;
  // The selector shows where the project stands: a queued or delivered project reads 'Queued' or
  // 'Delivered' (not selectable by a designer), so choosing In Progress is one real change.
  const [value, setValue] = useState<ProjectDetail['status']>(project.status);
  useEffect(() => setValue(project.status), [project.status]);
  const current = (DESIGNER_STATUS_OPTIONS as readonly string[]).includes(value) ? null : value;

  async function change(next: ProjectDetail['status']) {
    const previous = value;
    if (next === previous) return;
    setValue(next);
    saveStatus.saving('status');
    try {
      const answer = await update.mutateAsync({ status: next });
      onChanged(answer.project);
      saveStatus.saved('status', 'Status updated successfully');
    } catch (error) {
      console.error('Could not update the status', error);
      setValue(previous);
      saveStatus.failed('status', 'Failed to update status');
      toast({
        title: 'Failed to update status',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  }

  return (
    <>
      <SelectField
        label="Status"
        value={value}
        aria-describedby={statusId}
        isDisabled={saving}
        onChange={(event) => void change(event.currentTarget.value as ProjectDetail['status'])}
        size="small"
      >
        {current ? (
          <option value={current} disabled>
            {statusLabel(current, 'designer')}
          </option>
        ) : null}
        {DESIGNER_STATUS_OPTIONS.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status, 'designer')}
          </option>
        ))}
      </SelectField>
      {/* Beside the selector (the row aligns to the bottom): the select does not move when it appears. */}
      <SaveStatus state={saveStatus.of('status')} id={statusId} />
    </>
  );
}
