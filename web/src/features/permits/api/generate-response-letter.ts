import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseLetterResponse } from '#features/permits/contracts.js';
import { api, newActionKey } from '../../../app/api.js';
import { cityReviewPath } from './keys.js';

/** 'Generate Response Letter': the round's letter as a PDF file of the project (the assigned designer, admins). */
export function useGenerateResponseLetter(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (round: number) =>
      api.post<ResponseLetterResponse>(
        `${cityReviewPath(projectId)}/response-letter`,
        { round },
        { idempotencyKey: newActionKey() },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['projects'] }),
  });
}
