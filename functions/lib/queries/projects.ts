import { projectKey, type ProjectDocument } from '../../consumers/projections/projects.js';
import type { Runtime } from '../runtime.js';
import type { IndexName, ViewItem } from '../views.js';

export type ProjectDoc = ProjectDocument & { id: string };

const parse = (item: ViewItem) => JSON.parse(item.doc as string) as ProjectDoc;

export async function getProject(runtime: Runtime, id: string): Promise<ProjectDoc | null> {
  const { active } = await runtime.views.generations();
  const item = await runtime.views.get(active, projectKey(id).pk, projectKey(id).sk);
  return item && !item.deleted ? parse(item) : null;
}

async function listBy(runtime: Runtime, index: IndexName, pk: string): Promise<ProjectDoc[]> {
  const { active } = await runtime.views.generations();
  return (await runtime.views.query(active, { index, pk })).map(parse);
}

export const projectsOfOwner = (runtime: Runtime, userId: string) => listBy(runtime, 'gsi1', `owner#${userId}`);
export const projectsOfTeam = (runtime: Runtime, teamId: string) => listBy(runtime, 'gsi2', `team#${teamId}`);
export const projectsOfDesigner = (runtime: Runtime, idOrEmail: string) => listBy(runtime, 'gsi3', `designer#${idOrEmail.toLowerCase()}`);
export const allProjects = (runtime: Runtime) => listBy(runtime, 'gsi4', 'projects');

/** Newest first, each project once (a project can be found both by owner and by team). */
export function mergeNewestFirst(...lists: ProjectDoc[][]): ProjectDoc[] {
  const byId = new Map<string, ProjectDoc>();
  for (const list of lists) for (const project of list) byId.set(project.id, project);
  return [...byId.values()].sort((a, b) => (a.created_at! < b.created_at! ? 1 : a.created_at! > b.created_at! ? -1 : 0));
}
