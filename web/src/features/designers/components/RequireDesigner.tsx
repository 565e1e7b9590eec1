import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { hasRole } from '../../../app/auth/roles.js';
import { useSession } from '../../../app/auth/session.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useLinkDesigner } from '../api/link-designer.js';

export const DESIGNER_DENIED = 'Access denied. Designer privileges required.';

interface Props {
  children: ReactNode;
  pending: ReactNode;
}

/**
 * The designer screen's own check (docs/product.md#roles): an active designer authorisation matching the user's
 * id or e-mail. It asks link-designer-role, which also links a designer pre-authorised by e-mail to
 * this account and answers `allowed`; otherwise 'Access denied. Designer privileges required.' and
 * /dashboard (told not to send them back here while their token still names the group). The route
 * guard has already sent signed-out visitors to /auth. While it asks, `pending` shows (the screen's
 * frame and a skeleton of it).
 */
export function RequireDesigner(props: Props) {
  const { user } = useSession();
  // Checked once per visit and per user: another user is a new check.
  return <DesignerCheck key={user?.sub ?? ''} {...props} />;
}

function DesignerCheck({ children, pending }: Props) {
  const { user, refresh } = useSession();
  const { mutateAsync: linkDesigner } = useLinkDesigner();
  const [access, setAccess] = useState<'checking' | 'allowed' | 'denied'>('checking');

  // The answer, read with the session as it is then (fresh tokens change it, without a new check).
  const settle = useEffectEvent((allowed: boolean) => {
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
  });

  useEffect(() => {
    let active = true;
    linkDesigner()
      .then(
        (answer) => answer.allowed,
        (error: unknown) => {
          console.error('Could not check the designer role', error);
          return false;
        },
      )
      .then((allowed) => {
        if (active) settle(allowed);
      });
    return () => {
      active = false;
    };
  }, [linkDesigner]);

  if (access === 'checking') return <>{pending}</>;
  if (access === 'denied') return <Navigate to="/dashboard" replace state={{ designerRefused: true }} />;
  return <>{children}</>;
}
