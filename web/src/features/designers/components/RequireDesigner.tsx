import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { LinkDesignerResponse } from '#features/designers/contracts.js';
import { api } from '../../../app/api.js';
import { hasRole } from '../../../app/auth/roles.js';
import { useSession } from '../../../app/auth/session.js';
import { toast } from '../../../ui/toast/use-toast.js';

export const DESIGNER_DENIED = 'Access denied. Designer privileges required.';

/**
 * The designer screen's own check (docs/product.md#roles): an active designer authorisation matching the user's
 * id or e-mail. It asks link-designer-role, which also links a designer pre-authorised by e-mail to
 * this account and answers `allowed`; otherwise 'Access denied. Designer privileges required.' and
 * /dashboard (told not to send them back here while their token still names the group). The route
 * guard has already sent signed-out visitors to /auth. While it asks, `pending` shows (the screen's
 * frame and a skeleton of it).
 */
export function RequireDesigner({ children, pending }: { children: ReactNode; pending: ReactNode }) {
  const { user, refresh } = useSession();
  const [access, setAccess] = useState<'checking' | 'allowed' | 'denied'>('checking');

  useEffect(() => {
    let active = true;
    (async () => {
      let allowed = false;
      try {
        allowed = (await api.post<LinkDesignerResponse>('/designers/link')).allowed;
      } catch (error) {
        console.error('Could not check the designer role', error);
      }
      if (!active) return;
      if (!allowed) {
        toast({ title: DESIGNER_DENIED, variant: 'destructive' });
        setAccess('denied');
        // A token issued while the user was a designer still names the group; fresh tokens follow
        // the server (which took the group away), so the other screens stop sending them here.
        if (user && hasRole(user, 'designer')) void refresh({ forceRefresh: true });
        return;
      }
      setAccess('allowed');
      // Just linked: fresh tokens carry the designer group (kept in step by the server), which the
      // other screens read to send designers here.
      if (user && !hasRole(user, 'designer')) void refresh({ forceRefresh: true });
    })();
    return () => {
      active = false;
    };
    // Checked once per visit; the user changing means a new sign-in, which remounts the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.sub]);

  if (access === 'checking') return <>{pending}</>;
  if (access === 'denied') return <Navigate to="/dashboard" replace state={{ designerRefused: true }} />;
  return <>{children}</>;
}
