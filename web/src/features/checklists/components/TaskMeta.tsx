import { Badge, Flex, Text } from '@aws-amplify/ui-react';
import type { ProjectDetail } from '../../../lib/contracts.js';
import { formatHours } from '../../../lib/project-words.js';

/** The right-hand side of a checklist row: 'Completed' when done, and the hours estimated. */
export function TaskMeta({
  task,
}: {
  task: Pick<ProjectDetail['checklist'][number], 'completed' | 'estimated_hours'>;
}) {
  return (
    <Flex gap="xs" alignItems="center" shrink={0}>
      {task.completed ? (
        <Badge size="small" variation="success">
          Completed
        </Badge>
      ) : null}
      <Text as="span" fontSize="small" color="font.secondary">
        {formatHours(task.estimated_hours)} h
      </Text>
    </Flex>
  );
}
