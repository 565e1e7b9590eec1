import { httpHandler } from '../../../app/http.js';
import { inviteParams } from '../contracts.js';
import { onCallersTeam } from '../handler-support.js';

/** POST /api/team/invites/{id}/revoke: a team admin revokes a pending invitation; its link stops working. */
export const handler = httpHandler({ params: inviteParams }, (request) =>
  onCallersTeam(request, { type: 'RevokeInvite', invite_id: request.params.id }),
);
