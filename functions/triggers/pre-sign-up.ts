import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { trigger } from './trigger-chain.js';

/**
 * Sign-up needs no confirmation code (spec/1 §4: after sign-up the user signs in), so the pool
 * confirms the account and its e-mail at once; PostConfirmation then records the registration.
 */
export const handler = trigger(async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  if (event.triggerSource === 'PreSignUp_SignUp' || event.triggerSource === 'PreSignUp_AdminCreateUser') {
    event.response.autoConfirmUser = true;
    if (event.request.userAttributes.email) event.response.autoVerifyEmail = true;
  }
  return event;
});
