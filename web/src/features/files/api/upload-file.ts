import { useMutation } from '@tanstack/react-query';
import { refreshUnlessLive } from '../../../app/query/client.js';
import { projectKeys } from '../../projects/api/keys.js';
import { type UploadOptions, uploadProjectFile } from './uploads.js';

/**
 * One file uploaded to a project and recorded (the presigned POST with its progress stays in
 * uploadProjectFile); the project's dialog follows its `project:<id>` topic.
 */
export function useUploadProjectFile() {
  return useMutation({
    mutationFn: ({ projectId, file, ...options }: { projectId: string; file: File } & UploadOptions) =>
      uploadProjectFile(projectId, file, options),
    onSuccess: (_file, { projectId }) => refreshUnlessLive([projectKeys.detail(projectId)]),
  });
}
