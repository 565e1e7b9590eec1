import { Avatar, Flex } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router-dom';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.js';
import { toast } from '../../ui/toast/use-toast.js';
import { errorMessage } from '../../lib/errors.js';
import { initials } from '../../lib/format.js';
import { useSession } from '../auth/session.js';
import { Logo } from '../../ui/Logo.js';
import { homeFor, navFor } from './nav.js';

export interface AppHeaderProps {
  /** Overrides the name used for the initials (e.g. the profile's full name). */
  name?: string | null;
  /** Extra actions shown before the bell. */
  actions?: ReactNode;
}

/**
 * The app shell's header on every signed-in screen: the studio's logo (home), the role's
 * navigation, the notification bell, and the avatar menu with Profile and Sign Out.
 */
export function AppHeader({ name, actions }: AppHeaderProps) {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuRoot = useRef<HTMLDivElement>(null);
  const letters = initials(name ?? user?.name, user?.email);
  const home = homeFor(user);

  // The menu closes on a click elsewhere and on Escape (focus back on the avatar).
  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!menuRoot.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuRoot.current?.querySelector<HTMLButtonElement>('.avatar-button')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

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
        <RouterLink to={home} className="app-header__brand" aria-label="Design Club home">
          <Logo size={30} className="app-header__logo" />
          <span className="app-header__name">Design Club</span>
        </RouterLink>
        <nav className="app-header__nav" aria-label="Main">
          {navFor(user).map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className="app-header__link">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <Flex alignItems="center" gap="small" className="app-header__actions">
          {actions}
          <NotificationBell />
          <div className="avatar-menu" ref={menuRoot}>
            <button
              type="button"
              className="avatar-button"
              aria-label={`Profile settings (${letters})`}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <Avatar variation="filled" size="small" aria-hidden="true">
                {letters}
              </Avatar>
            </button>
            {menuOpen ? (
              <div className="avatar-menu__panel" id={menuId}>
                <p className="avatar-menu__who">
                  <strong>{name ?? user?.name ?? 'Signed in'}</strong>
                  <span>{user?.email}</span>
                </p>
                <RouterLink to="/profile" className="avatar-menu__item" onClick={() => setMenuOpen(false)}>
                  Profile
                </RouterLink>
                <button
                  type="button"
                  className="avatar-menu__item"
                  onClick={() => void handleSignOut()}
                  disabled={busy}
                >
                  {busy ? 'Signing out…' : 'Sign Out'}
                </button>
              </div>
            ) : null}
          </div>
        </Flex>
      </div>
    </header>
  );
}
