import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { trigger } from '../../../platform/lambda/trigger-chain.js';

/** The one challenge of the custom flow: the proof's one-time answer (create-auth-challenge.ts). */
export const SIGN_IN_ANSWER_CHALLENGE = 'CUSTOM_CHALLENGE';
export const SIGN_IN_ANSWER_METADATA = 'EMAIL_PROOF_ANSWER';

/**
 * Cognito's custom authentication serves one thing only: the session that just proved the account's
 * address signs in again with the one-time answer its proof returned (sign-in-answers.ts), instead
 * of the password. One challenge, one attempt: tokens only after exactly one answer of ours that
 * VerifyAuthChallengeResponse found right; an unknown user, a second round, any other challenge or
 * a wrong answer fails the sign-in.
 */
export const handler = trigger(async (event: DefineAuthChallengeTriggerEvent) => {
  const session = event.request.session ?? [];
  const [first] = session;
  event.response.issueTokens = false;
  event.response.failAuthentication = true;
  if (event.request.userNotFound) return event;
  if (session.length === 0) {
    event.response.challengeName = SIGN_IN_ANSWER_CHALLENGE;
    event.response.failAuthentication = false;
  } else if (
    session.length === 1 &&
    first?.challengeName === SIGN_IN_ANSWER_CHALLENGE &&
    first.challengeMetadata === SIGN_IN_ANSWER_METADATA &&
    first.challengeResult === true
  ) {
    event.response.issueTokens = true;
    event.response.failAuthentication = false;
  }
  return event;
});
