import { Link } from 'react-router-dom';
import { Logo } from './LandingHeader.js';

const SOCIAL = [
  {
    name: 'Instagram',
    path:
      'M12 7.2a4.8 4.8 0 1 0 0 9.6 4.8 4.8 0 0 0 0-9.6zm0 7.8a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm5-8.9a1.1 1.1 0 1 ' +
      '1-2.2 0 1.1 1.1 0 0 1 2.2 0zM12 3.8c2.7 0 3 0 4 .1 2.7.1 4 1.4 4.1 4.1.1 1 .1 1.4.1 4s0 3-.1 4c-.1 2.7-1.4 ' +
      '4-4.1 4.1-1 .1-1.4.1-4 .1s-3 0-4-.1c-2.7-.1-4-1.4-4.1-4.1-.1-1-.1-1.4-.1-4s0-3 .1-4C3.9 5.3 5.3 4 8 3.9c1 ' +
      '0 1.3-.1 4-.1zM12 2c-2.7 0-3.1 0-4.1.1C4.2 2.2 2.2 4.2 2.1 7.9 2 8.9 2 9.3 2 12s0 3.1.1 4.1c.1 3.7 2.1 5.7 ' +
      '5.8 5.8 1 .1 1.4.1 4.1.1s3.1 0 4.1-.1c3.7-.1 5.7-2.1 5.8-5.8.1-1 ' +
      '.1-1.4.1-4.1s0-3.1-.1-4.1c-.1-3.7-2.1-5.7-5.8-5.8C15.1 2 14.7 2 12 2z',
  },
  {
    name: 'LinkedIn',
    path:
      'M19 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zM8.3 18.3H5.7V9.8h2.6v8.5zM7 ' +
      '8.6a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm11.3 9.7h-2.6v-4.1c0-1 0-2.3-1.4-2.3s-1.6 1.1-1.6 ' +
      '2.2v4.2h-2.6V9.8h2.5v1.2c.4-.7 1.2-1.4 2.5-1.4 2.7 0 3.2 1.8 3.2 4.1v4.6z',
  },
  {
    name: 'Facebook',
    path:
      'M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.2c-1.2 ' +
      '0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.4v7A10 10 0 0 0 22 12z',
  },
  {
    name: 'YouTube',
    path:
      'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 ' +
      '3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 ' +
      '1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3-5.2 3z',
  },
] as const;

export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="lp-footer">
      <div className="lp-container lp-footer__inner">
        <div className="lp-footer__brand">
          <Link to="/" className="lp-brand lp-brand--light" aria-label="Design Club home">
            <Logo />
            <span>Design Club</span>
          </Link>
          <p>Subscription design and permit drafting, delivered online.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="lp-footer__links">
            <li>
              <Link to="/pricing">Plans</Link>
            </li>
            <li>
              <Link to="/auth">Dashboard Login</Link>
            </li>
            <li>
              {/* Placeholders until the pages exist (docs/product.md#screens). */}
              <a href="#support">Support</a>
            </li>
            <li>
              <a href="#terms">Terms of Service</a>
            </li>
          </ul>
        </nav>
        <ul className="lp-social" aria-label="Design Club on social media">
          {SOCIAL.map((network) => (
            <li key={network.name}>
              <a href="#social" title={network.name}>
                <span className="visually-hidden">{`Design Club on ${network.name}`}</span>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d={network.path} fill="currentColor" />
                </svg>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className="lp-footer__legal">© {year} Design Club. All rights reserved.</p>
    </footer>
  );
}
