import { useMutation } from '@tanstack/react-query';
import type { ResponseLetterResponse } from '#features/permits/contracts.js';
import { api, newActionKey } from '../../../app/api.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import { projectKeys } from '../../projects/api/keys.js';
import { cityReviewPath } from './keys.js';

/**
 * 'Generate Response Letter': the round's letter as a PDF file of the project (the assigned designer,
 * admins). The project's views follow its live topics (asked now while the socket is down).
 */
export function useGenerateResponseLetter(projectId: string) {
  return useMutation({
    mutationFn: (round: number) =>
      api.post<ResponseLetterResponse>(
        `${cityReviewPath(projectId)}/response-letter`,
        { round },
        { idempotencyKey: newActionKey() },
      ),
    onSuccess: () => refreshUnlessLive([projectKeys.all]),
  });
}
