import { httpHandler } from '../../../app/http.js';
import { changeMemberRoleBody, memberParams } from '../contracts.js';
import { onCallersTeam } from '../handler-support.js';

/** PATCH /api/team/members/{userId}: a team admin changes another active member's team role. */
export const handler = httpHandler({ body: changeMemberRoleBody, params: memberParams }, (request) =>
  onCallersTeam(request, { type: 'ChangeMemberRole', user_id: request.params.userId, role: request.body.role }),
);
