import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useSyncSubscriptions } from '../api/sync-subscriptions.js';

export const SYNC_CONFIRMATION =
  'This will sync all user subscription statuses with Stripe. This may take a few moments. Continue?';

/** The admin dashboard's 'Sync All Subscriptions' (docs/product.md#screens, #validation, #messages). */
export function SyncSubscriptionsButton() {
  const [asking, setAsking] = useState(false);
  const syncSubscriptions = useSyncSubscriptions();

  async function sync() {
    try {
      const report = await syncSubscriptions.mutateAsync();
      toast({
        title: `Subscription sync complete! Updated: ${report.updated}/${report.total} users`,
        description: `Errors: ${report.errors}`,
      });
    } catch (error) {
      console.error('Subscription sync failed', error);
      toast({ title: 'Failed to sync subscription statuses', variant: 'destructive' });
    } finally {
      setAsking(false);
    }
  }

  return (
    <>
      <Button
        onClick={() => setAsking(true)}
        isLoading={syncSubscriptions.isPending}
        loadingText="Syncing…"
        aria-haspopup="dialog"
      >
        Sync All Subscriptions
      </Button>
      <ConfirmDialog
        open={asking}
        title="Sync all subscriptions?"
        description={SYNC_CONFIRMATION}
        confirmLabel="Continue"
        busy={syncSubscriptions.isPending}
        busyLabel="Syncing…"
        onConfirm={() => void sync()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
