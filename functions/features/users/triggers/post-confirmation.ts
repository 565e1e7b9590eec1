import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { USER_TYPES, type UserType } from '#shared/vocabulary.js';
import { SYSTEM_ACTOR } from '#events/envelope.js';
import { canonicalEmail } from '#shared/email.js';
import { userDecider, userStream } from '../decider.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { trigger } from '../../../platform/lambda/trigger-chain.js';
import { invitationProves } from '../../teams/queries.js';
import { appending } from '../../../app/runtime.js';
import { DomainError } from '../../../platform/domain-errors.js';
import { userIdOfSub } from '../identity-queries.js';
import { INVITE_TOKEN_METADATA } from './pre-sign-up.js';

const clean = (value: string | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/**
 * Records `UserRegistered` in the user's stream (the e-mail in its canonical form); group membership
 * follows from that event. A registration grants nothing by its e-mail: see the PreSignUp trigger.
 * A sign-up through a team invitation sent to its address also records that proof (checked again
 * here: the invitation, not the attribute, is the proof).
 *
 * Cognito's own password reset (ForgotPassword, then ConfirmForgotPassword with the mailed code)
 * reaches here too: it ends every session of the account, as our reset link does.
 */
export const handler = trigger(async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  const attributes = event.request.userAttributes;
  if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') {
    // The user the account stands for (a re-created account after a lost pool is its old user); an
    // account with no registration has no session the API accepts, and its reset must still work.
    const userId = await userIdOfSub(appending(), attributes.sub!);
    await runCommand(
      userDecider,
      userStream(userId),
      { type: 'EndSessions', reason: 'password_reset' },
      { actor: SYSTEM_ACTOR },
      appending(),
    ).catch((error: unknown) => {
      if (!(error instanceof DomainError && error.code === 'NOT_FOUND')) throw error;
    });
    return event;
  }
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const provenByInvitation =
    attributes.email_verified === 'true' &&
    (await invitationProves(
      appending(),
      event.request.clientMetadata?.[INVITE_TOKEN_METADATA],
      attributes.email ?? '',
    ));
  const requestedType = attributes['custom:user_type'] as UserType | undefined;
  await runCommand(
    userDecider,
    userStream(attributes.sub!),
    {
      type: 'RegisterUser',
      user_id: attributes.sub!,
      email: canonicalEmail(attributes.email!),
      full_name: clean(attributes.name, 200),
      company: clean(attributes['custom:company'], 200),
      phone: clean(attributes['custom:phone'], 40),
      user_type: requestedType && USER_TYPES.includes(requestedType) ? requestedType : 'architect',
      ...(provenByInvitation ? { email_proven: 'invitation' as const } : {}),
    },
    { actor: SYSTEM_ACTOR },
    appending(),
  );
  return event;
});
