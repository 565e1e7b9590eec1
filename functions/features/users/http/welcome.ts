import { userDecider, userStream } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import type { WelcomeResponse } from '../contracts.js';

/**
 * POST /api/me/welcome: the caller's dashboard greeted them ('Welcome'); recorded once on their
 * stream, so every later visit, on any device, says 'Welcome back'. A second call records nothing.
 */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const { state } = await runCommand(
    userDecider,
    userStream(principal.sub),
    { type: 'SeeWelcome' },
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    appending(),
  );
  const body: WelcomeResponse = { welcomed_at: state.welcomed_at ?? new Date().toISOString() };
  return { body };
});
