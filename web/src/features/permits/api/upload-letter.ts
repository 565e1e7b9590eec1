import { useMutation } from '@tanstack/react-query';
import { uploadProjectFile } from '../../files/api/uploads.js';

/** The 'Correction Letter' file, uploaded and recorded as a client file of the project (the project's upload rules). */
export const useUploadLetter = (projectId: string) =>
  useMutation({ mutationFn: (file: File) => uploadProjectFile(projectId, file) });
