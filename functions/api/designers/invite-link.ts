import { httpHandler } from '../../http/middleware.js';
import { designerInviteTokenParams } from '../contracts/designers.js';
import { acceptInvite } from './invite-accept.js';
import { inviteDetails } from './invite-details.js';

/**
 * The designer invitation link's two routes, one function (the route key says which):
 * GET /api/designer-invites/{token} (public, the invited address) and
 * POST /api/designer-invites/{token}/accept (signed in with that address: links the role).
 */
export const handler = httpHandler({ params: designerInviteTokenParams }, (request) =>
  request.event.routeKey.startsWith('GET ') ? inviteDetails(request) : acceptInvite(request),
);
