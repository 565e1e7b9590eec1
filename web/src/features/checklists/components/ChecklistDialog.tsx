import { Flex, Text } from '@aws-amplify/ui-react';
import type { ProjectDetail } from '../../../lib/contracts.js';
import { TaskMeta } from './TaskMeta.js';
import { formatHours } from '../../../lib/project-words.js';
import { Dialog } from '../../../ui/Dialog.js';

type Task = ProjectDetail['checklist'][number];

/** The full 'Project Checklist' (read-only): completed tasks struck through and marked 'Completed'. */
export function ChecklistDialog({
  open,
  onClose,
  tasks,
  totalHours,
}: {
  open: boolean;
  onClose(): void;
  tasks: readonly Task[];
  totalHours: number;
}) {
  const completed = tasks.filter((task) => task.completed).length;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Project Checklist"
      description={`${completed} of ${tasks.length} tasks completed · ${formatHours(totalHours)} hours estimated`}
    >
      {tasks.length === 0 ? (
        <Text color="font.secondary">No checklist items available for this project.</Text>
      ) : (
        <ol className="checklist-list">
          {tasks.map((task) => (
            <li key={task.checklist_id} className="checklist-list__item" data-completed={task.completed}>
              <Flex justifyContent="space-between" alignItems="center" gap="small">
                <span className={task.completed ? 'task--done' : undefined}>{task.task_name}</span>
                <TaskMeta task={task} />
              </Flex>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
