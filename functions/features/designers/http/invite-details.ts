import { eventReading } from '../../../app/runtime.js';
import { httpHandler, type HttpRequest, type HttpResult } from '../../../app/http.js';
import { designerInviteTokenParams, type DesignerInviteDetailsResponse } from '../contracts.js';
import { findDesignerInvitation } from '../invite-lookup.js';

/** GET /api/designer-invites/{token} (public): the address a working designer invitation link was sent to. */
export async function inviteDetails(request: HttpRequest<unknown, unknown, { token: string }>): Promise<HttpResult> {
  const { state } = await findDesignerInvitation(eventReading(), request.params.token);
  const body: DesignerInviteDetailsResponse = { email: state.email!, expires_at: state.invitation!.expires_at };
  return { body };
}

export const handler = httpHandler({ params: designerInviteTokenParams }, inviteDetails);
