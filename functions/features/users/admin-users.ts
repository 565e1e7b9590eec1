import { canonicalEmail } from '../../../shared/email.js';
import { SYSTEM_ROLES, humanize, type SystemRole } from '../../../shared/vocabulary.js';
import type { AdminSubscription, AdminUser, UserStats } from './admin-contracts.js';
import { ACTIVE_SUBSCRIPTIONS_COUNTER, subscriptionKey } from '../billing/queries.js';
import { ARCHITECTS_COUNTER, USERS_COUNTER, userKey } from './keys.js';
import { ACTIVE_DESIGNERS_COUNTER, designerKey } from '../designers/queries.js';
import { readCounters } from '../../platform/views/counters.js';
import { pageOfPartitions } from '../../platform/views/paging.js';
import { userRoles } from './roles.js';
import type { BillingDoc } from '../billing/queries.js';
import type { Runtime } from '../../platform/runtime.js';
import type { ViewItem } from '../../platform/views/views.js';
import { designerByEmail, designersOfUser, type DesignerDoc } from '../designers/queries.js';
import type { UserDoc } from './queries.js';

/**
 * The admin's user list and details (docs/product.md#screens Users): every profile from the users projection,
 * joined with the subscriptions projection. Nothing here reads the event store.
 */

type StoredUser = UserDoc;

const parseUser = (item: ViewItem) => JSON.parse(item.doc as string) as StoredUser;
const parseBilling = (item: ViewItem) => JSON.parse(item.doc as string) as BillingDoc;

/**
 * A profile's system roles: what the user's own stream grants (admin), designer when an active
 * designer authorisation is linked to the account or names its e-mail, and client otherwise.
 */
export function rolesOfUser(doc: StoredUser, designer: boolean): SystemRole[] {
  const roles = new Set<SystemRole>(userRoles(doc));
  if (designer) roles.add('designer');
  if (roles.size === 0) roles.add('client');
  return SYSTEM_ROLES.filter((role) => roles.has(role));
}

/** Who holds an active designer authorisation, by account id and by e-mail. */
export interface DesignerIndex {
  has(doc: Pick<StoredUser, 'user_id' | 'email'>): boolean;
}

export function designerIndex(designers: readonly DesignerDoc[]): DesignerIndex {
  const ids = new Set<string>();
  const emails = new Set<string>();
  for (const designer of designers) {
    if (!designer.active) continue;
    if (designer.user_id) ids.add(designer.user_id);
    emails.add(canonicalEmail(designer.email));
  }
  return { has: (doc) => ids.has(doc.user_id) || (!!doc.email && emails.has(canonicalEmail(doc.email))) };
}

/** The Role column: the team role if any, else the client's user type ("Architect", "Homeowner"). */
export function roleLabel(roles: readonly SystemRole[], userType: string): string {
  if (roles.includes('admin')) return 'Admin';
  if (roles.includes('designer')) return 'Designer';
  return humanize(userType || 'architect');
}

function subscriptionOf(billing: BillingDoc | undefined): AdminSubscription | null {
  if (!billing) return null;
  return {
    status: billing.status,
    plan_name: billing.plan_name,
    tier: billing.tier,
    current_period_end: billing.current_period_end,
  };
}

export function toAdminUser(doc: StoredUser, billing: BillingDoc | undefined, designers: DesignerIndex): AdminUser {
  const roles = rolesOfUser(doc, designers.has(doc));
  return {
    id: doc.user_id,
    full_name: doc.full_name ?? null,
    email: doc.email ?? null,
    phone: doc.phone ?? null,
    company: doc.company ?? null,
    user_type: doc.user_type ?? 'architect',
    team_id: doc.team_id ?? null,
    created_at: doc.created_at ?? null,
    roles,
    role_label: roleLabel(roles, doc.user_type),
    subscription: subscriptionOf(billing),
  };
}

/**
 * One page of the user list, newest first, with roles and subscription joined for that page only
 * (the page's subscriptions and designer authorisations in one batch read each), and the four
 * counts from the counters (one item each), so the cost follows the page, not the number of users.
 */
export async function pageAdminUsers(
  runtime: Runtime,
  page: { scope: string; limit: number; cursor?: string },
): Promise<{ users: AdminUser[]; stats: UserStats; nextCursor: string | null }> {
  const [result, stats] = await Promise.all([
    pageOfPartitions(runtime, [{ index: 'gsi4', pk: 'users' }], page),
    countedUserStats(runtime),
  ]);
  const docs = result.items.map(parseUser);
  const { active } = await runtime.views.generations();
  const [billingItems, designerItems] = await Promise.all([
    runtime.views.batchGet(
      active,
      docs.map((doc) => subscriptionKey(doc.user_id)),
    ),
    runtime.views.batchGet(
      active,
      docs.filter((doc) => doc.email).map((doc) => designerKey(doc.email!)),
    ),
  ]);
  const billing = new Map(billingItems.map(parseBilling).map((doc) => [doc.user_id, doc]));
  const index = designerIndex(designerItems.map((item) => JSON.parse(item.doc as string) as DesignerDoc));
  return {
    users: docs.map((doc) => toAdminUser(doc, billing.get(doc.user_id), index)),
    stats,
    nextCursor: result.nextCursor,
  };
}

/** The Users tab's four counts, from the counter items the projections keep. */
export async function countedUserStats(runtime: Runtime): Promise<UserStats> {
  const { active } = await runtime.views.generations();
  // One item: the four share it.
  const counters = [USERS_COUNTER, ACTIVE_SUBSCRIPTIONS_COUNTER, ARCHITECTS_COUNTER, ACTIVE_DESIGNERS_COUNTER];
  const count = await readCounters(runtime.views, active, counters);
  return {
    total_users: count(USERS_COUNTER),
    active_subscriptions: count(ACTIVE_SUBSCRIPTIONS_COUNTER),
    architects: count(ARCHITECTS_COUNTER),
    designers: count(ACTIVE_DESIGNERS_COUNTER),
  };
}

/** One user with roles and subscription, or null. */
export async function getAdminUser(runtime: Runtime, userId: string): Promise<AdminUser | null> {
  const { active } = await runtime.views.generations();
  const [userItem, billingItem, linked] = await Promise.all([
    runtime.views.get(active, userKey(userId).pk, userKey(userId).sk),
    runtime.views.get(active, subscriptionKey(userId).pk, subscriptionKey(userId).sk),
    designersOfUser(runtime, userId),
  ]);
  if (!userItem || userItem.deleted) return null;
  const doc = parseUser(userItem);
  const byEmail = doc.email ? await designerByEmail(runtime, doc.email) : null;
  const billing = billingItem && !billingItem.deleted ? parseBilling(billingItem) : undefined;
  return toAdminUser(doc, billing, designerIndex([...linked, ...(byEmail ? [byEmail] : [])]));
}
