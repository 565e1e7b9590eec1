/**
 * Each projection's name (its checkpoints' key) and the streams it folds, as in `allProjections`
 * (../index.ts; tests/unit/projection-streams.test.ts keeps the two alike). A command that waits for
 * the projections of a stream (../caught-up.ts) needs only these, not every projection's fold.
 */
export const PROJECTION_STREAMS: readonly { name: string; streamPrefix: string }[] = [
  { name: 'users', streamPrefix: 'user-' },
  { name: 'projects', streamPrefix: 'project-' },
  { name: 'reviews', streamPrefix: 'project-' },
  { name: 'city-review', streamPrefix: 'project-' },
  { name: 'subscriptions', streamPrefix: 'billing-' },
  { name: 'teams', streamPrefix: 'team-' },
  { name: 'designers', streamPrefix: 'designer-' },
  { name: 'designer-sessions', streamPrefix: 'revocation-designers' },
  { name: 'insights', streamPrefix: 'project-' },
  { name: 'identity-aliases', streamPrefix: 'user-' },
];
