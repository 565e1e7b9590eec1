import { Badge, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatFileSize, shortenFileName } from '#shared/uploads.js';
import type { ProjectDetail } from '../../../lib/contracts.js';
import { longDate } from '../../../lib/format.js';
import { useUploadProjectFile } from '../api/upload-file.js';
import { fileDownloadUrl } from '../api/uploads.js';
import { DeliverableItem, LazyReviewViewer, reviewSummaryOf } from '../../reviews/index.js';
import { projectReviewQuery } from '../../reviews/api/get-project-review.js';
import { reviewKey } from '../../reviews/api/keys.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { UploadButton } from '../../../ui/UploadButton.js';
import { toastUploadFailure, uploadFailureOf } from '../api/upload-failure.js';
import { UploadStatus, type SingleUpload } from '../../../ui/UploadStatus.js';

export type ProjectFile = ProjectDetail['files'][number];

/**
 * Downloads the file where the visitor is: the signed link (300 s) answers with
 * `Content-Disposition: attachment` (functions/platform/aws/storage.ts), so following it saves the file
 * and leaves the page as it is, with no blank tab left open. 'Unable to download file' on failure.
 */
async function download(projectId: string, file: Pick<ProjectFile, 'id' | 'file_name'>) {
  try {
    const url = await fileDownloadUrl(projectId, file.id);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.file_name;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    console.error('Could not download the file', error);
    toast({ title: 'Unable to download file', variant: 'destructive' });
  }
}

const fileKind = (file: ProjectFile) => (file.file_type === 'deliverable' ? 'Deliverable' : 'Client upload');

function FileList({ projectId, files, empty }: { projectId: string; files: readonly ProjectFile[]; empty: string }) {
  if (files.length === 0) return <Text color="font.secondary">{empty}</Text>;
  return (
    <ul className="file-list">
      {files.map((file) => (
        <li key={file.id} className="file-list__item">
          <Flex direction="column" gap="0" minWidth="0">
            <Text as="span" fontWeight="600" title={file.file_name} className="file-list__name">
              {shortenFileName(file.file_name)}
            </Text>
            <Text as="span" fontSize="small" color="font.secondary">
              {fileKind(file)} · {formatFileSize(file.file_size)} · {longDate(file.created_at)}
            </Text>
          </Flex>
          <Button size="small" onClick={() => void download(projectId, file)} aria-label={`Download ${file.file_name}`}>
            Download
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Files tab. Deliverables are shown as their versions with the client's review: the
 * current version, its status, the earlier versions, 'Review' for everyone who sees the project and
 * 'Upload New Version' for the studio. Admins and the assigned designer (`canUpload`) upload new
 * deliverables to `{projectId}/deliverable/{name}` through the checked presigned path.
 */
export function FilesPanel(props: {
  project: ProjectDetail;
  canUpload?: boolean;
  onUploaded?(file: ProjectFile): void;
}) {
  return <FilesPanelContent {...props} />;
}

function FilesPanelContent({
  project,
  canUpload = false,
  onUploaded,
}: {
  project: ProjectDetail;
  canUpload?: boolean;
  onUploaded?(file: ProjectFile): void;
}) {
  // The deliverable being uploaded, or the one that failed (with its reason and 'Retry') until retried or dismissed.
  const [uploading, setUploading] = useState<SingleUpload | null>(null);
  const busy = uploading !== null && uploading.failure === null;
  const [reviewing, setReviewing] = useState<string | null>(null);
  const review = useQuery(projectReviewQuery(project.id));
  const uploadFile = useUploadProjectFile();
  const files = [...project.files].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));

  // A file came or went (an upload here, a live reload of the project): the versions follow. While the
  // socket is up, the change that brought the file named the project's topic, which the review reads too.
  const fileCount = project.files.length;
  const seenCount = useRef(fileCount);
  useEffect(() => {
    if (seenCount.current === fileCount) return;
    seenCount.current = fileCount;
    refreshUnlessLive([reviewKey(project.id)]);
  }, [project.id, fileCount]);

  async function upload(file: File) {
    setUploading({ file, percent: 0, failure: null });
    try {
      const recorded = await uploadFile.mutateAsync({
        projectId: project.id,
        file,
        fileType: 'deliverable',
        onProgress: (percent) => setUploading({ file, percent, failure: null }),
      });
      setUploading(null);
      toast({ title: 'File uploaded successfully', description: file.name });
      onUploaded?.(recorded);
    } catch (error) {
      toastUploadFailure(error);
      setUploading({ file, percent: 0, failure: uploadFailureOf(error) });
    }
  }

  const chains = review.data?.deliverables ?? [];
  const versioned = new Set(chains.flatMap((deliverable) => deliverable.versions.map((version) => version.file_id)));
  // Deliverables the review does not list (yet): plain files, as before.
  const loose = files.filter((file) => file.file_type === 'deliverable' && !versioned.has(file.id));
  const clientFiles = files.filter((file) => file.file_type !== 'deliverable');
  const approved = review.data?.approved_by_client ?? reviewSummaryOf(project)?.approved_by_client ?? false;
  const latest = (deliverable: (typeof chains)[number]) => deliverable.versions.at(-1)?.uploaded_at ?? '';
  const shown = [...chains].sort((a, b) => (latest(a) < latest(b) ? 1 : -1));

  return (
    <Flex direction="column" gap="large">
      {approved ? (
        <p className="review-approved" role="status">
          <span aria-hidden="true">✓</span> Approved by client
        </p>
      ) : null}
      <section aria-label="Deliverables">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small" marginBottom="small">
          <Heading level={4} fontSize="medium">
            Deliverables <Badge size="small">{shown.length + loose.length}</Badge>
          </Heading>
          {canUpload ? (
            <UploadButton label="Upload Deliverable" primary disabled={busy} onFile={(file) => void upload(file)} />
          ) : null}
        </Flex>
        {uploading ? (
          <Flex direction="column" marginBottom="small">
            <UploadStatus
              upload={uploading}
              label={shortenFileName(uploading.file.name)}
              onRetry={() => void upload(uploading.file)}
              onDismiss={() => setUploading(null)}
            />
          </Flex>
        ) : null}
        {shown.length > 0 ? (
          <ul className="file-list">
            {shown.map((deliverable) => (
              <DeliverableItem
                key={deliverable.deliverable_id}
                projectId={project.id}
                deliverable={deliverable}
                canRespond={!!review.data?.can_respond}
                onReview={(chosen) => setReviewing(chosen.deliverable_id)}
                onDownload={(file) => void download(project.id, file)}
              />
            ))}
          </ul>
        ) : null}
        {shown.length === 0 || loose.length > 0 ? (
          <FileList projectId={project.id} files={loose} empty="No deliverables uploaded yet" />
        ) : null}
      </section>
      <section aria-label="Client files">
        <Heading level={4} fontSize="medium" marginBottom="small">
          Client Files <Badge size="small">{clientFiles.length}</Badge>
        </Heading>
        <FileList projectId={project.id} files={clientFiles} empty="No files uploaded yet" />
      </section>
      <LazyReviewViewer projectId={project.id} deliverableId={reviewing} onClose={() => setReviewing(null)} />
    </Flex>
  );
}
