import { useCallback, useEffect, useState } from 'react';
import type { ProjectResponse } from '../../../../functions/features/projects/contracts.js';
import { useLiveTopics } from '../../lib/live.js';
import { projectsApi } from '../../lib/projects.js';

export interface ProjectState {
  data: ProjectResponse | null;
  loading: boolean;
  error: string | null;
  reload(): void;
  /** Replaces the loaded project (after a change the API answered with). */
  replace(next: ProjectResponse['project']): void;
}

/** GET /api/projects/{id} while `id` is set; reload() asks again, and so does a live change of the project. */
export function useProject(id: string | null): ProjectState {
  const [data, setData] = useState<ProjectResponse | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!id) {
      setData(null);
      return;
    }
    let active = true;
    setLoading(true);
    projectsApi
      .get(id)
      .then((answer) => {
        if (!active) return;
        setData(answer);
        setError(null);
      })
      .catch((failure: unknown) => {
        console.error('Could not load the project', failure);
        if (active) setError('Unable to load projects');
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [id, generation]);

  // A different project: forget the previous one at once.
  useEffect(() => setData((current) => (current && current.project.id !== id ? null : current)), [id]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  // Someone else changed the project (status, files, checklist): load it again.
  useLiveTopics(id ? [`project:${id}`] : [], reload);
  const replace = useCallback((next: ProjectResponse['project']) => setData((current) => (current ? { ...current, project: next } : current)), []);
  return { data: data && data.project.id === id ? data : null, loading, error, reload, replace };
}
