import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useSyncSubscriptions } from '../api/sync-subscriptions.js';

export const SYNC_CONFIRMATION =
  'This will sync all user subscription statuses with Stripe. This may take a few moments. Continue?';

/** The admin dashboard's 'Sync All Subscriptions' (docs/product.md#screens, #validation, #messages). */
export function SyncSubscriptionsButton({ onSynced }: { onSynced?(): void }) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const syncSubscriptions = useSyncSubscriptions();

  async function sync() {
    setBusy(true);
    try {
      const report = await syncSubscriptions.mutateAsync();
      toast({
        title: `Subscription sync complete! Updated: ${report.updated}/${report.total} users`,
        description: `Errors: ${report.errors}`,
      });
      onSynced?.();
    } catch (error) {
      console.error('Subscription sync failed', error);
      toast({ title: 'Failed to sync subscription statuses', variant: 'destructive' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <>
      <Button onClick={() => setAsking(true)} isLoading={busy} loadingText="Syncing…" aria-haspopup="dialog">
        Sync All Subscriptions
      </Button>
      <ConfirmDialog
        open={asking}
        title="Sync all subscriptions?"
        description={SYNC_CONFIRMATION}
        confirmLabel="Continue"
        busy={busy}
        busyLabel="Syncing…"
        onConfirm={() => void sync()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
