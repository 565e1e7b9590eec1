import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Tier } from '#shared/plans.js';
import { signInPathFor } from '../navigation.js';
import { openInNewTab } from '../../features/billing/components/new-tab.js';
import { AUDIENCES, CLOSING, HERO, REASONS, STEPS } from '../landing/content.js';
import { LandingFooter } from '../landing/LandingFooter.js';
import { LandingHeader } from '../landing/LandingHeader.js';
import { PricingSection } from '../landing/PricingSection.js';
import { SampleCarousel } from '../landing/SampleCarousel.js';
import '../landing/landing.css';
import { useSession } from '../auth/session.js';

/**
 * The public landing page (/ and /pricing), docs/product.md#screens. Plain React and CSS: it is the first screen
 * most visitors load, so it carries neither Amplify UI nor the API client (that one is
 * fetched only when a signed-in visitor picks a plan).
 */
export default function LandingScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const startPath = user ? '/submit' : '/auth';

  useEffect(() => {
    const previous = document.title;
    document.title = 'Design Club · Subscription design and permit plans';
    return () => {
      document.title = previous;
    };
  }, []);

  // /pricing shows the same page, opened at the plans.
  useEffect(() => {
    if (pathname === '/pricing') document.getElementById('pricing')?.scrollIntoView();
  }, [pathname]);

  function choosePlan(tier: Tier) {
    if (!user) {
      // Spec/1 §4: checkout while signed out goes to /auth (and back to the plans after signing in).
      navigate(signInPathFor({ pathname: '/pricing', search: '' }));
      return;
    }
    void openInNewTab(async () => (await import('../../features/billing/api/checkout-url.js')).checkoutUrl(tier));
  }

  return (
    <div className="lp">
      <a className="lp-skip" href="#main">
        Skip to content
      </a>
      <LandingHeader signedIn={!!user} startPath={startPath} />
      <main id="main">
        <section className="lp-hero" aria-labelledby="hero-title">
          <div className="lp-container lp-hero__inner">
            <p className="lp-eyebrow">{HERO.eyebrow}</p>
            <h1 id="hero-title" className="lp-hero__title">
              {HERO.title}
            </h1>
            <p className="lp-hero__text">{HERO.text}</p>
            <div className="lp-hero__actions">
              <Link to={startPath} className="lp-btn lp-btn--primary lp-btn--large">
                Start My Project
              </Link>
              <a href="#pricing" className="lp-btn lp-btn--outline lp-btn--large">
                Explore Plans
              </a>
            </div>
            <ul className="lp-hero__facts" aria-label="At a glance">
              <li>48-72 h typical turnaround</li>
              <li>Flat monthly pricing</li>
              <li>Cancel or pause anytime</li>
            </ul>
          </div>
        </section>

        <section id="how-it-works" className="lp-section" aria-labelledby="how-title">
          <div className="lp-container">
            <h2 id="how-title" className="lp-section__title">
              How It Works
            </h2>
            <p className="lp-section__lead">From brief to deliverables in three steps.</p>
            <ol className="lp-steps">
              {STEPS.map((step, index) => (
                <li key={step.title} className="lp-card lp-step">
                  <span className="lp-step__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3 className="lp-card__title">{step.title}</h3>
                  <p>{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section id="our-work" className="lp-section lp-section--tinted" aria-labelledby="work-title">
          <div className="lp-container">
            <h2 id="work-title" className="lp-section__title">
              Our Work in Action
            </h2>
            <p className="lp-section__lead">
              Material boards, permit sets, presentations and renderings from recent projects.
            </p>
          </div>
          <SampleCarousel />
        </section>

        <section id="why" className="lp-section" aria-labelledby="why-title">
          <div className="lp-container">
            <h2 id="why-title" className="lp-section__title">
              Why Subscription Design
            </h2>
            <ul className="lp-grid">
              {REASONS.map((reason) => (
                <li key={reason.title} className="lp-card">
                  <ReasonIcon name={reason.icon} />
                  <h3 className="lp-card__title">{reason.title}</h3>
                  <p>{reason.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="who" className="lp-section lp-section--tinted" aria-labelledby="who-title">
          <div className="lp-container">
            <h2 id="who-title" className="lp-section__title">
              Built for the people who build
            </h2>
            <ul className="lp-grid">
              {AUDIENCES.map((audience) => (
                <li key={audience.title} className="lp-card lp-card--audience">
                  <h3 className="lp-card__title">{audience.title}</h3>
                  <p>{audience.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <PricingSection onChoose={choosePlan} />

        <section className="lp-cta" aria-labelledby="cta-title">
          <div className="lp-container lp-cta__inner">
            <h2 id="cta-title" className="lp-cta__title">
              {CLOSING.title}
            </h2>
            <p>{CLOSING.text}</p>
            <Link to={startPath} className="lp-btn lp-btn--accent lp-btn--large">
              Start My Project
            </Link>
          </div>
        </section>
      </main>
      <LandingFooter />
    </div>
  );
}

const ICONS = {
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  tag: 'M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9-9-9zm4.5-4.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  cloud: 'M7 18h10a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.1 9.1 4.5 4.5 0 0 0 7 18zm5-8v5m-2.5-2.5L12 15l2.5-2.5',
} as const;

function ReasonIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <span className="lp-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24" focusable="false" aria-hidden="true">
        <path
          d={ICONS[name]}
          fill={name === 'cloud' ? 'none' : 'currentColor'}
          stroke={name === 'cloud' ? 'currentColor' : 'none'}
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
