import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { SYSTEM_ACTOR, type EventEnvelope } from '#events/envelope.js';
import { loadState, runCommand } from '../../../platform/event-store/command.js';
import type { Appending } from '../../../platform/runtime.js';
import { userDecider, userEvolution, userStream } from '../decider.js';
import { usersFromEvents, type RecoveredUser } from './user-import.js';
import { readAll } from '../../../platform/event-store/event-log.js';

export type RelinkStatus = 'linked' | 'already linked' | 'refused';

export interface RelinkOutcome {
  email: string;
  /** The user id in the events (the lost pool's sub). */
  user_id: string;
  /** The sub of the account in the new pool, when there is one. */
  new_sub: string | null;
  status: RelinkStatus;
  /** Why a user was refused. */
  reason?: string;
  groups: string[];
}

const subOf = (attributes: AttributeType[] | undefined) =>
  attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
const isNamed = (error: unknown, name: string) => (error as { name?: string }).name === name;

/**
 * After the loss of the Cognito user pool: every registered user of the events gets an account in
 * the new pool (`userPoolId`) and a UserIdentityRelinked event on their own stream, which makes the
 * new account's sub stand for the old user id wherever the API resolves its caller. The account has
 * the e-mail (verified: the events recorded it, and only its holder receives the reset link) and the
 * name, no password (the user sets one by the site's password-reset link), and the groups the
 * events give it.
 *
 * Safe to run again: a user already linked to the account the pool has for its e-mail is left as it
 * is. An account the pool already has for the e-mail is linked only if an earlier run left it (no
 * password chosen, no registration of its own); any other is reported, for the operator to decide.
 */
export async function relinkUsers(
  runtime: Appending,
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  options: {
    onProgress?: (outcome: RelinkOutcome, done: number, total: number) => void;
    only?: readonly string[];
  } = {},
): Promise<RelinkOutcome[]> {
  const events: EventEnvelope[] = [];
  for await (const commit of readAll(runtime.store)) events.push(...commit.events);
  const only = options.only?.map((email) => email.trim().toLowerCase());
  const users = usersFromEvents(events).filter((user) => !only || only.includes(user.email));
  const outcomes: RelinkOutcome[] = [];
  for (const user of users) {
    const outcome = await relinkUser(runtime, cognito, userPoolId, user);
    outcomes.push(outcome);
    options.onProgress?.(outcome, outcomes.length, users.length);
  }
  return outcomes;
}

async function relinkUser(
  runtime: Appending,
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  user: RecoveredUser,
): Promise<RelinkOutcome> {
  const base = { email: user.email, user_id: user.user_id, groups: user.groups };
  const { sub, created, status } = await accountFor(cognito, userPoolId, user);
  if (!sub) return { ...base, new_sub: null, status: 'refused', reason: 'Cognito returned no sub for the account' };
  if (!created && sub !== user.identity_sub && sub !== user.user_id) {
    // The pool already had an account for this address that this run did not create: link it only
    // when it is nobody's own user and nobody has chosen its password yet (an earlier run that
    // stopped before linking leaves exactly that). Whoever set a password must not become the user.
    const { state } = await loadState(userEvolution, userStream(sub), runtime);
    if (state.registered) {
      return {
        ...base,
        new_sub: sub,
        status: 'refused',
        reason: `the pool's account for ${user.email} is a registered user of its own (${sub}); not linked`,
      };
    }
    if (status !== 'FORCE_CHANGE_PASSWORD') {
      return {
        ...base,
        new_sub: sub,
        status: 'refused',
        reason:
          `the pool's account for ${user.email} was not created by this import ` +
          `(status ${status ?? 'unknown'}); delete it, then run the import again`,
      };
    }
  }
  const { events } = await runCommand(
    userDecider,
    userStream(user.user_id),
    { type: 'RelinkIdentity', new_sub: sub },
    { actor: SYSTEM_ACTOR },
    runtime,
  );
  for (const group of user.groups) {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: sub, GroupName: group }));
  }
  return { ...base, new_sub: sub, status: events.length > 0 ? 'linked' : 'already linked' };
}

/** The pool's account for the user's e-mail: created (no password, no invitation mail) or the one it has. */
async function accountFor(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  user: RecoveredUser,
): Promise<{ sub: string | undefined; created: boolean; status?: string }> {
  try {
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          ...(user.full_name ? [{ Name: 'name', Value: user.full_name }] : []),
        ],
      }),
    );
    return { sub: subOf(created.User?.Attributes), created: true };
  } catch (error) {
    if (!isNamed(error, 'UsernameExistsException')) throw error;
    const existing = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.email }));
    return { sub: subOf(existing.UserAttributes), created: false, status: existing.UserStatus };
  }
}
