import { Button, Heading } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { pushDialog, removeDialog } from './dialog-stack.js';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  /** Every dialog has a title: it names the dialog for screen readers. */
  title: ReactNode;
  /** Optional line under the title. */
  description?: ReactNode;
  children?: ReactNode;
  /** Wider layout for detail views. */
  size?: 'default' | 'large';
}

/**
 * A modal dialog on the native <dialog> element: focus stays inside, Escape and the backdrop close it,
 * and the title labels it. Amplify UI has no modal, so this is ours.
 */
export function Dialog({ open, onClose, title, description, children, size = 'default' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (open) pushDialog(dialog);
    else removeDialog(dialog);
    return () => removeDialog(dialog);
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard counterpart of a backdrop click (onCancel).
    <dialog
      ref={ref}
      className="dialog"
      style={size === 'large' ? { width: 'min(56rem, calc(100vw - 2rem))' } : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // React hands a nested dialog's close and cancel events to its ancestors too: only our own count.
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <>
          <div className="dialog__header">
            <div>
              <Heading level={2} id={titleId} fontSize="large">
                {title}
              </Heading>
              {description ? (
                <p id={descriptionId} style={{ margin: '0.25rem 0 0', color: 'var(--amplify-colors-font-secondary)' }}>
                  {description}
                </p>
              ) : null}
            </div>
            <Button className="dialog__close" size="small" variation="link" aria-label="Close dialog" onClick={onClose}>
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </Button>
          </div>
          <div className="dialog__body">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
