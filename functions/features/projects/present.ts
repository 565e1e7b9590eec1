import { hasRole, type Principal } from '../../platform/http/auth.js';
import { getBilling, subscriptionView } from '../billing/queries.js';
import { profilesOf, type ProjectDetail } from './queries.js';
import type { UserDoc } from '../users/queries.js';
import type { Runtime } from '../../platform/runtime.js';
import type { ClientPanel, ClientSummary, ProjectCard, ProjectPermissions } from './contracts.js';
import { isAssignedDesigner } from './access-queries.js';

/** A comment as readers get it is the comments' query (comment-queries.ts); the project handlers answer with it too. */
export { commentView } from './comment-queries.js';

/** What the caller may do with a project (the dialogs show only what the API accepts). */
export function permissionsFor(principal: Principal, project: ProjectDetail): ProjectPermissions {
  const admin = hasRole(principal, 'admin');
  const assigned = isAssignedDesigner(principal, project);
  return {
    role: admin ? 'admin' : hasRole(principal, 'designer') ? 'designer' : 'client',
    can_manage: admin,
    can_work: admin || assigned,
    can_set_designer_status: !admin && assigned,
    can_moderate: admin,
  };
}

export function clientSummary(profiles: Map<string, UserDoc>, id: string | null): ClientSummary | null {
  const user = id ? profiles.get(id) : undefined;
  return user && id ? { id, full_name: user.full_name, email: user.email, company: user.company } : null;
}

/** The admin dialog's client information panel: profile and subscription tier (or none). */
export async function clientPanel(runtime: Runtime, userId: string | null): Promise<ClientPanel | null> {
  if (!userId) return null;
  const [profiles, billing] = await Promise.all([
    profilesOf(runtime, [userId]),
    getBilling(runtime, userId).catch(() => null),
  ]);
  const summary = clientSummary(profiles, userId);
  if (!summary) return null;
  const subscription = subscriptionView(billing);
  return {
    ...summary,
    phone: profiles.get(userId)?.phone ?? null,
    subscription_tier: subscription.subscribed ? subscription.tier : null,
    subscription_plan: subscription.subscribed ? subscription.plan_name : null,
    subscription_status: subscription.status,
  };
}

/** Cards with their client, joined in one batch read (admins' and designers' lists). */
export async function withClients(runtime: Runtime, cards: ProjectCard[]): Promise<ProjectCard[]> {
  const profiles = await profilesOf(
    runtime,
    cards.map((card) => card.user_id ?? ''),
  );
  return cards.map((card) => ({ ...card, client: clientSummary(profiles, card.user_id) }));
}
