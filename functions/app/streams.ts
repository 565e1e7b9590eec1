import type { Evolution } from '../platform/decider.js';
import { STREAM_ID_PATTERN } from '../platform/event-store/stream-id.js';
import { designerEvolution, revocationEvolution } from '../features/designers/state.js';
import { exportEvolution } from '../features/exports/state.js';
import { projectEvolution } from '../features/projects/state.js';
import { teamEvolution } from '../features/teams/state.js';
import { userEvolution } from '../features/users/state.js';

export type Folding = Evolution<unknown>;

/**
 * How each kind of stream folds into state: the audit's time travel uses the very folds the
 * deciders and projections use (each feature's state.ts), never a decider. Keyed by stream prefix
 * (`project-<id>` → 'project').
 */
export const streamFolds: Record<string, Folding> = {
  designer: designerEvolution as Folding,
  export: exportEvolution as Folding,
  project: projectEvolution as Folding,
  revocation: revocationEvolution as Folding,
  team: teamEvolution as Folding,
  user: userEvolution as Folding,
};

export function foldFor(streamId: string): Folding | undefined {
  const kind = STREAM_ID_PATTERN.exec(streamId)?.[1];
  return kind ? streamFolds[kind] : undefined;
}
