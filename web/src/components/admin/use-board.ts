import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProjectCard, ProjectStatus } from '../../lib/contracts.js';
import { PROJECT_STATUSES } from '../../lib/projects.js';
import { listProjects, type ProjectFilters } from './admin-api.js';

/** Cards a column loads at a time ("Load more" at its foot brings the next ones). */
export const BOARD_PAGE_SIZE = 25;

export interface BoardColumn {
  projects: ProjectCard[];
  /** The server's count for the column (the counter projection), when it has one for these filters. */
  count: number | null;
  next: string | null;
  loadingMore: boolean;
}

export type Board = Record<ProjectStatus, BoardColumn>;

const emptyColumn = (): BoardColumn => ({ projects: [], count: 0, next: null, loadingMore: false });

/**
 * The admin board, a column at a time: each column asks the server for its first page with the
 * filters (the server filters and searches), and pages on its own. A status filter loads only its
 * column. `reloadKey` reloads every column's first page.
 */
export function useBoard(filters: ProjectFilters, reloadKey: unknown, onError: (error: unknown) => void) {
  const [board, setBoard] = useState<Board | null>(null);
  const current = useRef(0);
  const errors = useRef(onError);
  errors.current = onError;

  useEffect(() => {
    const run = (current.current += 1);
    const statuses = PROJECT_STATUSES.map((status) => status.value).filter((status) => !filters.status || filters.status === status);
    Promise.all(statuses.map((status) => listProjects({ ...filters, status, limit: String(BOARD_PAGE_SIZE) }).then((answer) => [status, answer] as const)))
      .then((answers) => {
        if (run !== current.current) return;
        const next = Object.fromEntries(PROJECT_STATUSES.map(({ value }) => [value, emptyColumn()])) as Board;
        for (const [status, answer] of answers) {
          next[status] = { projects: answer.projects, count: answer.counts?.[status] ?? null, next: answer.next_cursor ?? null, loadingMore: false };
        }
        setBoard(next);
      })
      .catch((error: unknown) => {
        if (run !== current.current) return;
        errors.current(error);
        setBoard(Object.fromEntries(PROJECT_STATUSES.map(({ value }) => [value, emptyColumn()])) as Board);
      });
  }, [filters, reloadKey]);

  const loadMore = useCallback(
    (status: ProjectStatus) => {
      const column = board?.[status];
      if (!column?.next || column.loadingMore) return;
      const run = current.current;
      setBoard((b) => (b ? { ...b, [status]: { ...b[status], loadingMore: true } } : b));
      listProjects({ ...filters, status, limit: String(BOARD_PAGE_SIZE), cursor: column.next })
        .then((answer) => {
          if (run !== current.current) return;
          setBoard((b) => {
            if (!b) return b;
            const known = new Set(b[status].projects.map((project) => project.id));
            const added = answer.projects.filter((project) => !known.has(project.id));
            return { ...b, [status]: { ...b[status], projects: [...b[status].projects, ...added], next: answer.next_cursor ?? null, loadingMore: false } };
          });
        })
        .catch((error: unknown) => {
          errors.current(error);
          setBoard((b) => (b ? { ...b, [status]: { ...b[status], loadingMore: false } } : b));
        });
    },
    [board, filters],
  );

  return { board, loadMore };
}
