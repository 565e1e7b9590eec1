import { useId } from 'react';
import { ACCEPT_ATTRIBUTE } from '#shared/uploads.js';

/**
 * A button that picks one file (a label styled as Amplify UI's small button over a visually hidden
 * file input, so the picker opens from the keyboard too). The input is emptied as soon as a file is
 * taken, so the same file can be chosen again after a failure.
 */
export function UploadButton({
  label,
  name,
  primary = false,
  disabled = false,
  onFile,
}: {
  label: string;
  name?: string;
  primary?: boolean;
  disabled?: boolean;
  onFile(file: File): void;
}) {
  const id = useId();
  const primaryClass = primary ? ' amplify-button--primary' : '';
  return (
    <div className="upload-control">
      <label htmlFor={id} className={`amplify-button amplify-button--small${primaryClass} upload-control__label`}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        className="visually-hidden-input"
        accept={ACCEPT_ATTRIBUTE}
        disabled={disabled}
        // A fuller name where several buttons share the label ('Upload New Version of plans.pdf'); it starts with the
        // visible words.
        aria-label={name}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
