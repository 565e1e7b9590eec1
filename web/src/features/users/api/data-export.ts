import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DataExportLinkResponse,
  DataExportResponse,
  RequestDataExportResponse,
} from '#features/exports/contracts.js';
import { api } from '../../../app/api.js';

export const dataExportKeys = {
  latest: () => ['me', 'data-export'] as const,
  link: (id: string) => ['me', 'data-export', id, 'link'] as const,
};

/** While an archive is being prepared, the status is read again this often (its notification also refreshes it). */
const PREPARING_POLL_MS = 5_000;

/**
 * GET /api/me/data-export: the caller's latest archive. The notification that it is ready (live topic
 * `notifications`) refreshes it; while it is preparing it is also polled, for a socket that is down.
 */
export const dataExportQuery = () =>
  queryOptions({
    queryKey: dataExportKeys.latest(),
    queryFn: () => api.get<DataExportResponse>('/me/data-export'),
    meta: { topics: ['notifications'] },
    refetchInterval: (query) => (query.state.data?.latest?.status === 'preparing' ? PREPARING_POLL_MS : false),
  });

/** GET /api/me/data-export/{id}/download: a link valid for 300 s, fetched when the person clicks, never kept. */
export const dataExportLinkQuery = (id: string) =>
  queryOptions({
    queryKey: dataExportKeys.link(id),
    queryFn: () => api.get<DataExportLinkResponse>(`/me/data-export/${encodeURIComponent(id)}/download`),
    staleTime: 0,
    gcTime: 0,
  });

/** POST /api/me/data-export: 'Download My Data'. Shows the answer (preparing) at once. */
export function useRequestDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RequestDataExportResponse>('/me/data-export', {}),
    onSuccess: (answer) =>
      client.setQueryData(dataExportKeys.latest(), (old: DataExportResponse | undefined) => ({
        next_allowed_at: old?.next_allowed_at ?? null,
        latest: answer.export,
      })),
  });
}
