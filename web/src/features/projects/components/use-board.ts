import {
  keepPreviousData,
  useInfiniteQuery,
  type UseInfiniteQueryResult,
  type InfiniteData,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ListProjectsResponse, ProjectCard, ProjectStatus } from '../../../lib/contracts.js';
import { appendPage } from '../../../lib/paging.js';
import { PROJECT_STATUSES } from '../../../lib/vocabulary.js';
import type { ProjectFilters } from '../api/project-filters.js';
import { boardColumnQuery } from '../api/get-board-column.js';

export interface BoardColumn {
  projects: ProjectCard[];
  /** The server's count for the column (the counter projection), when it has one for these filters. */
  count: number | null;
  next: string | null;
  loadingMore: boolean;
}

export type Board = Record<ProjectStatus, BoardColumn>;

type ColumnQuery = UseInfiniteQueryResult<InfiniteData<ListProjectsResponse>>;

/** One column's query; a status filter leaves the other columns unasked (and empty). */
function useColumn(filters: ProjectFilters, status: ProjectStatus): ColumnQuery {
  return useInfiniteQuery({
    ...boardColumnQuery(filters, status),
    enabled: !filters.status || filters.status === status,
    placeholderData: keepPreviousData,
  });
}

function column(query: ColumnQuery, status: ProjectStatus): BoardColumn {
  const pages = query.data?.pages ?? [];
  return {
    projects: pages.reduce<ProjectCard[]>((list, page) => appendPage(list, page.projects), []),
    count: pages.length === 0 ? 0 : (pages[0]!.counts?.[status] ?? null),
    next: query.hasNextPage ? (pages.at(-1)?.next_cursor ?? null) : null,
    loadingMore: query.isFetchingNextPage,
  };
}

/**
 * The admin board, a column at a time: each column asks the server for its first page with the
 * filters (the server filters and searches), and pages on its own. A status filter loads only its
 * column. Each column is a cached view: the live `projects` topic reads its loaded pages again, and
 * the board keeps showing what it has while it does (and while new filters load).
 */
export function useBoard(filters: ProjectFilters, onError: (error: unknown) => void) {
  // One hook per status, always in the same order.
  const queries = [
    useColumn(filters, 'queued'),
    useColumn(filters, 'in_progress'),
    useColumn(filters, 'needs_revision'),
    useColumn(filters, 'delivered'),
  ];
  const byStatus = Object.fromEntries(PROJECT_STATUSES.map(({ value }, index) => [value, queries[index]!])) as Record<
    ProjectStatus,
    ColumnQuery
  >;
  const asked = PROJECT_STATUSES.filter(({ value }) => !filters.status || filters.status === value).map(
    ({ value }) => byStatus[value],
  );
  const ready = asked.every((query) => query.data !== undefined || query.isError);
  const failed = asked.some((query) => query.isError && !query.isFetchingNextPage);
  const errors = useRef(onError);
  errors.current = onError;
  const firstError = asked.find((query) => query.error)?.error;
  // One toast for a failed load of the board, however many columns it failed for.
  useEffect(() => {
    if (failed && firstError) errors.current(firstError);
  }, [failed, firstError]);

  const shown = (status: ProjectStatus) => !filters.status || filters.status === status;
  // A few pages of cards: built on each render rather than remembered.
  const board: Board | null = ready
    ? (Object.fromEntries(
        PROJECT_STATUSES.map(({ value }) => [
          value,
          shown(value) ? column(byStatus[value], value) : { projects: [], count: 0, next: null, loadingMore: false },
        ]),
      ) as Board)
    : null;

  const loadMore = (status: ProjectStatus) => {
    const query = byStatus[status];
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  return { board, loadMore };
}
