import * as z from '#events/zod.js';
import { canonicalEmail } from '#shared/email.js';
import { designerDecider, designerEvolution, designerStream, isDesigner } from '../decider.js';
import { DomainError } from '../../../platform/domain-errors.js';
import { actorOf } from '../../../platform/http/auth.js';
import { loadState, runCommand } from '../../../platform/event-store/command.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { accountByEmail, isAdminAccount } from '../queries.js';
import { consumeQuota } from '../../../platform/quotas.js';
import { appending } from '../../../app/runtime.js';
import { ADD_DESIGNER_MESSAGES, addDesignerBody, type AddDesignerResponse } from '../contracts.js';
import { newInviteToken } from '../../../platform/invite-tokens.js';
import { rowFromState } from '../commands.js';
import { deliverDesignerInvitation } from '../invitation.js';

/** docs/product.md#validation: 'must match a simple address pattern'. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ADD_DESIGNER_REFUSALS = {
  ALREADY_DESIGNER: 'This email is already registered as a designer',
  EMAIL_BELONGS_TO_ADMIN: 'This email belongs to a registered admin account. Please use a different email.',
  EMAIL_BELONGS_TO_USER: 'This email belongs to a registered client or user account. Please use a different email.',
} as const;

/**
 * POST /api/designers (admin): pre-authorise a designer by e-mail (docs/product.md#validation 'Add designer'). An
 * e-mail that already has a role is refused with its own code. Nothing is linked to any account
 * here, not even one registered with that address (an address at sign-up is not proven): the address
 * gets a one-time invitation link (7 days), and the authorisation is linked to the account of whoever
 * follows it signed in with that address.
 */
export const handler = httpHandler({ body: z.optional(addDesignerBody) }, async (request) => {
  const principal = signedIn(request);
  const raw = request.body?.email?.trim() ?? '';
  if (!raw) throw new HttpError(400, 'EMAIL_REQUIRED', ADD_DESIGNER_MESSAGES.required);
  if (!SIMPLE_EMAIL.test(raw)) throw new HttpError(400, 'EMAIL_INVALID', ADD_DESIGNER_MESSAGES.invalid);
  const email = canonicalEmail(raw);
  const runtime = appending();

  // In the spec's order: a designer already, an admin account, another registered (client) account.
  const [{ state: current, version }, account] = await Promise.all([
    loadState(designerEvolution, designerStream(email), runtime),
    accountByEmail(runtime, email),
  ]);
  if (isDesigner(current)) throw new HttpError(409, 'ALREADY_DESIGNER', ADD_DESIGNER_REFUSALS.ALREADY_DESIGNER);
  if (isAdminAccount(account))
    throw new HttpError(409, 'EMAIL_BELONGS_TO_ADMIN', ADD_DESIGNER_REFUSALS.EMAIL_BELONGS_TO_ADMIN);
  // A client's account (a self sign-up that never was a designer) is refused. An account that was a
  // designer before (removed since), or a team account registered as such, comes back: 'profile exists'.
  const wasDesigner = version > 0;
  if (account && !wasDesigner && (account.initial_role ?? 'client') === 'client') {
    throw new HttpError(409, 'EMAIL_BELONGS_TO_USER', ADD_DESIGNER_REFUSALS.EMAIL_BELONGS_TO_USER);
  }

  await consumeQuota(runtime, 'designerInvites', principal.sub);
  const { token, hash } = newInviteToken();
  const meta = { actor: actorOf(principal), correlationId: request.correlationId || undefined };
  let result;
  try {
    result = await runCommand(
      designerDecider,
      designerStream(email),
      { type: 'AuthorizeDesigner', email, invitation: { token_hash: hash } },
      meta,
      runtime,
    );
  } catch (error) {
    // Added by someone else a moment ago: the stream's decider refuses the second one.
    if (error instanceof DomainError && error.code === 'CONFLICT')
      throw new HttpError(409, 'ALREADY_DESIGNER', ADD_DESIGNER_REFUSALS.ALREADY_DESIGNER);
    throw error;
  }
  const delivered = await deliverDesignerInvitation(runtime, result.state, token, meta);
  const profileExists = account !== null;
  const body: AddDesignerResponse = {
    designer: await rowFromState(runtime, delivered.state),
    profile_exists: profileExists,
    message: profileExists ? 'Designer added to system' : 'Designer can now register with this email',
    invitation_sent: delivered.sent,
  };
  return { status: 201, body };
});
