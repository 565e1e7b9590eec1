import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { reading } from '../../../platform/views/reader.js';
import { trigger } from '../../../platform/lambda/trigger-chain.js';
import { spendSignInAnswer } from '../sign-in-answers.js';

/**
 * Right only for the live one-time answer stored for this very Cognito account (its `sub`, from the
 * pool, never from the request): compared by hash in constant time, and spent by the first answer
 * given, right or wrong (sign-in-answers.ts).
 */
export const handler = trigger(async (event: VerifyAuthChallengeResponseTriggerEvent) => {
  const sub = event.request.userNotFound ? '' : (event.request.userAttributes?.sub ?? '');
  event.response.answerCorrect = await spendSignInAnswer(reading(), sub, event.request.challengeAnswer);
  return event;
});
