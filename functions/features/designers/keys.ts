import { canonicalEmail } from '../../../shared/email.js';
import type { CounterRef } from '../../platform/views/counters.js';

/** The designers projection's view keys and document type, apart from the projection so readers bundle no decider. */
export const designerKey = (email: string) => ({ pk: `designer#${canonicalEmail(email)}`, sk: 'role' });
/** The pending invitation link's lookup (by the token's sha256): which address it was sent to. */
export const designerInviteTokenKey = (tokenHash: string) => ({ pk: `designer-invite#${tokenHash}`, sk: 'invite' });
export const designerUserPartition = (userId: string) => `designer-user#${userId}`;
export const DESIGNERS_PARTITION = 'designers';
/** One of the Users tab's counts, in their shared item (users/keys.ts USERS_TAB_COUNTS). */
export const ACTIVE_DESIGNERS_COUNTER: CounterRef = { item: 'users', field: 'designers' };
export const revocationKey = { pk: 'revocation#designers', sk: 'latest' };

/** A designer authorisation as readers get it (docs/product.md#records designer_workload, without the counts). */
export interface DesignerDoc {
  email: string;
  active: boolean;
  user_id: string | null;
  authorized_at: string | null;
  updated_at: string | null;
  /** The latest invitation link (no token hash): pending until its holder follows it. */
  invitation?: {
    status: 'pending' | 'accepted';
    expires_at: string;
    invited_at: string;
    sent_at: string | null;
    send_error: string | null;
  } | null;
}
