import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AuditResponse } from '#features/audit/contracts.js';
import { api } from '../../../app/api.js';

const path = (streamId: string) => `/audit/${encodeURIComponent(streamId)}`;

export const auditKeys = {
  history: (streamId: string) => ['audit', streamId, 'history'] as const,
  asOf: (streamId: string, version: number) => ['audit', streamId, 'as-of', version] as const,
};

/** GET /api/audit/{stream}: the verified chain and the latest state, then older events a page per cursor. */
export const auditHistoryQuery = (streamId: string) =>
  infiniteQueryOptions({
    queryKey: auditKeys.history(streamId),
    queryFn: ({ pageParam }) =>
      api.get<AuditResponse>(pageParam ? `${path(streamId)}?cursor=${encodeURIComponent(pageParam)}` : path(streamId)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
  });

/** GET /api/audit/{stream}?asOf=N: the state as of one event. */
export const auditAsOfQuery = (streamId: string, version: number) =>
  queryOptions({
    queryKey: auditKeys.asOf(streamId, version),
    queryFn: () => api.get<AuditResponse>(`${path(streamId)}?asOf=${version}`),
  });
