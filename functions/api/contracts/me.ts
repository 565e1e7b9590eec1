import type { SystemRole, UserType } from '../../../events/vocabulary.js';

export interface MeResponse {
  user: {
    id: string;
    email: string;
    full_name: string | null;
    company: string | null;
    phone: string | null;
    user_type: UserType;
    team_id: string | null;
    created_at: string | null;
  };
  roles: SystemRole[];
  /** The client team the user belongs to, with their role in it (team roles grant no system rights). */
  team: { id: string; name: string; role: 'admin' | 'designer'; status: 'active' | 'inactive' } | null;
  /**
   * A designer invitation waiting for the caller's address (by its canonical form): the role starts
   * only when its link is followed, so the dashboard says so. Null when there is none, or once the
   * caller is linked.
   */
  designer_invitation: { status: 'pending' | 'expired'; expires_at: string } | null;
}
