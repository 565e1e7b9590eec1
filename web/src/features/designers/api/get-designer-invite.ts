import { queryOptions } from '@tanstack/react-query';
import type { DesignerInviteDetailsResponse } from '#features/designers/contracts.js';
import { api } from '../../../app/api.js';

/**
 * GET /api/designer-invites/{token}: the invited address. A link is checked on each visit, never
 * answered from an earlier one.
 */
export const designerInviteQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['designer-invite', token] as const,
    queryFn: () => api.get<DesignerInviteDetailsResponse>(`/designer-invites/${encodeURIComponent(token ?? '')}`),
    enabled: !!token,
    gcTime: 0,
  });
