import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { ProjectCard } from '../../../lib/contracts.js';
import { projectQuery } from './get-project.js';

/**
 * Opens the project named by `?project=<id>` (a notification's link, in the bell or an e-mail) with
 * the screen's own dialog, then takes the parameter off the address. The card comes from the list
 * the screen already has, or, when that page does not hold it, from the project itself.
 */
export function useProjectParam(projects: readonly ProjectCard[] | null, open: (project: ProjectCard) => void): void {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const wanted = params.get('project');
  // Once per wanted project, when the list is there: the params, the list and the callbacks change on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per wanted project, by design
  useEffect(() => {
    if (!wanted || projects === null) return;
    let active = true;
    const clear = () => {
      const next = new URLSearchParams(params);
      next.delete('project');
      setParams(next, { replace: true });
    };
    const listed = projects.find((project) => project.id === wanted);
    if (listed) {
      open(listed);
      clear();
      return;
    }
    // Through the cache: the dialog then opens on the project already read.
    client
      .fetchQuery(projectQuery(wanted))
      .then(({ project }) => {
        if (!active) return;
        const {
          checklist,
          specifications: _specifications,
          description: _description,
          files: _files,
          ...card
        } = project;
        open({
          ...card,
          checklist_total: checklist.length,
          checklist_completed: checklist.filter((task) => task.completed).length,
        });
      })
      .catch((error: unknown) => console.error('Could not open the project of a notification', error))
      .finally(() => {
        if (active) clear();
      });
    return () => {
      active = false;
    };
  }, [wanted, projects === null]);
}
