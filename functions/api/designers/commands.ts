import { SYSTEM_ACTOR, type Actor } from '../../../events/index.js';
import { designerDecider, designerStream, isDesigner, type DesignerState } from '../../domain/designer.js';
import { DomainError } from '../../domain/errors.js';
import { loadState, runCommand } from '../../core/command.js';
import type { CommitMeta } from '../../core/event-store.js';
import { activeProjectCount } from '../../queries/designers.js';
import type { Runtime } from '../../core/runtime.js';
import type { DesignerRow } from '../contracts/designers.js';

/** A designer list row from a designer stream's state (or projection doc), with its workload. */
export async function designerRow(runtime: Runtime, designer: { email: string; active: boolean; user_id: string | null }): Promise<DesignerRow> {
  return { email: designer.email, active: designer.active, user_id: designer.user_id, active_projects: await activeProjectCount(runtime, designer) };
}

export const rowFromState = (runtime: Runtime, state: DesignerState) =>
  designerRow(runtime, { email: state.email!, active: state.status === 'active', user_id: state.user_id });

/**
 * Links the designer authorisation of `email` (if there is one, active or not) to the account `userId`:
 * called when that account registers, and by link-designer-role. Returns the state after.
 */
export async function linkDesignerAccount(runtime: Runtime, email: string, userId: string, meta: CommitMeta): Promise<DesignerState> {
  const stream = designerStream(email);
  const { state } = await loadState(designerDecider, stream, runtime);
  if (!isDesigner(state) || state.user_id === userId) return state;
  try {
    return (await runCommand(designerDecider, stream, { type: 'LinkDesigner', user_id: userId }, meta, runtime)).state;
  } catch (error) {
    // Removed between the read and the command: nothing to link.
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return designerDecider.initialState();
    throw error;
  }
}

/**
 * The seeded designer account (embedded runtime): authorised by e-mail and linked to its account, once.
 * A stream that already has history is left as it is, so an admin's later changes survive restarts.
 */
export async function seedDesignerAuthorisation(runtime: Runtime, email: string, userId: string, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  const stream = designerStream(email);
  const { version } = await loadState(designerDecider, stream, runtime);
  if (version > 0) return;
  await runCommand(designerDecider, stream, { type: 'AuthorizeDesigner', email, user_id: userId }, { actor }, runtime);
}
