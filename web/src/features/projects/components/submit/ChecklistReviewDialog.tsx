import { Alert, Badge, Button, Flex, Text, TextField, TextAreaField } from '@aws-amplify/ui-react';
import type { ChecklistSource } from '#features/checklists/contracts.js';
import { turnaroundTone } from '#web/lib/format.js';
import { TURNAROUND_DISCLAIMER } from '#web/lib/project-words.js';
import { Dialog } from '#web/ui/Dialog.js';
import { FileList } from './FileList.js';
import type { UploadItem } from './uploads-state.js';
import { blankTask, totalTaskHours, turnaroundDaysFor, type ReviewTask } from './wizard.js';

export interface ChecklistReviewDialogProps {
  open: boolean;
  tasks: readonly ReviewTask[];
  source: ChecklistSource;
  onChange(tasks: ReviewTask[]): void;
  onCancel(): void;
  onFinalize(): void;
  /** While the project is being created and its files uploaded. */
  submitting: boolean;
  /** Files being (or that were) uploaded after the project was created. */
  uploads: readonly UploadItem[];
  /** Set once the project exists but some uploads failed: retry them, or go on. */
  afterSubmit?: { onRetry(id: string): void; onDone(): void } | null;
  /**
   * Why the last finalize was refused, shown inside the dialog as well as in the toast: a modal
   * dialog sits in the browser's top layer, above the toasts.
   */
  error?: string | null;
}

/** Where this submission's files stand, above their list (each file shows its own state). */
function uploadsHeading(uploads: readonly UploadItem[], submitting: boolean): string {
  const failed = uploads.filter((item) => item.status === 'error').length;
  if (submitting || uploads.some((item) => item.status === 'uploading')) return 'Uploading files…';
  if (failed === 0) return 'All files uploaded';
  return `Your project was submitted, but ${failed === 1 ? '1 file' : `${failed} files`} could not be uploaded`;
}

/** 'Review AI-Generated Checklist': edit, remove and add tasks; the turnaround follows the hours. */
export function ChecklistReviewDialog({
  open,
  tasks,
  source,
  onChange,
  onCancel,
  onFinalize,
  submitting,
  uploads,
  afterSubmit,
  error,
}: ChecklistReviewDialogProps) {
  const total = totalTaskHours(tasks);
  const days = turnaroundDaysFor(total);
  const locked = submitting || !!afterSubmit;
  const update = (key: string, patch: Partial<ReviewTask>) =>
    onChange(tasks.map((task) => (task.key === key ? { ...task, ...patch } : task)));

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!submitting) (afterSubmit ? afterSubmit.onDone : onCancel)();
      }}
      title="Review AI-Generated Checklist"
      description="Check the tasks and hours before you submit. You can rename, remove or add tasks."
      size="large"
    >
      <Flex direction="column" gap="medium">
        <div className="checklist-summary">
          <div>
            <Text as="span" fontSize="small" color="font.secondary">
              Total Estimated Hours
            </Text>
            <Text as="p" fontSize="xl" fontWeight="700" margin="0" data-testid="total-hours">
              {total.toFixed(1)} hours
            </Text>
          </div>
          <div>
            <Text as="span" fontSize="small" color="font.secondary">
              Estimated Turnaround
            </Text>
            <Text
              as="p"
              fontSize="xl"
              fontWeight="700"
              margin="0"
              className={`turnaround--${turnaroundTone(days)}`}
              data-testid="turnaround"
            >
              {days} to {days + 2} business days
            </Text>
          </div>
          <Badge size="small" variation={source === 'bedrock' ? 'info' : 'warning'} alignSelf="flex-start">
            {source === 'bedrock' ? 'Generated with Amazon Bedrock' : 'Estimated with our standard scoping rules'}
          </Badge>
        </div>

        <ol className="checklist-tasks" aria-label="Checklist tasks">
          {tasks.map((task, index) => (
            <li key={task.key} className="checklist-task">
              {/* A task name is often a sentence: it wraps in its box instead of being cut off. */}
              <TextAreaField
                label={`Task ${index + 1}`}
                value={task.task_name}
                maxLength={500}
                rows={2}
                resize="vertical"
                flex="1 1 18rem"
                isDisabled={locked}
                hasError={!!error && !task.task_name.trim()}
                onChange={(event) => update(task.key, { task_name: event.target.value })}
              />
              <TextField
                label={`Task ${index + 1} hours`}
                type="number"
                inputMode="decimal"
                min={0}
                max={1000}
                step={0.5}
                width="8rem"
                value={task.hours}
                isDisabled={locked}
                onChange={(event) => update(task.key, { hours: event.target.value })}
              />
              <Button
                size="small"
                variation="link"
                colorTheme="error"
                aria-label={`Remove task ${index + 1}`}
                isDisabled={locked}
                onClick={() => onChange(tasks.filter((t) => t.key !== task.key))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
        {tasks.length === 0 ? <Text color="font.secondary">No tasks yet. Add at least one task.</Text> : null}
        <Button
          alignSelf="flex-start"
          size="small"
          isDisabled={locked}
          onClick={() => onChange([...tasks, blankTask()])}
        >
          Add Task
        </Button>

        {uploads.length > 0 && (submitting || afterSubmit) ? (
          <Flex direction="column" gap="xs">
            <Text fontWeight="600" role="status">
              {uploadsHeading(uploads, submitting)}
            </Text>
            <FileList items={uploads} onRetry={afterSubmit?.onRetry} />
          </Flex>
        ) : null}

        <Text fontSize="small" color="font.secondary">
          * {TURNAROUND_DISCLAIMER}
        </Text>

        {error ? (
          <Alert variation="error" role="alert" data-testid="review-error">
            {error}
          </Alert>
        ) : null}

        <Flex justifyContent="flex-end" gap="small" wrap="wrap">
          {afterSubmit ? (
            <Button variation="primary" onClick={afterSubmit.onDone}>
              Go to Dashboard
            </Button>
          ) : (
            <>
              <Button onClick={onCancel} isDisabled={submitting}>
                Cancel
              </Button>
              <Button variation="primary" onClick={onFinalize} isLoading={submitting} loadingText="Submitting…">
                Finalize &amp; Submit Project
              </Button>
            </>
          )}
        </Flex>
      </Flex>
    </Dialog>
  );
}
