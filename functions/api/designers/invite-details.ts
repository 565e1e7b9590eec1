import { httpHandler } from '../../http/middleware.js';
import { getRuntime } from '../../core/runtime.js';
import { designerInviteTokenParams, type DesignerInviteDetailsResponse } from '../contracts/designers.js';
import { findDesignerInvitation } from './invite-lookup.js';

/** GET /api/designer-invites/{token} (public): the address a working designer invitation link was sent to. */
export const handler = httpHandler({ params: designerInviteTokenParams }, async (request) => {
  const { state } = await findDesignerInvitation(getRuntime(), request.params.token);
  const body: DesignerInviteDetailsResponse = { email: state.email!, expires_at: state.invitation!.expires_at };
  return { body };
});
