import { HttpError } from '../../../platform/errors.js';
import { httpHandler } from '../../../app/http.js';
import { projectsOfOwner } from '../../projects/queries.js';
import { getTeam, membershipOf } from '../../teams/queries.js';
import { getAdminUser } from '../admin-users.js';
import { profilesOf } from '../queries.js';
import type { Runtime } from '../../../platform/runtime.js';
import { reading } from '../../../platform/views/reader.js';
import { userIdParams, type UserDetailsResponse, type UserTeam } from '../admin-contracts.js';

/** The spec counts designer_review and completed, which this product does not have: these are ours. */
const ACTIVE_STATUSES = new Set(['queued', 'in_progress', 'needs_revision']);
const COMPLETED_STATUSES = new Set(['delivered']);

/** The user's client team with its members (oldest first), or null ('No team information available'). */
async function teamOf(runtime: Runtime, userId: string): Promise<UserTeam | null> {
  const membership = await membershipOf(runtime, userId);
  const team = membership ? await getTeam(runtime, membership.team_id) : null;
  if (!team?.exists || !team.id) return null;
  const people = await profilesOf(
    runtime,
    team.members.map((member) => member.user_id),
  );
  const members = [...team.members].sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
  );
  return {
    id: team.id,
    name: team.name,
    members: members.map((member) => ({
      user_id: member.user_id,
      full_name: people.get(member.user_id)?.full_name ?? null,
      email: people.get(member.user_id)?.email ?? member.email,
      role: member.role,
      active: member.status === 'active',
    })),
  };
}

/** GET /api/users/{id}: Overview (profile, roles, subscription, project statistics), Projects, Team. */
export const handler = httpHandler({ params: userIdParams }, async (request) => {
  const runtime = reading();
  const user = await getAdminUser(runtime, request.params.id);
  if (!user) throw new HttpError(404, 'NOT_FOUND', 'User not found');
  const [projects, team] = await Promise.all([projectsOfOwner(runtime, user.id), teamOf(runtime, user.id)]);
  const body: UserDetailsResponse = {
    user,
    statistics: {
      total: projects.length,
      active: projects.filter((project) => ACTIVE_STATUSES.has(project.status)).length,
      completed: projects.filter((project) => COMPLETED_STATUSES.has(project.status)).length,
    },
    projects: projects.map((project) => ({
      id: project.id,
      title: project.title,
      project_type: project.project_type,
      status: project.status,
      created_at: project.created_at,
    })),
    team,
  };
  return { body };
});
