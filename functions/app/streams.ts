import type { Decider } from '../platform/decider.js';
import { designerDecider, revocationDecider } from '../features/designers/decider.js';
import { projectDecider } from '../features/projects/decider.js';
import { teamDecider } from '../features/teams/decider.js';
import { userDecider } from '../features/users/decider.js';

type Folding = Pick<Decider<unknown, unknown>, 'initialState' | 'evolve'>;

/**
 * How each kind of stream folds into state: the audit's time travel uses the very functions the
 * deciders and projections use. Keyed by stream prefix (`project-<id>` → 'project').
 */
export const streamFolds: Record<string, Folding> = {
  designer: designerDecider as Folding,
  project: projectDecider as Folding,
  revocation: revocationDecider as Folding,
  team: teamDecider as Folding,
  user: userDecider as Folding,
};

export const STREAM_ID_PATTERN = /^([a-z]+)-([A-Za-z0-9@._+-]{1,200})$/;

export function foldFor(streamId: string): Folding | undefined {
  const kind = STREAM_ID_PATTERN.exec(streamId)?.[1];
  return kind ? streamFolds[kind] : undefined;
}
