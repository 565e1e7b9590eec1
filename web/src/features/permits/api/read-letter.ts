import { useMutation } from '@tanstack/react-query';
import type { ReadLetterResponse } from '#features/permits/contracts.js';
import { api } from '../../../app/api.js';
import { cityReviewPath } from './keys.js';

/** The items a recorded correction letter proposes, for the person to confirm or edit (nothing is stored). */
export const useReadLetter = (projectId: string) =>
  useMutation({
    mutationFn: (fileId: string) =>
      api.post<ReadLetterResponse>(`${cityReviewPath(projectId)}/read-letter`, { file_id: fileId }),
  });
