import { Flex, Loader, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import type { UpdateProjectBody } from '#features/projects/contracts.js';
import type { ProjectDetail } from '../../../lib/contracts.js';
import { PROJECT_STATUSES } from '../../../lib/vocabulary.js';
import { PRIORITY_OPTIONS } from '../../../lib/project-words.js';
import type { DesignerOption } from '../api/get-designer-choices.js';
import { designerChoicesQuery } from '../api/get-designer-choices.js';
import { useUpdateProject } from '../api/update-project.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { SaveStatus, useSaveStatus } from '../../../ui/save-status/SaveStatus.js';

type Field = 'status' | 'designer' | 'priority' | 'due_date';

const UNASSIGNED = '';

/** The value the designer select shows for the project: the designer's id, else their e-mail. */
const currentDesigner = (project: ProjectDetail) =>
  project.assigned_designer_id ?? project.assigned_designer_email ?? UNASSIGNED;

/**
 * The Management tab (admins): status (any of the four), assigned designer (registered designers by
 * id, pre-authorised ones by e-mail), priority and due date. Each change is saved at once and says so
 * beside its field ('Saving…', then 'Saved' with the spec's words), not in a toast per change; a refused
 * change says why beside the field and in the 'Failed to update project' toast.
 */
export function ManagementPanel({
  project,
  onChanged,
}: {
  project: ProjectDetail;
  onChanged(project: ProjectDetail): void;
}) {
  const choices = useQuery(designerChoicesQuery());
  const designers: DesignerOption[] | null = choices.data ?? (choices.isError ? [] : null);
  const update = useUpdateProject(project.id);
  const saving = update.isPending;
  const status = useSaveStatus();
  const idPrefix = useId();
  const statusId = (field: Field) => `${idPrefix}-${field}-saved`;

  useEffect(() => {
    if (!choices.error) return;
    console.error('Could not load designers', choices.error);
    toast({ title: 'Failed to load designers', variant: 'destructive' });
  }, [choices.error]);

  async function save(field: Field, change: UpdateProjectBody, success: string | ((updated: ProjectDetail) => string)) {
    status.saving(field);
    try {
      const answer = await update.mutateAsync(change);
      onChanged(answer.project);
      status.saved(field, typeof success === 'string' ? success : success(answer.project));
    } catch (error) {
      console.error('Could not update the project', error);
      status.failed(field, 'Failed to update project');
      toast({
        title: 'Failed to update project',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  }

  function chooseDesigner(value: string) {
    if (value === UNASSIGNED) return void save('designer', { designer: null }, 'Project unassigned successfully');
    const option = designers?.find((candidate) => candidate.id === value);
    if (!option) return;
    const designer = option.isPreAuth
      ? { designer_email: option.email }
      : { designer_id: option.id, ...(option.fullName ? { designer_name: option.fullName } : {}) };
    void save(
      'designer',
      { designer },
      (updated) => `Designer assigned successfully: ${updated.assigned_designer_name || option.name}`,
    );
  }

  // The assigned designer stays selectable even when the list does not (or no longer) name them.
  const assigned = currentDesigner(project);
  const options = designers ?? [];
  const known =
    assigned === UNASSIGNED || options.some((option) => option.id === assigned || option.email === assigned);
  const selected =
    options.find(
      (option) =>
        option.id === assigned || (project.assigned_designer_email && option.email === project.assigned_designer_email),
    )?.id ?? assigned;

  return (
    <Flex direction="column" gap="medium" className="management-panel">
      <Flex direction="column" gap="xxs">
        <SelectField
          label="Status"
          value={project.status}
          aria-describedby={statusId('status')}
          isDisabled={saving}
          onChange={(event) =>
            void save(
              'status',
              { status: event.currentTarget.value as ProjectDetail['status'] },
              'Project updated successfully',
            )
          }
        >
          {PROJECT_STATUSES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SaveStatus state={status.of('status')} id={statusId('status')} />
      </Flex>

      {designers === null ? (
        <Loader ariaLabel="Loading designers" />
      ) : (
        <Flex direction="column" gap="xxs">
          <SelectField
            label="Assigned Designer"
            value={selected}
            aria-describedby={statusId('designer')}
            isDisabled={saving}
            onChange={(event) => chooseDesigner(event.currentTarget.value)}
          >
            <option value={UNASSIGNED}>Unassigned</option>
            {!known ? (
              <option value={assigned}>
                {project.assigned_designer_name || project.assigned_designer_email || assigned}
              </option>
            ) : null}
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.isPreAuth
                  ? `${option.email} (pre-authorized)`
                  : option.name === option.email
                    ? option.email
                    : `${option.name} (${option.email})`}
              </option>
            ))}
          </SelectField>
          <SaveStatus state={status.of('designer')} id={statusId('designer')} />
          {options.length === 0 ? (
            <Text fontSize="small" color="font.secondary">
              No designers available. Invite one in Designer Management.
            </Text>
          ) : null}
        </Flex>
      )}

      <Flex direction="column" gap="xxs">
        <SelectField
          label="Priority"
          value={project.priority ?? 'Normal'}
          aria-describedby={statusId('priority')}
          isDisabled={saving}
          onChange={(event) =>
            void save(
              'priority',
              { priority: event.currentTarget.value as (typeof PRIORITY_OPTIONS)[number] },
              'Project updated successfully',
            )
          }
        >
          {PRIORITY_OPTIONS.map((priority) => (
            <option key={priority} value={priority}>
              {priority}
            </option>
          ))}
        </SelectField>
        <SaveStatus state={status.of('priority')} id={statusId('priority')} />
      </Flex>

      <Flex direction="column" gap="xxs">
        <TextField
          label="Due Date"
          type="date"
          value={project.due_date ?? ''}
          aria-describedby={statusId('due_date')}
          isDisabled={saving}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value))
              void save('due_date', { due_date: value || null }, 'Project updated successfully');
          }}
        />
        <SaveStatus state={status.of('due_date')} id={statusId('due_date')} />
      </Flex>
    </Flex>
  );
}
