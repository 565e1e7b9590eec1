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
}
