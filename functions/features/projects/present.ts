import { hasRole, type Principal } from '../../platform/http/auth.js';
import { getBilling, subscriptionView } from '../billing/queries.js';
import type { ActivityEntry } from '../activity/projection.js';
import type { CommentDoc } from './comments.js';
import { profilesOf, type ProjectDoc } from './queries.js';
import type { UserDoc } from '../users/queries.js';
import type { Runtime } from '../../platform/runtime.js';
import type { ActivityEntryView, AuthorView, CommentView } from '../activity/contracts.js';
import type { ClientPanel, ClientSummary, ProjectCard, ProjectPermissions } from './contracts.js';
import { isAssignedDesigner } from './access.js';

/** What the caller may do with a project (the dialogs show only what the API accepts). */
export function permissionsFor(principal: Principal, project: ProjectDoc): ProjectPermissions {
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

export function authorOf(profiles: Map<string, UserDoc>, id: string): AuthorView | null {
  const user = profiles.get(id);
  return user ? { id, full_name: user.full_name, email: user.email } : null;
}

export function clientSummary(profiles: Map<string, UserDoc>, id: string | null): ClientSummary | null {
  const user = id ? profiles.get(id) : undefined;
  return user && id ? { id, full_name: user.full_name, email: user.email, company: user.company } : null;
}

/** The admin dialog's client information panel: profile and subscription tier (or none). */
export async function clientPanel(runtime: Runtime, userId: string | null): Promise<ClientPanel | null> {
  if (!userId) return null;
  const [profiles, billing] = await Promise.all([profilesOf(runtime, [userId]), getBilling(runtime, userId).catch(() => null)]);
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
  const profiles = await profilesOf(runtime, cards.map((card) => card.user_id ?? ''));
  return cards.map((card) => ({ ...card, client: clientSummary(profiles, card.user_id) }));
}

export function entryView(entry: ActivityEntry, profiles: Map<string, UserDoc>): ActivityEntryView {
  const { project_title: _title, ...rest } = entry;
  return { ...rest, author: authorOf(profiles, entry.user_id) };
}

export function commentView(comment: CommentDoc, profiles: Map<string, UserDoc>): CommentView {
  return {
    id: comment.id,
    project_id: comment.project_id,
    project_title: comment.project_title,
    user_id: comment.user_id,
    author_role: comment.author_role,
    content: comment.content,
    approved: comment.approved,
    approved_by: comment.approved_by,
    approved_at: comment.approved_at,
    created_at: comment.created_at,
    author: authorOf(profiles, comment.user_id),
  };
}
