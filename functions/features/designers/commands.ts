import { SYSTEM_ACTOR, type Actor } from '../../../events/envelope.js';
import { designerDecider, designerEvolution, designerStream } from './decider.js';
import { loadState, runCommand } from '../../platform/event-store/command.js';
import type { Appending } from '../../platform/runtime.js';

/** The list rows are read-side (queries.ts); the command handlers answer with them too. */
export { rowFromState } from './queries.js';

/**
 * The seeded designer account (embedded runtime): authorised by e-mail and linked to its account, once
 * (the seeder created that account with that address itself). A stream that already has history is
 * left as it is, so an admin's later changes survive restarts.
 */
export async function seedDesignerAuthorisation(
  runtime: Appending,
  email: string,
  userId: string,
  actor: Actor = SYSTEM_ACTOR,
): Promise<void> {
  const stream = designerStream(email);
  const { version } = await loadState(designerEvolution, stream, runtime);
  if (version > 0) return;
  await runCommand(designerDecider, stream, { type: 'AuthorizeDesigner', email, user_id: userId }, { actor }, runtime);
}
