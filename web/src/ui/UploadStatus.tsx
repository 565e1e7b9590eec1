import { Button, Flex, Loader, Text } from '@aws-amplify/ui-react';

/** One file being uploaded from a button: its progress, or why it failed. */
export interface SingleUpload {
  file: File;
  /** 0 to 100, from the upload's own progress events. */
  percent: number;
  /** Set once it failed: the reason, and whether trying again can help (a refused type or size cannot). */
  failure: { message: string; retryable: boolean } | null;
}

/**
 * The state of one upload, where it was started: 'Uploading {name}… n%', or 'Failed' with the reason,
 * 'Retry' (when another attempt can succeed) and 'Dismiss'. A failure stays until it is retried or
 * dismissed, so it is never left to a toast that fades.
 */
export function UploadStatus({
  upload,
  label,
  onRetry,
  onDismiss,
}: {
  upload: SingleUpload;
  /** The shown name ('floor_plan.pdf', 'new version plans.pdf'). */
  label: string;
  onRetry(): void;
  onDismiss(): void;
}) {
  if (!upload.failure)
    return (
      <Flex alignItems="center" gap="xs" role="status" className="upload-status">
        <Loader size="small" />
        <Text fontSize="small">
          Uploading {label}… {upload.percent}%
        </Text>
      </Flex>
    );
  return (
    <Flex
      direction="column"
      gap="xxs"
      className="upload-status upload-status--failed"
      aria-label={`Upload of ${upload.file.name} failed`}
      role="group"
    >
      <Text fontSize="small" color="font.error" role="alert">
        <strong>Failed:</strong> {label} · {upload.failure.message}
      </Text>
      <Flex gap="xs" wrap="wrap">
        {upload.failure.retryable ? (
          <Button size="small" onClick={onRetry} aria-label={`Retry ${upload.file.name}`}>
            Retry
          </Button>
        ) : null}
        <Button size="small" variation="link" onClick={onDismiss} aria-label={`Dismiss ${upload.file.name}`}>
          Dismiss
        </Button>
      </Flex>
    </Flex>
  );
}
