import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { USER_TYPES, SYSTEM_ACTOR, canonicalEmail, type UserType } from '../../events/index.js';
import { userDecider, userStream } from '../domain/user.js';
import { runCommand } from '../core/command.js';
import { trigger } from './trigger-chain.js';

const clean = (value: string | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/**
 * Records `UserRegistered` in the user's stream (the e-mail in its canonical form); group membership
 * follows from that event. A registration grants nothing by its e-mail: see the PreSignUp trigger.
 */
export const handler = trigger(async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
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
    },
    { actor: SYSTEM_ACTOR },
  );
  return event;
});
