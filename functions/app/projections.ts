import type { Projection } from '../platform/views/projection.js';
import type { SnapshotFold } from './replay.js';
import { projectEvolution } from '../features/projects/state.js';
import { insightsProjection } from '../features/insights/projection.js';
import { designerSessionsProjection, designersProjection } from '../features/designers/projection.js';
import { identityAliasesProjection } from '../features/users/identity-aliases-projection.js';
import { projectsProjection } from '../features/projects/projection.js';
import { reviewsProjection } from '../features/reviews/projection.js';
import { cityReviewProjection } from '../features/permits/projection.js';
import { subscriptionsProjection } from '../features/billing/projection.js';
import { teamsProjection } from '../features/teams/projection.js';
import { usersProjection } from '../features/users/projection.js';

/** Every projection the `projections` consumer maintains (and the audit replay rebuilds). */
export const allProjections: Projection[] = [
  usersProjection,
  projectsProjection,
  reviewsProjection,
  cityReviewProjection,
  subscriptionsProjection,
  teamsProjection,
  designersProjection,
  designerSessionsProjection,
  insightsProjection,
  identityAliasesProjection,
];

/** The deciders' folds with stored snapshots (event-store/folds.ts): the audit replay rewrites them from the events. */
export const allSnapshotFolds: SnapshotFold[] = [{ streamPrefix: 'project-', evolution: projectEvolution }];
