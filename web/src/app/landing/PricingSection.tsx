import { MOST_POPULAR_LABEL, NOT_INCLUDED, PLANS, POLICIES, type Tier } from '#shared/plans.js';
import { formatPrice } from '../../lib/format.js';

/** The two plans as the landing page words them, and the 'Additional Information' accordion. */
export function PricingSection({ onChoose }: { onChoose(tier: Tier): void }) {
  return (
    <section id="pricing" className="lp-section lp-pricing" aria-labelledby="pricing-title">
      <div className="lp-container">
        <p className="lp-eyebrow">Pricing</p>
        <h2 id="pricing-title" className="lp-section__title">
          Simple, flat monthly plans
        </h2>
        <p className="lp-section__lead">Pick the plan that fits your pipeline. Pause or cancel anytime.</p>
        <div className="lp-plans">
          {PLANS.map((plan) => (
            <article
              key={plan.tier}
              className={`lp-plan${plan.mostPopular ? ' lp-plan--popular' : ''}`}
              aria-labelledby={`plan-${plan.tier}`}
            >
              {plan.mostPopular ? <p className="lp-plan__badge">{MOST_POPULAR_LABEL}</p> : null}
              <h3 id={`plan-${plan.tier}`} className="lp-plan__name">
                {plan.name}
              </h3>
              <p className="lp-plan__price">
                <span className="lp-plan__amount">{formatPrice(plan.monthlyPrice)}</span>
                <span className="lp-plan__period">/month</span>
              </p>
              <ul className="lp-checklist">
                {[plan.landingLimit, ...plan.features].map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <button
                type="button"
                className={`lp-btn ${plan.mostPopular ? 'lp-btn--primary' : 'lp-btn--outline'} lp-btn--block`}
                onClick={() => onChoose(plan.tier)}
              >
                Choose {plan.name}
              </button>
            </article>
          ))}
        </div>

        <div className="lp-accordion">
          <h3 className="lp-accordion__title">Additional Information</h3>
          <details className="lp-accordion__item">
            <summary>What's NOT Included</summary>
            <ul className="lp-crosslist">
              {NOT_INCLUDED.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </details>
          <details className="lp-accordion__item">
            <summary>User Friendly Company Policies</summary>
            <ul className="lp-checklist">
              {POLICIES.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </details>
        </div>
      </div>
    </section>
  );
}
