import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api.js';
import type { ListProjectsResponse, ProjectCard } from '../../lib/contracts.js';
import { useLiveTopics } from '../../lib/live.js';
import { projectsApi } from '../../lib/projects.js';
import { appendPage } from '../../lib/paging.js';

export interface CallerProjects {
  projects: ProjectCard[] | null;
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
 * brings the next page of a list longer than one. Load failures are only logged (spec/1 §8, spec/2
 * §8): the list is then empty.
 */
export function useProjects(): CallerProjects {
  const [projects, setProjects] = useState<ProjectCard[] | null>(null);
  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [generation, setGeneration] = useState(0);
  const current = useRef(0);

  useEffect(() => {
    let active = true;
    const run = (current.current += 1);
    projectsApi
      .list()
      .then((answer) => {
        // Arriving data renders as a transition (in short slices, input first).
        if (active && run === current.current)
          startTransition(() => {
            setProjects(answer.projects);
            setCounts(answer.counts ?? null);
            setNext(answer.next_cursor ?? null);
          });
      })
      .catch((error: unknown) => {
        console.error('Could not load projects', error);
        if (active) startTransition(() => setProjects((current) => current ?? []));
      });
    return () => {
      active = false;
    };
  }, [generation]);

  const loadMore = useCallback(() => {
    if (!next || loadingMore) return;
    const run = current.current;
    setLoadingMore(true);
    api
      .get<ListProjectsResponse>(`/projects?cursor=${encodeURIComponent(next)}`)
      .then((answer) => {
        if (run !== current.current) return;
        setProjects((list) => appendPage(list, answer.projects));
        setNext(answer.next_cursor ?? null);
      })
      .catch((error: unknown) => console.error('Could not load more projects', error))
      .finally(() => setLoadingMore(false));
  }, [next, loadingMore]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  // The list changes when any of the caller's projects does (live topic 'projects').
  useLiveTopics(['projects'], reload);
  return { projects, counts, hasMore: next !== null, loadingMore, loadMore, reload };
}
