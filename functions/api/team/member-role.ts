import { httpHandler } from '../../http/middleware.js';
import { changeMemberRoleBody, memberParams } from '../contracts/team.js';
import { onCallersTeam } from './common.js';

/** PATCH /api/team/members/{userId}: a team admin changes another active member's team role. */
export const handler = httpHandler({ body: changeMemberRoleBody, params: memberParams }, (request) =>
  onCallersTeam(request, { type: 'ChangeMemberRole', user_id: request.params.userId, role: request.body.role }),
);
