import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { canonicalEmail } from '../../events/index.js';
import { accountByEmail } from '../queries/designers.js';
import { getRuntime } from '../core/runtime.js';
import { trigger } from './trigger-chain.js';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

/**
 * Sign-up needs no confirmation code (spec/1 §4: after sign-up the user signs in), so the pool
 * confirms the account at once; PostConfirmation then records the registration. The e-mail is NOT
 * marked verified: nobody has proven they hold it, and nothing is granted by it (designer rights and
 * team seats need their invitation link, which only the mailbox receives).
 *
 * A second account for a variant of a registered address (`Designer@X.com `) is refused: addresses
 * are compared in their canonical form, while cognito-local (and a case-sensitive pool) would take
 * the variant as a new user.
 */
export const handler = trigger(async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  if (event.triggerSource === 'PreSignUp_SignUp' || event.triggerSource === 'PreSignUp_AdminCreateUser') {
    const email = event.request.userAttributes.email;
    if (email && event.triggerSource === 'PreSignUp_SignUp' && (await accountByEmail(getRuntime(), canonicalEmail(email)))) {
      throw new Error(EMAIL_TAKEN_MESSAGE);
    }
    event.response.autoConfirmUser = true;
  }
  return event;
});
