import { httpHandler } from '../../../app/http.js';
import { memberParams } from '../contracts.js';
import { onCallersTeam } from '../handler-support.js';

/** DELETE /api/team/members/{userId}: a team admin removes another member. */
export const handler = httpHandler({ params: memberParams }, (request) =>
  onCallersTeam(request, { type: 'RemoveMember', user_id: request.params.userId }),
);
