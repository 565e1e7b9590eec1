import { invitationStatus } from '../../designers/state.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { designerByEmail } from '../../designers/queries.js';
import { membershipOf } from '../../teams/queries.js';
import { getUser } from '../queries.js';
import { reading } from '../../../platform/views/reader.js';
import type { MeResponse } from '../contracts.js';

export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = reading();
  const [user, membership, designer] = await Promise.all([
    getUser(runtime, principal.sub),
    membershipOf(runtime, principal.sub),
    principal.email ? designerByEmail(runtime, principal.email) : null,
  ]);
  // An authorisation for this address that no account has claimed yet: its invitation is waiting.
  const waiting =
    designer?.active && !designer.user_id && designer.invitation
      ? invitationStatus(
          { invitation: { ...designer.invitation, token_hash: '', accepted_at: null }, user_id: null },
          runtime.now().toISOString(),
        )
      : null;
  const body: MeResponse = {
    user: {
      id: principal.sub,
      email: user?.email ?? principal.email,
      full_name: user?.full_name ?? principal.name,
      company: user?.company ?? null,
      phone: user?.phone ?? null,
      user_type: user?.user_type ?? 'architect',
      team_id: user?.team_id ?? null,
      created_at: user?.created_at ?? null,
      welcomed_at: user?.welcomed_at ?? null,
    },
    roles: principal.groups.length > 0 ? principal.groups : ['client'],
    team: membership
      ? { id: membership.team_id, name: membership.team_name, role: membership.role, status: membership.status }
      : null,
    designer_invitation:
      waiting === 'pending' || waiting === 'expired'
        ? { status: waiting, expires_at: designer!.invitation!.expires_at }
        : null,
  };
  return { body };
});
