/**
 * Each projection's name (its checkpoints' key) and the streams it folds, as in `allProjections`
 * (../index.ts; tests/unit/projection-streams.test.ts keeps the two alike). A command that waits for
 * the projections of a stream (../caught-up.ts) needs only these, not every projection's fold.
 * `trails`: the projection's checkpoint may stay behind its stream (it commits changes only, or stops
 * at a settled state), so no one can wait for it.
 */
export const PROJECTION_STREAMS: readonly { name: string; streamPrefix: string; trails?: true }[] = [
  { name: 'users', streamPrefix: 'user-' },
  { name: 'projects', streamPrefix: 'project-', trails: true },
  { name: 'reviews', streamPrefix: 'project-', trails: true },
  { name: 'city-review', streamPrefix: 'project-', trails: true },
  { name: 'subscriptions', streamPrefix: 'billing-' },
  { name: 'teams', streamPrefix: 'team-' },
  { name: 'designers', streamPrefix: 'designer-' },
  { name: 'designer-sessions', streamPrefix: 'revocation-designers' },
  { name: 'insights', streamPrefix: 'project-', trails: true },
  { name: 'identity-aliases', streamPrefix: 'user-' },
];

/** Where a projection keeps its checkpoint of one stream. */
export const checkpointKey = (projection: string, streamId: string) => ({
  pk: `cp#${projection}#${streamId}`,
  sk: 'cp',
});
