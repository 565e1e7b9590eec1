import { Badge, Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useId, useRef, useState } from 'react';
import { ACCEPT_ATTRIBUTE, formatFileSize, shortenFileName } from '../../../../shared/uploads.js';
import type { ProjectDetail } from '../../lib/contracts.js';
import { longDate } from '../../lib/format.js';
import { NOT_AUTHENTICATED } from '../../lib/api.js';
import { UploadError, fileDownloadUrl, uploadProjectFile } from '../../lib/uploads.js';
import { toast } from '../toast/use-toast.js';

export type ProjectFile = ProjectDetail['files'][number];

/**
 * Downloads the file where the visitor is: the signed link (300 s) answers with
 * `Content-Disposition: attachment` (functions/platform/aws/storage.ts), so following it saves the file
 * and leaves the page as it is, with no blank tab left open. 'Unable to download file' on failure.
 */
async function download(projectId: string, file: ProjectFile) {
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
              {file.file_type === 'deliverable' ? 'Deliverable' : 'Client upload'} · {formatFileSize(file.file_size)} · {longDate(file.created_at)}
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
 * The Files tab. Clients: every file, read-only with downloads. Admins and the assigned designer
 * (`canUpload`): deliverables with an upload to `{projectId}/deliverable/{name}` through the checked
 * presigned path, and the client's files.
 */
export function FilesPanel({ project, canUpload = false, onUploaded }: { project: ProjectDetail; canUpload?: boolean; onUploaded?(file: ProjectFile): void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const files = [...project.files].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));

  if (!canUpload) {
    return (
      <Flex direction="column" gap="small">
        <FileList projectId={project.id} files={files} empty="No files uploaded yet" />
      </Flex>
    );
  }

  async function upload(file: File) {
    setUploading({ name: file.name, percent: 0 });
    try {
      const recorded = await uploadProjectFile(project.id, file, { fileType: 'deliverable', onProgress: (percent) => setUploading({ name: file.name, percent }) });
      toast({ title: 'File uploaded successfully', description: file.name });
      onUploaded?.(recorded);
    } catch (error) {
      console.error('Upload failed', error);
      const message = error instanceof UploadError ? error.message : 'Unable to upload file. Please try again.';
      // An expired session: the spec's words, then sign-in (the API client goes there, with a way back).
      toast(message === NOT_AUTHENTICATED ? { title: NOT_AUTHENTICATED, variant: 'destructive' } : { title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setUploading(null);
      if (input.current) input.current.value = '';
    }
  }

  const deliverables = files.filter((file) => file.file_type === 'deliverable');
  const clientFiles = files.filter((file) => file.file_type !== 'deliverable');
  return (
    <Flex direction="column" gap="large">
      <section aria-label="Deliverables">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small" marginBottom="small">
          <Heading level={4} fontSize="medium">
            Deliverables <Badge size="small">{deliverables.length}</Badge>
          </Heading>
          <div className="upload-control">
            <label htmlFor={inputId} className="amplify-button amplify-button--small amplify-button--primary upload-control__label">
              Upload Deliverable
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              className="visually-hidden-input"
              accept={ACCEPT_ATTRIBUTE}
              disabled={uploading !== null}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) void upload(file);
              }}
            />
          </div>
        </Flex>
        {uploading ? (
          <Flex alignItems="center" gap="xs" marginBottom="small" role="status">
            <Loader size="small" />
            <Text fontSize="small">
              Uploading {shortenFileName(uploading.name)}… {uploading.percent}%
            </Text>
          </Flex>
        ) : null}
        <FileList projectId={project.id} files={deliverables} empty="No deliverables uploaded yet" />
      </section>
      <section aria-label="Client files">
        <Heading level={4} fontSize="medium" marginBottom="small">
          Client Files <Badge size="small">{clientFiles.length}</Badge>
        </Heading>
        <FileList projectId={project.id} files={clientFiles} empty="No files uploaded yet" />
      </section>
    </Flex>
  );
}
