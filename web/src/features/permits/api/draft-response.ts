import { useMutation } from '@tanstack/react-query';
import type { DraftResponseResponse } from '#features/permits/contracts.js';
import { api } from '../../../app/api.js';
import { cityReviewPath } from './keys.js';

/** 'Draft Response': a proposed answer to one item, for the studio to edit or accept (nothing is stored). */
export const useDraftResponse = (projectId: string) =>
  useMutation({
    mutationFn: (input: { round: number; item_id: string }) =>
      api.post<DraftResponseResponse>(`${cityReviewPath(projectId)}/draft-response`, input),
  });
