import { Badge, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { formatFileSize, shortenFileName } from '#shared/uploads.js';
import type { UploadItem } from './uploads-state.js';

export interface FileListProps {
  items: readonly UploadItem[];
  onRemove?(id: string): void;
  /** Once the project exists, failed uploads that can succeed may be tried again. */
  onRetry?(id: string): void;
}

const STATUS_LABEL: Record<UploadItem['status'], string> = {
  ready: 'Ready',
  uploading: 'Uploading',
  success: 'Uploaded',
  error: 'Failed',
};
const STATUS_VARIATION = { ready: 'info', uploading: 'info', success: 'success', error: 'error' } as const;

/** The chosen files with their state: ready, uploading (real progress), uploaded, or failed. */
export function FileList({ items, onRemove, onRetry }: FileListProps) {
  if (items.length === 0) return null;
  return (
    <ul className="upload-list" aria-label="Selected files">
      {items.map((item) => {
        const display = shortenFileName(item.name);
        return (
          <li key={item.id} className={`upload-item upload-item--${item.status}`} aria-label={item.name}>
            <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
              <Flex direction="column" gap="0" minWidth="0" flex="1 1 12rem">
                <Text as="span" fontWeight="600" className="upload-item__name" title={item.name}>
                  {display}
                </Text>
                <Text as="span" fontSize="small" color="font.secondary">
                  {formatFileSize(item.size)}
                </Text>
              </Flex>
              <Flex alignItems="center" gap="xs">
                <Badge size="small" variation={STATUS_VARIATION[item.status]}>
                  {STATUS_LABEL[item.status]}
                </Badge>
                {onRemove && item.status !== 'uploading' && item.status !== 'success' ? (
                  <Button
                    size="small"
                    variation="link"
                    aria-label={`Remove ${item.name}`}
                    onClick={() => onRemove(item.id)}
                  >
                    Remove
                  </Button>
                ) : null}
              </Flex>
            </Flex>
            {item.status === 'uploading' ? (
              <Loader
                variation="linear"
                isDeterminate
                percentage={item.progress}
                isPercentageTextHidden
                marginTop="xs"
                ariaLabel={`Uploading ${item.name}`}
              />
            ) : null}
            {item.status === 'error' ? (
              <Flex direction="column" gap="xxs" marginTop="xs">
                {item.error ? (
                  <Text as="span" fontSize="small" color="font.error">
                    {item.error}
                  </Text>
                ) : null}
                {onRetry && item.retryable ? (
                  <Button
                    size="small"
                    alignSelf="flex-start"
                    onClick={() => onRetry(item.id)}
                    aria-label={`Retry ${item.name}`}
                  >
                    Retry
                  </Button>
                ) : (
                  <Flex alignItems="center" gap="xs" wrap="wrap">
                    <Button size="small" isDisabled aria-describedby={`${item.id}-retry`}>
                      Retry Available
                    </Button>
                    <Text as="span" id={`${item.id}-retry`} fontSize="small" color="font.secondary">
                      You can retry after project creation
                    </Text>
                  </Flex>
                )}
              </Flex>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
