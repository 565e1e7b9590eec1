import { Badge, Button, Heading, Text } from '@aws-amplify/ui-react';
import { MOST_POPULAR_LABEL, PLANS, type Tier } from '#shared/plans.js';
import { formatPrice } from '../../../lib/format.js';
import { Dialog } from '../../../ui/Dialog.js';
import { checkoutUrl } from '../api/checkout-url.js';
import './billing.css';
import { openInNewTab } from './new-tab.js';

/** 'Join Design Club': the two plans as the dialog words them; a choice opens checkout in a new tab. */
export function PlanDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  function choose(tier: Tier) {
    void openInNewTab(() => checkoutUrl(tier));
    onClose();
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Join Design Club"
      description="Choose the plan that fits your projects. Cancel or pause anytime."
      size="large"
    >
      <div className="plan-grid">
        {PLANS.map((plan) => (
          <section
            key={plan.tier}
            className={`plan-card${plan.mostPopular ? ' plan-card--popular' : ''}`}
            aria-labelledby={`dialog-plan-${plan.tier}`}
          >
            {plan.mostPopular ? (
              <Badge variation="warning" alignSelf="flex-start">
                {MOST_POPULAR_LABEL}
              </Badge>
            ) : null}
            <Heading level={3} id={`dialog-plan-${plan.tier}`} fontSize="xl">
              {plan.name}
            </Heading>
            <p className="plan-card__price">
              {formatPrice(plan.monthlyPrice)}
              <small>/month</small>
            </p>
            <ul>
              {[plan.dialogLimit, ...plan.features].map((line) => (
                <li key={line}>
                  <Text as="span">{line}</Text>
                </li>
              ))}
            </ul>
            <Button variation={plan.mostPopular ? 'primary' : undefined} isFullWidth onClick={() => choose(plan.tier)}>
              Choose {plan.name}
            </Button>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
