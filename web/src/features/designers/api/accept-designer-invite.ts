import { useMutation } from '@tanstack/react-query';
import type { AcceptDesignerInviteResponse } from '#features/designers/contracts.js';
import { api } from '../../../app/api.js';

/**
 * POST /api/designer-invites/{token}/accept: links the designer role to the signed-in account. The
 * admin's designer list follows the `designers` topic; the caller's tokens are refreshed by it.
 */
export function useAcceptDesignerInvite() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<AcceptDesignerInviteResponse>(`/designer-invites/${encodeURIComponent(token)}/accept`),
  });
}
