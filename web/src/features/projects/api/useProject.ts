import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { ProjectResponse } from '#features/projects/contracts.js';
import { projectQuery } from './get-project.js';
import { projectKeys } from './keys.js';

export interface ProjectState {
  data: ProjectResponse | null;
  loading: boolean;
  error: string | null;
  reload(): void;
  /** Replaces the loaded project (after a change the API answered with). */
  replace(next: ProjectResponse['project']): void;
}

/**
 * GET /api/projects/{id} while `id` is set, from the query cache: read again when the project's live
 * topic changes; a refetch keeps showing what is there.
 */
export function useProject(id: string | null): ProjectState {
  const client = useQueryClient();
  const query = useQuery({ ...projectQuery(id ?? ''), enabled: id !== null });
  useEffect(() => {
    if (query.error) console.error('Could not load the project', query.error);
  }, [query.error]);
  const reload = useCallback(() => {
    if (id) void client.invalidateQueries({ queryKey: projectKeys.detail(id) });
  }, [client, id]);
  const replace = useCallback(
    (next: ProjectResponse['project']) =>
      client.setQueryData<ProjectResponse>(projectKeys.detail(next.id), (current) =>
        current ? { ...current, project: next } : current,
      ),
    [client],
  );
  const data = id && query.data?.project.id === id ? query.data : null;
  return { data, loading: query.isFetching, error: query.isError ? 'Unable to load projects' : null, reload, replace };
}
