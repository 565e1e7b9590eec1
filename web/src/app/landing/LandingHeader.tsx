import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../ui/Logo.js';

export { Logo };

/** Spec/1 §9: the header changes its look once the page has scrolled this far. */
export const HEADER_SCROLL_THRESHOLD = 50;

export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

export function LandingHeader({ signedIn, startPath }: { signedIn: boolean; startPath: string }) {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD);
  return (
    <header className="lp-header" data-scrolled={scrolled ? 'true' : 'false'}>
      <div className="lp-header__inner">
        <Link to="/" className="lp-brand" aria-label="Design Club home">
          <Logo />
          <span>Design Club</span>
        </Link>
        <nav className="lp-header__nav" aria-label="Main">
          <a href="#how-it-works">How It Works</a>
          <a href="#pricing">Pricing</a>
        </nav>
        <div className="lp-header__actions">
          {signedIn ? (
            <Link to="/dashboard" className="lp-link">
              Dashboard
            </Link>
          ) : (
            <Link to="/auth" className="lp-link">
              Sign In
            </Link>
          )}
          <Link to={startPath} className="lp-btn lp-btn--primary lp-btn--small">
            Start My Project
          </Link>
        </div>
      </div>
    </header>
  );
}
