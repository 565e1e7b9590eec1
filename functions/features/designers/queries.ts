import { canonicalEmail } from '../../../shared/email.js';
import {
  DESIGNERS_PARTITION,
  designerInviteTokenKey,
  designerKey,
  designerUserPartition,
  type DesignerDoc,
} from './keys.js';
import { userKey } from '../users/queries.js';
import type { UserState } from '../users/state.js';
import { userRoles } from '../users/state.js';
import type { Runtime } from '../../platform/runtime.js';
import type { ViewItem } from '../../platform/views/views.js';
import { readCounters } from '../../platform/views/counters.js';
import { designerStatusCounter } from '../projects/queries.js';
import { pageOfPartitions } from '../../platform/views/paging.js';
import { invitationStatus, type DesignerState } from './state.js';
import type { DesignerRow } from './contracts.js';

export type { DesignerDoc } from './keys.js';

const parseDesigner = (item: ViewItem) => JSON.parse(item.doc as string) as DesignerDoc;

/** The designer authorisation of an e-mail (active or not), or null. */
export async function designerByEmail(runtime: Runtime, email: string): Promise<DesignerDoc | null> {
  const { active } = await runtime.views.generations();
  const key = designerKey(email);
  const item = await runtime.views.get(active, key.pk, key.sk);
  return item && !item.deleted ? parseDesigner(item) : null;
}

/** The address a pending designer invitation link (by its token's sha256) was sent to, or null. */
export async function designerInvitationEmail(runtime: Runtime, tokenHash: string): Promise<string | null> {
  const { active } = await runtime.views.generations();
  const key = designerInviteTokenKey(tokenHash);
  const item = await runtime.views.get(active, key.pk, key.sk);
  return item && !item.deleted && typeof item.email === 'string' ? item.email : null;
}

/** The designer authorisations linked to an account (normally one). */
export async function designersOfUser(runtime: Runtime, userId: string): Promise<DesignerDoc[]> {
  const { active } = await runtime.views.generations();
  return (await runtime.views.query(active, { index: 'gsi1', pk: designerUserPartition(userId) })).map(parseDesigner);
}

/** Every designer, ordered by e-mail (designer_workload). */
export async function listDesigners(runtime: Runtime): Promise<DesignerDoc[]> {
  const { active } = await runtime.views.generations();
  return (await runtime.views.query(active, { index: 'gsi4', pk: DESIGNERS_PARTITION }, { ascending: true })).map(
    parseDesigner,
  );
}

/** The profile fields the role and session checks need: the registered account of this sub, or null. */
export async function accountOf(
  runtime: Runtime,
  sub: string,
): Promise<Pick<UserState, 'email' | 'roles' | 'initial_role' | 'sessions_valid_from' | 'email_proven'> | null> {
  const { active } = await runtime.views.generations();
  const item = await runtime.views.get(active, userKey(sub).pk, userKey(sub).sk);
  return item && !item.deleted ? (JSON.parse(item.doc as string) as UserState) : null;
}

/** A registered account by e-mail (gsi1 of the users projection), or null. */
export async function accountByEmail(
  runtime: Runtime,
  email: string,
): Promise<(UserState & { user_id: string }) | null> {
  const { active } = await runtime.views.generations();
  const [item] = await runtime.views.query(
    active,
    { index: 'gsi1', pk: `email#${canonicalEmail(email)}` },
    { limit: 1 },
  );
  return item ? (JSON.parse(item.doc as string) as UserState & { user_id: string }) : null;
}

export const isAdminAccount = (account: Pick<UserState, 'roles' | 'initial_role'> | null) =>
  userRoles(account).includes('admin');

/**
 * Whether the account registered under `userId` holds the client role alone: no role of its own
 * (admin), and no active designer authorisation linked to it or made for its e-mail, as the Users
 * tab's roles say (queries/users-admin.ts). Null when no account is registered under it.
 */
export async function holdsOnlyClientRole(runtime: Runtime, userId: string): Promise<boolean | null> {
  const [account, linked] = await Promise.all([accountOf(runtime, userId), designersOfUser(runtime, userId)]);
  if (!account) return null;
  if (userRoles(account).length > 0 || linked.some((designer) => designer.active)) return false;
  const byEmail = account.email ? await designerByEmail(runtime, account.email) : null;
  return !byEmail?.active;
}

const ACTIVE_STATUSES = new Set(['queued', 'in_progress', 'needs_revision']);

/**
 * Projects not yet delivered that are assigned to the designer, by account id or by e-mail (a project
 * assigned before the designer registered stays listed under the e-mail).
 */
export async function activeProjectCount(
  runtime: Runtime,
  designer: Pick<DesignerDoc, 'email' | 'user_id'>,
): Promise<number> {
  // From the counters (a project counts under one key: its designer's id, or the e-mail before they registered).
  const { active } = await runtime.views.generations();
  const counters = [designer.email, ...(designer.user_id ? [designer.user_id] : [])].flatMap((key) =>
    [...ACTIVE_STATUSES].map((status) => designerStatusCounter(key, status)),
  );
  const count = await readCounters(runtime.views, active, counters);
  return counters.reduce((sum, counter) => sum + count(counter), 0);
}

/** One page of the designer list, ordered by e-mail. */
export async function pageDesigners(
  runtime: Runtime,
  page: { scope: string; limit: number; cursor?: string },
): Promise<{ designers: DesignerDoc[]; nextCursor: string | null }> {
  const result = await pageOfPartitions(runtime, [{ index: 'gsi4', pk: DESIGNERS_PARTITION }], {
    ...page,
    ascending: true,
  });
  return { designers: result.items.map(parseDesigner), nextCursor: result.nextCursor };
}

/** A designer list row from a designer stream's state (or projection doc), with its workload. */
export async function designerRow(
  runtime: Runtime,
  designer: Pick<DesignerDoc, 'email' | 'active' | 'user_id' | 'invitation'>,
): Promise<DesignerRow> {
  const now = runtime.now().toISOString();
  return {
    email: designer.email,
    active: designer.active,
    user_id: designer.user_id,
    active_projects: await activeProjectCount(runtime, designer),
    invitation: designer.invitation
      ? invitationStatus(
          { invitation: { ...designer.invitation, token_hash: '', accepted_at: null }, user_id: designer.user_id },
          now,
        )
      : null,
  };
}

export const rowFromState = (runtime: Runtime, state: DesignerState) =>
  designerRow(runtime, {
    email: state.email!,
    active: state.status === 'active',
    user_id: state.user_id,
    invitation: state.invitation ?? null,
  });

/** The designers projection's key and counter the admin's user list reads. */
export { ACTIVE_DESIGNERS_COUNTER, designerKey } from './keys.js';
