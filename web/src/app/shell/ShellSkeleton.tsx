import { NavLink, Link as RouterLink, useLocation } from 'react-router-dom';
import { useSession } from '../auth/session.js';
import { Logo } from '../../ui/Logo.js';
import { CardsSkeleton, SkeletonBlock } from '../../ui/Skeleton.js';
import { homeFor, navFor } from './nav.js';

/** The screens laid out wide (boards and the admin's and designer's dashboards), as their Page says. */
const WIDE = /^\/(admin|board|designer)(\/|$)/;

/**
 * The signed-in app's frame, painted at once while the session is read, Amplify UI and the screen's
 * code load: the header (the role's navigation once the session is known, placeholders until then)
 * over a skeleton of the screen. Plain markup and base.css, so it is part of the entry and needs
 * nothing that is still loading; the screen replaces it with the real header in the same place.
 */
export function ShellSkeleton() {
  const { user } = useSession();
  const { pathname } = useLocation();
  return (
    <div className="page shell-skeleton">
      <header className="app-header">
        <div className="app-header__inner">
          <RouterLink to={homeFor(user)} className="app-header__brand" aria-label="Design Club home">
            <Logo size={30} className="app-header__logo" />
            <span className="app-header__name">Design Club</span>
          </RouterLink>
          {user ? (
            <nav className="app-header__nav" aria-label="Main">
              {navFor(user).map((item) => (
                <NavLink key={item.to} to={item.to} end={item.end} className="app-header__link">
                  {item.label}
                </NavLink>
              ))}
            </nav>
          ) : (
            <div className="app-header__nav" aria-hidden="true">
              {['first', 'second', 'third'].map((key) => (
                <SkeletonBlock key={key} width="4.5rem" height="1.75rem" round />
              ))}
            </div>
          )}
          <div className="shell-skeleton__actions" aria-hidden="true">
            <SkeletonBlock round />
            <SkeletonBlock round />
          </div>
        </div>
      </header>
      <main className={`page__main page__main--${WIDE.test(pathname) ? 'wide' : 'default'}`}>
        <CardsSkeleton label="Loading the page" count={3} lines={3} />
      </main>
    </div>
  );
}
