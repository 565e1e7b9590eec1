import { SYSTEM_ACTOR, type Actor } from '../../../events/envelope.js';
import { designerDecider, designerEvolution, designerStream, invitationStatus, type DesignerState } from './decider.js';
import { loadState, runCommand } from '../../platform/event-store/command.js';
import { activeProjectCount, type DesignerDoc } from './queries.js';
import type { Appending, Runtime } from '../../platform/runtime.js';
import type { DesignerRow } from './contracts.js';

/** A designer list row from a designer stream's state (or projection doc), with its workload. */
export async function designerRow(runtime: Runtime, designer: Pick<DesignerDoc, 'email' | 'active' | 'user_id' | 'invitation'>): Promise<DesignerRow> {
  const now = runtime.now().toISOString();
  return {
    email: designer.email,
    active: designer.active,
    user_id: designer.user_id,
    active_projects: await activeProjectCount(runtime, designer),
    invitation: designer.invitation ? invitationStatus({ invitation: { ...designer.invitation, token_hash: '', accepted_at: null }, user_id: designer.user_id }, now) : null,
  };
}

export const rowFromState = (runtime: Runtime, state: DesignerState) =>
  designerRow(runtime, { email: state.email!, active: state.status === 'active', user_id: state.user_id, invitation: state.invitation ?? null });

/**
 * The seeded designer account (embedded runtime): authorised by e-mail and linked to its account, once
 * (the seeder created that account with that address itself). A stream that already has history is
 * left as it is, so an admin's later changes survive restarts.
 */
export async function seedDesignerAuthorisation(runtime: Appending, email: string, userId: string, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  const stream = designerStream(email);
  const { version } = await loadState(designerEvolution, stream, runtime);
  if (version > 0) return;
  await runCommand(designerDecider, stream, { type: 'AuthorizeDesigner', email, user_id: userId }, { actor }, runtime);
}
