import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { canonicalEmail } from '#shared/email.js';
import { accountByEmail } from '../../designers/queries.js';
import { invitationProves } from '../../teams/queries.js';
import { eventReading } from '../../../app/runtime.js';
import { trigger } from '../../../platform/lambda/trigger-chain.js';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const VERIFIED_CLAIM_MESSAGE = 'A sign-up cannot mark its own e-mail address verified.';

/** The sign-up's `clientMetadata` key carrying the team invitation token of the invite-signup page. */
export const INVITE_TOKEN_METADATA = 'invite_token';

/**
 * Sign-up needs no confirmation code (docs/product.md#states: after sign-up the user signs in), so the pool
 * confirms the account at once; PostConfirmation then records the registration. The e-mail is NOT
 * marked verified: nobody has proven they hold it, and nothing others keep (a team, an invitation,
 * an accepted invitation, a test e-mail) is built on it until its holder proves it (Cognito's code,
 * asked for by the SPA's dialog, or a reset link). One exception keeps the invite-signup page one
 * step: a sign-up carrying a working team invitation token sent to the very address signing up
 * proves it (only that mailbox received the link), so the account starts verified.
 *
 * A second account for a variant of a registered address (`Designer@X.com `) is refused: addresses
 * are compared in their canonical form, while cognito-local (and a case-sensitive pool) would take
 * the variant as a new user.
 */
export const handler = trigger(async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  if (event.triggerSource === 'PreSignUp_SignUp' || event.triggerSource === 'PreSignUp_AdminCreateUser') {
    const email = event.request.userAttributes.email;
    if (
      email &&
      event.triggerSource === 'PreSignUp_SignUp' &&
      (await accountByEmail(eventReading(), canonicalEmail(email)))
    ) {
      throw new Error(EMAIL_TAKEN_MESSAGE);
    }
    // A self sign-up may not say its address is verified (the operator's AdminCreateUser may): only
    // a proof may, the identity provider's or the invitation's below.
    if (event.triggerSource === 'PreSignUp_SignUp' && event.request.userAttributes.email_verified !== undefined)
      throw new Error(VERIFIED_CLAIM_MESSAGE);
    event.response.autoConfirmUser = true;
    if (
      event.triggerSource === 'PreSignUp_SignUp' &&
      email &&
      (await invitationProves(eventReading(), event.request.clientMetadata?.[INVITE_TOKEN_METADATA], email))
    ) {
      event.response.autoVerifyEmail = true;
    }
  }
  return event;
});
