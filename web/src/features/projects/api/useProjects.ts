import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { ProjectCard } from '../../../lib/contracts.js';
import { appendPage } from '../../../lib/paging.js';
import { myProjectsQuery } from './get-my-projects.js';
import { projectKeys } from './keys.js';

export interface CallerProjects {
  /** Null while loading, and when the list could not be loaded (then `failed`). */
  projects: ProjectCard[] | null;
  /** The list could not be loaded (and none was loaded before): say so, never an empty account. */
  failed: boolean;
  /** Asking again after a failure. */
  retrying: boolean;
  /** Projects per status of the whole list, when it is longer than a page (else count `projects`). */
  counts: Record<string, number> | null;
  /** True while there are older projects to load ('Load more'). */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  reload(): void;
}

/**
 * The caller's projects from GET /api/projects, newest first, a page at a time: one call (one
 * projection read per partition) for the screen's first page, no per-card requests; 'Load more'
 * brings the next page of a list longer than one. The live `projects` topic reads the loaded pages
 * again. A failed load is `failed` (the screen says 'We couldn't load your projects' with 'Try again'),
 * never an empty list that reads as an empty account.
 */
export function useProjects(): CallerProjects {
  const client = useQueryClient();
  const query = useInfiniteQuery(myProjectsQuery());
  useEffect(() => {
    if (query.error) console.error('Could not load projects', query.error);
  }, [query.error]);
  const pages = query.data?.pages;
  const projects = useMemo(
    () => (pages ? pages.reduce<ProjectCard[]>((list, page) => appendPage(list, page.projects), []) : null),
    [pages],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: projectKeys.mine() }), [client]);
  const failed = !pages && query.isError;
  return {
    projects,
    failed,
    retrying: failed && query.isFetching,
    counts: pages?.[0]?.counts ?? null,
    hasMore: !!hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore,
    reload,
  };
}
