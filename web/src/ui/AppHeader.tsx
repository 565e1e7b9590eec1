import { Avatar, Button, Flex } from '@aws-amplify/ui-react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { NotificationBell } from '../components/notifications/NotificationBell.js';
import { toast } from '../components/toast/use-toast.js';
import { errorMessage } from '../lib/errors.js';
import { initials } from '../lib/format.js';
import { useSession } from '../lib/session.js';

export interface AppHeaderProps {
  /** Overrides the name used for the initials (e.g. the profile's full name). */
  name?: string | null;
  /** Extra actions shown before the avatar. */
  actions?: ReactNode;
}

/** The signed-in header: product title, the notification bell, an avatar-initials button to /profile, and Sign Out. */
export function AppHeader({ name, actions }: AppHeaderProps) {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const letters = initials(name ?? user?.name, user?.email);

  async function handleSignOut() {
    setBusy(true);
    try {
      await signOut();
      navigate('/auth', { replace: true });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <RouterLink to="/dashboard" className="app-header__title">
          Design Club
        </RouterLink>
        <Flex alignItems="center" gap="small">
          {actions}
          <NotificationBell />
          <button
            type="button"
            className="avatar-button"
            aria-label={`Profile settings (${letters})`}
            title="Profile settings"
            onClick={() => navigate('/profile')}
          >
            <Avatar variation="filled" size="small" aria-hidden="true">
              {letters}
            </Avatar>
          </button>
          <Button size="small" variation="link" onClick={handleSignOut} isLoading={busy} loadingText="Signing out…">
            Sign Out
          </Button>
        </Flex>
      </div>
    </header>
  );
}
