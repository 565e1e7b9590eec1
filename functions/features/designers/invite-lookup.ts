import {
  INVALID_DESIGNER_INVITATION,
  designerEvolution,
  designerStream,
  isDesigner,
  isInvitationUsable,
  type DesignerState,
} from './state.js';
import { loadState } from '../../platform/event-store/load-state.js';
import { HttpError } from '../../platform/errors.js';
import { designerInvitationEmail } from './queries.js';
import type { EventReading } from '../../platform/runtime.js';
import { hashInviteToken, looksLikeInviteToken } from '../../platform/invite-tokens.js';

const invalid = (status: 404 | 410) =>
  new HttpError(status, status === 404 ? 'NOT_FOUND' : 'GONE', INVALID_DESIGNER_INVITATION);

/**
 * A designer invitation by its link's token: the read side's lookup item (by the token's sha256)
 * names the address, and that designer stream decides. Unknown tokens answer 404; expired, replaced,
 * used or removed ones 410; both 'Invalid or expired invitation'.
 */
export async function findDesignerInvitation(
  runtime: EventReading,
  token: string,
): Promise<{ hash: string; state: DesignerState }> {
  if (!looksLikeInviteToken(token)) throw invalid(404);
  const hash = hashInviteToken(token);
  const email = await designerInvitationEmail(runtime, hash);
  if (!email) throw invalid(404);
  const { state } = await loadState(designerEvolution, designerStream(email), runtime);
  if (
    !isDesigner(state) ||
    state.invitation?.token_hash !== hash ||
    !isInvitationUsable(state.invitation, runtime.now().toISOString())
  )
    throw invalid(410);
  return { hash, state };
}
