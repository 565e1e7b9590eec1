import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { trigger } from '../../../platform/lambda/trigger-chain.js';
import { SIGN_IN_ANSWER_CHALLENGE, SIGN_IN_ANSWER_METADATA } from './define-auth-challenge.js';

/**
 * The challenge asks for nothing new: the answer was handed to the proving session with its proof
 * (http/email-proof.ts), and only its hash is kept, so there is nothing to send or to keep here.
 * Refuses any challenge but the one DefineAuthChallenge names.
 */
export const handler = trigger(async (event: CreateAuthChallengeTriggerEvent) => {
  if (event.request.challengeName !== SIGN_IN_ANSWER_CHALLENGE) throw new Error('Unknown challenge');
  event.response.publicChallengeParameters = {};
  event.response.privateChallengeParameters = {};
  event.response.challengeMetadata = SIGN_IN_ANSWER_METADATA;
  return event;
});
