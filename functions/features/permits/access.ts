import type { Principal } from '../../platform/http/auth.js';
import { partyOfPrincipal } from '../projects/queries.js';
import { onClientSide, onStudioSide } from '../projects/state.js';
import { HttpError } from '../../platform/errors.js';
import type { CityReviewState } from './state.js';

type Parties = Pick<CityReviewState, 'user_id' | 'team_id' | 'assigned_designer_id' | 'assigned_designer_email'>;

/** The caller's standing on a city review: the client's side records, the studio answers, admins both. */
export function cityRoleOf(principal: Principal, callerTeamId: string | null, parties: Parties & { exists: boolean }) {
  const party = partyOfPrincipal(principal, callerTeamId);
  const client = onClientSide(parties, party);
  const studio = onStudioSide(parties, party);
  return {
    can_read: parties.exists && (client || studio),
    can_record: parties.exists && (party.admin || client),
    can_respond: parties.exists && studio,
  };
}

/** Nobody else learns that the project exists: answered like a project that does not. */
export function requireReader(role: { can_read: boolean }): void {
  if (!role.can_read) throw new HttpError(404, 'NOT_FOUND', 'Project not found');
}

/** A design project has no city review: its routes refuse as if the review did not exist. */
export function requirePermitProject(state: Pick<CityReviewState, 'project_category'>): void {
  if (state.project_category !== 'Permit') throw new HttpError(404, 'NOT_FOUND', 'City review is for permit projects');
}
