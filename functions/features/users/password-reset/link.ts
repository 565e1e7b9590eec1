import { SYSTEM_ACTOR } from '#events/envelope.js';
import { identityDirectory } from '../../../platform/aws/identity.js';
import { loadState, runCommand } from '../../../platform/event-store/command.js';
import { HttpError } from '../../../platform/errors.js';
import type { EventReading } from '../../../platform/runtime.js';
import { appending } from '../../../app/runtime.js';
import {
  identitySubOf,
  INVALID_RESET_LINK,
  isResetUsable,
  userDecider,
  userEvolution,
  userStream,
  type UserState,
} from '../decider.js';
import type { HttpRequest, HttpResult } from '../../../platform/http/middleware.js';
import { afterSessionsEnded } from '../sessions-valid-from.js';
import {
  PASSWORD_RESET_MESSAGES,
  RESET_PASSWORD_MIN_LENGTH,
  type CheckPasswordResetBody,
  type CompletePasswordResetBody,
  type CompletePasswordResetResponse,
  type PasswordResetDetailsResponse,
} from '../password-reset-contracts.js';
import { hashResetToken, userIdOfResetToken } from './token.js';

const invalid = (status: 404 | 410) => new HttpError(status, status === 404 ? 'NOT_FOUND' : 'GONE', INVALID_RESET_LINK);

/** The account a working link belongs to: malformed tokens answer 404; unknown, replaced, used or expired ones 410. */
async function findReset(
  runtime: EventReading,
  token: string,
): Promise<{ userId: string; hash: string; state: UserState }> {
  const userId = userIdOfResetToken(token);
  if (!userId) throw invalid(404);
  const hash = hashResetToken(token);
  const { state } = await loadState(userEvolution, userStream(userId), runtime);
  if (!state.registered || !state.email || !isResetUsable(state, hash, runtime.now().toISOString())) throw invalid(410);
  return { userId, hash, state };
}

/** { token }: whether the link works, so the page refuses a bad one on load. */
export async function resetDetails(
  request: HttpRequest<CheckPasswordResetBody, unknown, unknown>,
): Promise<HttpResult> {
  const { state } = await findReset(appending(), request.body.token);
  const body: PasswordResetDetailsResponse = { email: state.email!, expires_at: state.password_reset!.expires_at };
  return { body };
}

/** Cognito's policy refusals, in the spec's words where it has them. */
function passwordRefusal(error: unknown): HttpError | null {
  const name = (error as { name?: string }).name;
  if (name !== 'InvalidPasswordException' && name !== 'InvalidParameterException') return null;
  const message = (error as Error).message ?? '';
  return new HttpError(
    400,
    'INVALID_PASSWORD',
    /long enough|length/i.test(message)
      ? PASSWORD_RESET_MESSAGES.tooShort
      : message || PASSWORD_RESET_MESSAGES.tooShort,
  );
}

/**
 * { token, password }: sets the new password (permanent), marks the e-mail verified (the link proved
 * the mailbox), spends the link, and ends every session of the account: one commit records the
 * spent link, the proof of the address (the first time) and the new "sessions valid from" instant;
 * the sessions reactor then signs the account out of Cognito everywhere and closes its sockets.
 */
export async function completeReset(
  request: HttpRequest<CompletePasswordResetBody, unknown, unknown>,
): Promise<HttpResult> {
  const runtime = appending();
  const { token, password } = request.body;
  const { userId, hash, state } = await findReset(runtime, token);
  if ([...password].length < RESET_PASSWORD_MIN_LENGTH)
    throw new HttpError(400, 'INVALID_PASSWORD', PASSWORD_RESET_MESSAGES.tooShort);
  const directory = identityDirectory();
  // The Cognito account: the user's own id, or the re-created account relinked to it after a lost pool.
  const username = identitySubOf(state) ?? userId;
  try {
    await directory.setPassword(username, password);
  } catch (error) {
    // No such account in the pool (it was lost and this user is not re-created yet): the link cannot be used.
    if ((error as { name?: string }).name === 'UserNotFoundException') throw invalid(410);
    throw passwordRefusal(error) ?? error;
  }
  await directory.markEmailVerified(username);
  // Two requests with one link may both get here: the stream's version lets one spend it, the other answers 410.
  const result = await runCommand(
    userDecider,
    userStream(userId),
    { type: 'CompletePasswordReset', token_hash: hash, now: runtime.now().toISOString() },
    { actor: SYSTEM_ACTOR, correlationId: request.correlationId || undefined },
    runtime,
  );
  await afterSessionsEnded(runtime, userId, result);
  const body: CompletePasswordResetResponse = { email: state.email!, message: PASSWORD_RESET_MESSAGES.updated };
  return { body };
}
