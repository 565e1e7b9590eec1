import { Button } from '@aws-amplify/ui-react';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { fetchSubscription, portalUrl, type SubscriptionResponse } from './billing-api.js';
import { openInNewTab } from './new-tab.js';

// The plans dialog loads the first time it is opened.
const PlanDialog = lazy(() => import('./PlanDialog.js').then((m) => ({ default: m.PlanDialog })));

/**
 * The dashboard's plan button: 'Manage Plan' (the provider's portal, in a new tab) for subscribers,
 * otherwise 'View Premium Plans (Optional)', which opens 'Join Design Club'. Checks the
 * subscription again whenever `reloadKey` changes.
 */
export function PlanButton({ reloadKey = 0 }: { reloadKey?: number }) {
  const [subscription, setSubscription] = useState<SubscriptionResponse | null>(null);
  const [checked, setChecked] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogUsed, setDialogUsed] = useState(false);

  useEffect(() => {
    let active = true;
    fetchSubscription()
      .then((answer) => {
        if (active) startTransition(() => setSubscription(answer));
      })
      // Spec/1 §8: a failed subscription check is only logged.
      .catch((error: unknown) => console.error('Could not check the subscription', error))
      .finally(() => {
        if (active) startTransition(() => setChecked(true));
      });
    return () => {
      active = false;
    };
  }, [reloadKey]);

  if (!checked) return null;
  if (subscription?.subscribed) {
    return (
      <Button variation="primary" size="small" onClick={() => void openInNewTab(portalUrl, 'Opening your billing portal…')}>
        Manage Plan
      </Button>
    );
  }
  return (
    <>
      <Button
        size="small"
        onClick={() => {
          setDialogUsed(true);
          setDialogOpen(true);
        }}
      >
        View Premium Plans (Optional)
      </Button>
      {dialogUsed ? (
        <Suspense fallback={null}>
          <PlanDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
