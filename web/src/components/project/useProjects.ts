import { startTransition, useCallback, useEffect, useState } from 'react';
import type { ProjectCard } from '../../lib/contracts.js';
import { useLiveTopics } from '../../lib/live.js';
import { projectsApi } from '../../lib/projects.js';

/**
 * The caller's projects from GET /api/projects: one call (one projection read) for the whole screen,
 * no per-card requests. Load failures are only logged (spec/1 §8, spec/2 §8): the list is then empty.
 */
export function useProjects(): { projects: ProjectCard[] | null; reload(): void } {
  const [projects, setProjects] = useState<ProjectCard[] | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let active = true;
    projectsApi
      .list()
      .then((answer) => {
        // Arriving data renders as a transition (in short slices, input first).
        if (active) startTransition(() => setProjects(answer.projects));
      })
      .catch((error: unknown) => {
        console.error('Could not load projects', error);
        if (active) startTransition(() => setProjects((current) => current ?? []));
      });
    return () => {
      active = false;
    };
  }, [generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  // The list changes when any of the caller's projects does (live topic 'projects').
  useLiveTopics(['projects'], reload);
  return { projects, reload };
}
