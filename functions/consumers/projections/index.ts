import type { Projection } from '../../lib/projector.js';
import { projectsProjection } from './projects.js';
import { usersProjection } from './users.js';

/** Every projection the `projections` consumer maintains (and the audit replay rebuilds). */
export const allProjections: Projection[] = [usersProjection, projectsProjection];
