import { projectDecider, type ProjectState } from '../../domain/project.js';
import type { Projection } from '../../lib/projector.js';
import type { ViewItem } from '../../lib/views.js';

export const projectKey = (id: string) => ({ pk: `project#${id}`, sk: 'doc' });

/**
 * One item per project, holding the whole document (details, checklist, files), listed by
 * gsi1 owner, gsi2 team, gsi3 assigned designer (by id, or by e-mail before they register) and
 * gsi4 all projects — each newest first.
 */
export const projectsProjection: Projection<ProjectState> = {
  name: 'projects',
  streamPrefix: 'project-',
  initialState: projectDecider.initialState,
  evolve: projectDecider.evolve,
  items(state) {
    if (!state.exists || !state.id) return [];
    const sort = `${state.created_at}#${state.id}`;
    const designer = state.assigned_designer_id ?? state.assigned_designer_email;
    const item: ViewItem = {
      ...projectKey(state.id),
      gsi1pk: `owner#${state.user_id}`,
      gsi1sk: sort,
      gsi4pk: 'projects',
      gsi4sk: sort,
      doc: JSON.stringify(state),
    };
    if (state.team_id) Object.assign(item, { gsi2pk: `team#${state.team_id}`, gsi2sk: sort });
    if (designer) Object.assign(item, { gsi3pk: `designer#${designer.toLowerCase()}`, gsi3sk: sort });
    return [item];
  },
};
