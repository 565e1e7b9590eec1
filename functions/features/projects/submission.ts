import type { SubmitProjectCommand } from './decider.js';
import type * as z from '../../../events/zod.js';
import type { submitProjectBody } from './contracts.js';

/**
 * The command a validated submission becomes: the brief, the owner (the client, also when an admin
 * submits for them) and the step 4 specifications of the project's category (docs/product.md#screens).
 */
export function submitCommandOf(
  body: z.output<typeof submitProjectBody> & Pick<SubmitProjectCommand, 'checklist_origin'>,
  projectId: string,
  owner: { user_id: string; team_id: string | null },
): SubmitProjectCommand {
  const {
    client_id: _client,
    estimate_receipt: _receipt,
    checklist_generator: _generator,
    grok_generated: _derived,
    total_estimated_hours: _t,
    estimated_turnaround_days: _e,
    ceiling_height,
    preferred_materials,
    lot_area,
    zoning_permit_type,
    requires_city_review,
    ...brief
  } = body;
  const specifications =
    brief.project_category === 'Permit'
      ? { lot_area, zoning_permit_type, requires_city_review }
      : { ceiling_height, preferred_materials };
  return { type: 'SubmitProject', project_id: projectId, ...owner, ...brief, specifications };
}
