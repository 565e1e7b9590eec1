import { Button, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Dialog } from './Dialog.js';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Are you sure?'. */
  title: ReactNode;
  /** What will happen, in the spec's words. */
  description?: ReactNode;
  /** The button that does it ('Delete Designer', 'Continue'). */
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' colours the confirming button as destructive. */
  tone?: 'default' | 'danger';
  busy?: boolean;
  busyLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The one confirmation every screen asks with (never the browser's confirm()): the brand's dialog,
 * the question as its title, Cancel first and the action last, as on every platform's sheet.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'default',
  busy,
  busyLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description}>
      <Flex justifyContent="flex-end" gap="small" wrap="wrap">
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button
          variation="primary"
          colorTheme={tone === 'danger' ? 'error' : undefined}
          onClick={onConfirm}
          isLoading={busy}
          loadingText={busyLabel}
        >
          {confirmLabel}
        </Button>
      </Flex>
    </Dialog>
  );
}
