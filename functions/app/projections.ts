import type { Projection } from '../platform/views/projector.js';
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
