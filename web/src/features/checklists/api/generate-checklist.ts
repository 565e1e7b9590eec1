import { useMutation } from '@tanstack/react-query';
import type { GenerateChecklistBody, GenerateChecklistResponse } from '#features/checklists/contracts.js';
import { api } from '../../../app/api.js';

/**
 * POST /api/checklists: the AI checklist of a project being submitted, for the client to review; it changes no view.
 */
export function useGenerateChecklist() {
  return useMutation({
    mutationFn: (brief: GenerateChecklistBody) => api.post<GenerateChecklistResponse>('/checklists', brief),
  });
}
