import { canonicalEmail } from '../../../shared/email.js';
import type { SystemRole } from '../../../shared/vocabulary.js';
import { HttpError } from '../../platform/errors.js';
import { isRevoked, SESSION_REVOKED_MESSAGE, type Principal } from '../../platform/http/auth.js';
import type { Runtime } from '../../platform/runtime.js';
import { LruCache } from '../../platform/lru-cache.js';
import { accountOf, designersOfUser, isAdminAccount } from '../designers/queries.js';
import { userIdOfSub } from './identity-queries.js';

/**
 * Decides the caller's system roles from the projections, so a stale token cannot keep rights that
 * were taken away (or miss ones just given):
 * - admin: the users projection holds the `admin` role for the caller's id (user stream events);
 * - designer: an active designer authorisation linked to the caller's id. An authorisation is linked
 *   only when the holder of its address proved it (the invitation link), so the token's e-mail claim
 *   — which a stranger can set to any address at sign-up or with UpdateUserAttributes — grants nothing;
 * - client: everyone holding neither.
 * All of it for the user the token's sub stands for: itself, or the user a relinked account (a
 * re-created account after the loss of the user pool) was linked to by the operator's import.
 *
 * One session rule for every role: a token whose sign-in (`auth_time`) predates the user's "sessions
 * valid from" instant (a password reset, sign-out everywhere, a role change, the designer
 * authorisation changed, 'Sign Out All Designers', the first proof of the address) is refused with
 * 401, whatever its signature and expiry say. The realtime connect applies the same rule.
 */
export async function resolvePrincipal(token: Principal, runtime: Runtime): Promise<Principal> {
  const facts = await roleFactsOf(token, runtime);
  if (isRevoked(token, facts.sessionsValidFrom)) throw new HttpError(401, 'SESSION_REVOKED', SESSION_REVOKED_MESSAGE);
  const groups: SystemRole[] = [];
  if (facts.admin) groups.push('admin');
  if (facts.designer) groups.push('designer');
  if (groups.length === 0) groups.push('client');
  return { ...token, sub: facts.userId, groups, designerEmails: facts.designer ? facts.designerEmails : [] };
}

interface RoleFacts {
  /** The user the token's sub stands for (functions/features/users/identity-queries.ts). */
  userId: string;
  admin: boolean;
  designer: boolean;
  designerEmails: string[];
  /** The user's "sessions valid from" instant (ms since epoch), or null when none was ever ended. */
  sessionsValidFrom: number | null;
}

/**
 * How long a warm process reuses what the views said about a caller's roles and sessions, where
 * others commit to the views unseen (Lambda: the projections run elsewhere): a role change or an
 * ended session reaches an API container at most this late. API Gateway's own authorizer cache
 * defaults to 300 s. Where every commit is seen here (the embedded runtime), the facts are kept for
 * the token's life instead: any commit to the role projections moves the stamp and ends them at once.
 */
export const ROLE_FACTS_TTL_MS = 2_000;
const ROLE_PROJECTIONS = ['users', 'designers', 'identity-aliases'];
const recentRoleFacts = new WeakMap<object, LruCache<string, { until: number; stamp: string; facts: RoleFacts }>>();

async function roleFactsOf(token: Pick<Principal, 'sub' | 'expiresAt'>, runtime: Runtime): Promise<RoleFacts> {
  let recent = recentRoleFacts.get(runtime.views);
  if (!recent) recentRoleFacts.set(runtime.views, (recent = new LruCache(2_000)));
  const key = token.sub;
  // Taken before reading: a commit during the reads leaves the entry already outdated.
  const stamp = runtime.views.changesOf(...ROLE_PROJECTIONS);
  const known = recent.get(key);
  if (known && known.stamp === stamp && known.until > Date.now()) return known.facts;

  const userId = await userIdOfSub(runtime, token.sub);
  const [account, linked] = await Promise.all([accountOf(runtime, userId), designersOfUser(runtime, userId)]);
  const designerEmails = linked
    .filter((authorisation) => authorisation.active)
    .map((authorisation) => canonicalEmail(authorisation.email));
  const validFrom = account?.sessions_valid_from ? Date.parse(account.sessions_valid_from) : NaN;
  const facts: RoleFacts = {
    userId,
    admin: isAdminAccount(account),
    designer: designerEmails.length > 0,
    designerEmails,
    sessionsValidFrom: Number.isFinite(validFrom) ? validFrom : null,
  };
  const until = runtime.views.seesEveryCommit
    ? Math.max(Date.now(), (token.expiresAt ?? 0) * 1000)
    : Date.now() + ROLE_FACTS_TTL_MS;
  recent.set(key, { until, stamp, facts });
  return facts;
}
