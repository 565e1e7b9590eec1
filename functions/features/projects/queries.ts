import { designerPartition, ownerPartition, projectKey, teamPartition } from './keys.js';
import type { ProjectDetail } from './contracts.js';
import type { Runtime } from '../../platform/runtime.js';
import { hasRole, type Principal } from '../../platform/http/auth.js';
import { canonicalEmail } from '../../../shared/email.js';
import type { ProjectParty } from './state.js';
import type { IndexName, ViewItem } from '../../platform/views/views.js';

/** The project document as the views keep it, with its id: the detail the API answers. */
export type { ProjectDetail };
export { designerPartition, teamPartition };

const parse = (item: ViewItem) => JSON.parse(item.doc as string) as ProjectDetail;

export async function getProject(runtime: Runtime, id: string): Promise<ProjectDetail | null> {
  const { active } = await runtime.views.generations();
  const item = await runtime.views.get(active, projectKey(id).pk, projectKey(id).sk);
  return item && !item.deleted ? parse(item) : null;
}

async function listBy(runtime: Runtime, index: IndexName, pk: string): Promise<ProjectDetail[]> {
  const { active } = await runtime.views.generations();
  return (await runtime.views.query(active, { index, pk })).map(parse);
}

export const projectsOfOwner = (runtime: Runtime, userId: string) => listBy(runtime, 'gsi1', ownerPartition(userId));

/** The users' profiles are the users feature's read model; named here too for the project handlers. */
export { profilesOf } from '../users/queries.js';

/**
 * The projects projection's keys and counters other features read (users count clients' projects, the activity feed,
 * designers' workload).
 */
export { activityPartition, ownerPartition } from './keys.js';
export { designerStatusCounter } from './project-index.js';

/** Who may read a project, and its comments as the activity feed shows them. */
export { canReadProject, isAssignedDesigner } from './access-queries.js';
export { authorOf, commentView, commentsOfProject } from './comment-queries.js';

/** The caller of a read route, as the rules of a project's sides (state.ts) need it. */
export const partyOfPrincipal = (principal: Principal, callerTeamId: string | null): ProjectParty => ({
  sub: principal.sub,
  admin: hasRole(principal, 'admin'),
  designer: hasRole(principal, 'designer'),
  designerEmails: (principal.designerEmails ?? []).map(canonicalEmail),
  teamId: callerTeamId,
});

/** A team's projects (the team's members' archives of their data list them). */
export const projectsOfTeam = (runtime: Runtime, teamId: string) => listBy(runtime, 'gsi2', teamPartition(teamId));
