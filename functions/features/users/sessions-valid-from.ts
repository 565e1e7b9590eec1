import { projectionsCaughtUp } from '../../platform/views/caught-up.js';
import type { Runtime } from '../../platform/runtime.js';
import { userStream } from './decider.js';

/**
 * Waits until a "sessions valid from" instant has come (at most a second: it is the whole second
 * after the decision), so that a sign-in made right after the answer is in a later second than the
 * instant and is accepted. Token times are whole seconds; without the wait, a client that signs in
 * again at once (the proof dialog, a script after a reset) would get a token of the refused second.
 */
export async function untilValid(validFrom: string | null | undefined, now = Date.now()): Promise<void> {
  const wait = validFrom ? Date.parse(validFrom) - now : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 1_000)));
}

/**
 * For a command that ended the caller's own sessions: answers once the users projection has the
 * instant (the very next request with an old token is refused, as the answer says) and the instant
 * has come (a sign-in right after the answer is accepted).
 */
export async function afterSessionsEnded(
  runtime: Runtime,
  userId: string,
  result: { version: number; state: { sessions_valid_from?: string | null } },
): Promise<void> {
  await Promise.all([
    projectionsCaughtUp(runtime, userStream(userId), result.version),
    untilValid(result.state.sessions_valid_from),
  ]);
}
