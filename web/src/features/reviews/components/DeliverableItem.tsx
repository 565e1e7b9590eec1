import { Badge, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { Deliverable, DeliverableVersion } from '#features/reviews/contracts.js';
import { formatFileSize, shortenFileName } from '#shared/uploads.js';
import { longDate } from '../../../lib/format.js';
import { UploadButton } from '../../../ui/UploadButton.js';
import { toastUploadFailure, uploadFailureOf } from '../../files/api/upload-failure.js';
import { UploadStatus, type SingleUpload } from '../../../ui/UploadStatus.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useUploadNewVersion } from '../api/upload-new-version.js';
import { STATUS_LABELS, STATUS_TONES } from './review-status.js';

export type Download = (file: { id: string; file_name: string }) => void;

/**
 * One deliverable in the Files tab: its current version and status, 'Review', the earlier versions
 * (each downloadable) and, for the studio (`canRespond`), 'Upload New Version'.
 */
export function DeliverableItem({
  projectId,
  deliverable,
  canRespond,
  onReview,
  onDownload,
}: {
  projectId: string;
  deliverable: Deliverable;
  canRespond: boolean;
  onReview(deliverable: Deliverable): void;
  onDownload: Download;
}) {
  const upload = useUploadNewVersion(projectId);
  // The new version being uploaded, or the one that failed (with its reason and 'Retry') until retried or dismissed.
  const [sending, setSending] = useState<SingleUpload | null>(null);
  const current =
    deliverable.versions.find((version) => version.version === deliverable.current_version) ??
    deliverable.versions.at(-1);
  const earlier = deliverable.versions.filter((version) => version !== current).reverse();
  if (!current) return null;

  async function sendVersion(file: File) {
    setSending({ file, percent: 0, failure: null });
    try {
      await upload.mutateAsync({
        deliverableId: deliverable.deliverable_id,
        file,
        onProgress: (percent) => setSending({ file, percent, failure: null }),
      });
      setSending(null);
      toast({ title: 'File uploaded successfully', description: file.name });
    } catch (error) {
      toastUploadFailure(error);
      setSending({ file, percent: 0, failure: uploadFailureOf(error) });
    }
  }

  const versionLine = (version: DeliverableVersion) =>
    `${formatFileSize(version.file_size)} ` +
    `· ${longDate(version.uploaded_at)}${version.uploaded_by_name ? ` · ${version.uploaded_by_name}` : ''}`;

  return (
    <li className="file-list__item deliverable" aria-label={`${current.file_name}, v${current.version}`}>
      <Flex direction="column" gap="xxs" minWidth="0" grow={1}>
        <Flex gap="xs" alignItems="center" wrap="wrap">
          <Text as="span" fontWeight="600" title={current.file_name} className="file-list__name">
            {shortenFileName(current.file_name)}
          </Text>
          <Badge size="small" title={`Version ${current.version}`}>
            v{current.version}
          </Badge>
          <Badge size="small" variation={STATUS_TONES[deliverable.status]}>
            {STATUS_LABELS[deliverable.status]}
          </Badge>
          {deliverable.ready_for_review ? (
            <Badge size="small" variation="info" className="badge--ready">
              Ready for review
            </Badge>
          ) : null}
        </Flex>
        <Text as="span" fontSize="small" color="font.secondary">
          Deliverable · {versionLine(current)}
        </Text>
        {earlier.length > 0 ? (
          <ul className="deliverable__history" aria-label={`Earlier versions of ${current.file_name}`}>
            {earlier.map((version) => (
              <li key={version.file_id}>
                <Text as="span" fontSize="small">
                  <strong>v{version.version}</strong> ·{' '}
                  <span title={version.file_name}>{shortenFileName(version.file_name)}</span> · {versionLine(version)}
                </Text>
                <Button
                  size="small"
                  variation="link"
                  onClick={() => onDownload({ id: version.file_id, file_name: version.file_name })}
                  aria-label={`Download v${version.version} of ${version.file_name}`}
                >
                  Download
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {sending ? (
          <UploadStatus
            upload={sending}
            label={`new version ${shortenFileName(sending.file.name)}`}
            onRetry={() => void sendVersion(sending.file)}
            onDismiss={() => setSending(null)}
          />
        ) : null}
      </Flex>
      <Flex gap="xs" wrap="wrap" justifyContent="flex-end" shrink={0}>
        <Button
          size="small"
          variation="primary"
          aria-haspopup="dialog"
          onClick={() => onReview(deliverable)}
          aria-label={`Review ${current.file_name}`}
        >
          Review
        </Button>
        <Button
          size="small"
          onClick={() => onDownload({ id: current.file_id, file_name: current.file_name })}
          aria-label={`Download ${current.file_name}`}
        >
          Download
        </Button>
        {canRespond ? (
          <UploadButton
            label="Upload New Version"
            disabled={upload.isPending}
            name={`Upload New Version of ${current.file_name}`}
            onFile={(file) => void sendVersion(file)}
          />
        ) : null}
      </Flex>
    </li>
  );
}
