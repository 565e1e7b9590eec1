import type { Projection } from '../../core/projector.js';
import { insightsProjection } from './insights.js';
import { designerSessionsProjection, designersProjection } from './designers.js';
import { identityAliasesProjection } from './identity-aliases.js';
import { projectsProjection } from './projects.js';
import { subscriptionsProjection } from './subscriptions.js';
import { teamsProjection } from './teams.js';
import { usersProjection } from './users.js';

/** Every projection the `projections` consumer maintains (and the audit replay rebuilds). */
export const allProjections: Projection[] = [usersProjection, projectsProjection, subscriptionsProjection, teamsProjection, designersProjection, designerSessionsProjection, insightsProjection, identityAliasesProjection];
