import { httpHandler } from '../../../app/http.js';
import { getUser } from '../../users/queries.js';
import { eventReading } from '../../../app/runtime.js';
import { tokenParams, type InviteDetailsResponse } from '../contracts.js';
import { findInvitation } from '../queries.js';

/** GET /api/invites/{token} (public, get-invite-details): who invited whom to which team. */
export const handler = httpHandler({ params: tokenParams }, async (request) => {
  const runtime = eventReading();
  const { team, invite } = await findInvitation(runtime, request.params.token);
  const inviter = invite.inviter_name ? null : await getUser(runtime, invite.invited_by);
  const body: InviteDetailsResponse = {
    invitedEmail: invite.invited_email,
    teamName: team.name,
    inviterName: invite.inviter_name || inviter?.full_name || inviter?.email || 'A team admin',
  };
  return { body };
});
