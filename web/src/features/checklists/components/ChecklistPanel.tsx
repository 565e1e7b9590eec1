import { CheckboxField, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { ProjectDetail } from '../../../lib/contracts.js';
import { TaskMeta } from './TaskMeta.js';
import { formatHours } from '../../../lib/project-words.js';
import { useToggleTask } from '../api/toggle-task.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { SaveStatus, useSaveStatus } from '../../../ui/save-status/SaveStatus.js';

type Task = ProjectDetail['checklist'][number];

/**
 * The Checklist tab of the admin and designer dialogs: each task a checkbox (admins and the assigned
 * designer), logged 'Task completed' / 'Task reopened'. Read-only for everyone else. A tick saves at
 * once and says so beside the task ('Saving…', then 'Saved · Task completed'), not in a toast per tick;
 * a refused tick goes back, says why beside the task and in the 'Failed to update task' toast.
 */
export function ChecklistPanel({
  project,
  editable,
  onChanged,
}: {
  project: ProjectDetail;
  editable: boolean;
  onChanged(project: ProjectDetail): void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  // The box shows the new value at once; it goes back if the API refuses.
  const [optimistic, setOptimistic] = useState<Record<string, boolean>>({});
  const toggleTask = useToggleTask(project.id);
  const status = useSaveStatus();
  const tasks = [...project.checklist].sort((a, b) => a.order_index - b.order_index);
  const completed = tasks.filter((task) => task.completed).length;

  if (tasks.length === 0) return <Text color="font.secondary">No checklist available for this project</Text>;

  async function toggle(task: Task, next: boolean) {
    setBusy(task.checklist_id);
    setOptimistic((current) => ({ ...current, [task.checklist_id]: next }));
    status.saving(task.checklist_id);
    try {
      const answer = await toggleTask.mutateAsync({ taskId: task.checklist_id, completed: next });
      onChanged(answer.project);
      status.saved(task.checklist_id, next ? 'Task completed' : 'Task reopened');
    } catch (error) {
      console.error('Could not update the task', error);
      status.failed(task.checklist_id, 'Failed to update task');
      toast({ title: 'Failed to update task', description: task.task_name, variant: 'destructive' });
    } finally {
      setBusy(null);
      setOptimistic((current) => {
        const { [task.checklist_id]: _done, ...rest } = current;
        return rest;
      });
    }
  }

  return (
    <Flex direction="column" gap="small">
      <Text color="font.secondary" className="checklist-summary__progress">
        {completed} of {tasks.length} completed · {formatHours(project.total_estimated_hours)} hours estimated
      </Text>
      <ul className="checklist-list">
        {tasks.map((task) => (
          <li key={task.checklist_id} className="checklist-list__item" data-completed={task.completed}>
            <Flex justifyContent="space-between" alignItems="center" gap="small">
              <Flex alignItems="center" gap="small" wrap="wrap" minWidth="0">
                {editable ? (
                  <CheckboxField
                    label={
                      <span className={(optimistic[task.checklist_id] ?? task.completed) ? 'task--done' : undefined}>
                        {task.task_name}
                      </span>
                    }
                    name="completed_tasks"
                    value={task.checklist_id}
                    checked={optimistic[task.checklist_id] ?? task.completed}
                    isDisabled={busy !== null}
                    onChange={(event) => void toggle(task, event.currentTarget.checked)}
                  />
                ) : (
                  <span className={task.completed ? 'task--done' : undefined}>{task.task_name}</span>
                )}
                {editable ? <SaveStatus state={status.of(task.checklist_id)} /> : null}
              </Flex>
              <TaskMeta task={task} />
            </Flex>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
