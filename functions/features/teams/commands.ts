import type { CommitMeta } from '../../platform/event-store/event-store.js';
import { runCommand } from '../../platform/event-store/command.js';
import type { Appending } from '../../platform/runtime.js';
import { teamDecider, teamStream } from './decider.js';

/**
 * What other features may ask of a team's stream (the erasure of an account): each runs this feature's
 * own command, so the rules stay in its decider.
 */

/**
 * Ends an erased account's membership of the team and revokes the invitations it sent; answers whether
 * anyone else is still a member (when nobody is, the team was the person's alone: its key can go too).
 */
export async function removeErasedMember(
  runtime: Appending,
  teamId: string,
  userId: string,
  meta: CommitMeta,
): Promise<{ othersRemain: boolean }> {
  const { state } = await runCommand(
    teamDecider,
    teamStream(teamId),
    { type: 'RemoveErasedMember', user_id: userId },
    meta,
    runtime,
  );
  return { othersRemain: state.members.some((member) => member.user_id !== userId && member.status === 'active') };
}
