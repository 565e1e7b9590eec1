import { useMutation } from '@tanstack/react-query';
import { fileDownloadUrl } from '../../files/api/uploads.js';

/**
 * A file of the project (the correction letter, the response letter) saved where the visitor is, as the Files tab does.
 */
export const useDownloadFile = (projectId: string) =>
  useMutation({
    mutationFn: async (file: { id: string; name: string }) => {
      const link = document.createElement('a');
      link.href = await fileDownloadUrl(projectId, file.id);
      link.download = file.name;
      link.rel = 'noopener';
      link.style.display = 'none';
      document.body.append(link);
      link.click();
      link.remove();
    },
  });
