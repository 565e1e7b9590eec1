import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState, type SyntheticEvent } from 'react';
import type { ProjectDetail } from '../../../lib/contracts.js';
import { formatHours } from '../../../lib/project-words.js';
import { ChecklistDialog } from './ChecklistDialog.js';

type Task = ProjectDetail['checklist'][number];

const PREVIEWED = 3;

const stopHere = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The checklist summary in the Details tab (docs/product.md#screens): completed of total, the total estimated hours
 * with one decimal, the first 3 task names and '+ n more tasks'; it opens the full 'Project Checklist'.
 */
export function ChecklistSummaryCard({ tasks, totalHours }: { tasks: readonly Task[]; totalHours?: number }) {
  const [open, setOpen] = useState(false);
  const ordered = [...tasks].sort((a, b) => a.order_index - b.order_index);
  const completed = ordered.filter((task) => task.completed).length;
  const hours = totalHours ?? ordered.reduce((sum, task) => sum + task.estimated_hours, 0);
  const more = ordered.length - PREVIEWED;

  return (
    <Card variation="outlined" className="checklist-summary" aria-label="Checklist summary">
      <Flex direction="column" gap="xs">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="xs">
          <Heading level={4} fontSize="medium">
            Checklist
          </Heading>
          <Text fontSize="small" color="font.secondary">
            <span className="checklist-summary__progress">
              {completed} of {ordered.length} completed
            </span>
            {' · '}
            <span className="checklist-summary__hours">{formatHours(hours)} hours estimated</span>
          </Text>
        </Flex>
        {ordered.length === 0 ? (
          <Text color="font.secondary">No checklist items available for this project.</Text>
        ) : (
          <ul className="checklist-summary__tasks">
            {ordered.slice(0, PREVIEWED).map((task) => (
              <li key={task.checklist_id} className={task.completed ? 'task--done' : undefined}>
                {task.task_name}
              </li>
            ))}
            {more > 0 ? <li className="checklist-summary__more">+ {more} more tasks</li> : null}
          </ul>
        )}
        <Flex>
          <Button size="small" onClick={() => setOpen(true)} aria-haspopup="dialog">
            View Full Checklist
          </Button>
        </Flex>
      </Flex>
      {/*
        React passes a <dialog>'s close and cancel events up its component tree, so the dialog this
        card sits in would close with this one: they stop here.
      */}
      <div style={{ display: 'contents' }} {...({ onClose: stopHere, onCancel: stopHere } as object)}>
        <ChecklistDialog open={open} onClose={() => setOpen(false)} tasks={ordered} totalHours={hours} />
      </div>
    </Card>
  );
}
