import { Button } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { usePortalUrl } from '../api/portal-url.js';
import { subscriptionQuery } from '../api/get-subscription.js';
import { openInNewTab } from './new-tab.js';

// The plans dialog loads the first time it is opened.
const PlanDialog = lazy(() => import('./PlanDialog.js').then((m) => ({ default: m.PlanDialog })));

/**
 * The dashboard's plan button: 'Manage Plan' (the provider's portal, in a new tab) for subscribers,
 * otherwise 'View Premium Plans (Optional)', which opens 'Join Design Club'. The subscription is a
 * cached view: read again when its live topic changes (or billingKeys.subscription() is invalidated).
 */
export function PlanButton() {
  const query = useQuery(subscriptionQuery());
  const subscription = query.data ?? null;
  const checked = !query.isPending;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogUsed, setDialogUsed] = useState(false);
  const portal = usePortalUrl();

  useEffect(() => {
    // Spec/1 §8: a failed subscription check is only logged.
    if (query.error) console.error('Could not check the subscription', query.error);
  }, [query.error]);

  if (!checked) return null;
  if (subscription?.subscribed) {
    return (
      <Button
        variation="primary"
        size="small"
        isDisabled={portal.isPending}
        onClick={() => void openInNewTab(() => portal.mutateAsync(), 'Opening your billing portal…')}
      >
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
