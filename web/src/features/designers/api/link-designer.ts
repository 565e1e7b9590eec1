import { useMutation } from '@tanstack/react-query';
import type { LinkDesignerResponse } from '#features/designers/contracts.js';
import { api } from '../../../app/api.js';

/**
 * POST /api/designers/link: links a designer pre-authorised by e-mail to this account and answers
 * `allowed`. The designer list follows the `designers` topic; the caller's tokens are refreshed by it.
 */
export function useLinkDesigner() {
  return useMutation({ mutationFn: () => api.post<LinkDesignerResponse>('/designers/link') });
}
