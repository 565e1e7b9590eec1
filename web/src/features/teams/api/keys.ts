/** The query keys of the team's views. */
export const teamKeys = { team: () => ['team'] as const, invite: (token: string) => ['team-invite', token] as const };

export const memberPath = (userId: string) => `/team/members/${encodeURIComponent(userId)}`;
export const invitePath = (id: string) => `/team/invites/${encodeURIComponent(id)}`;
export const invitationPath = (token: string) => `/invites/${encodeURIComponent(token)}`;
