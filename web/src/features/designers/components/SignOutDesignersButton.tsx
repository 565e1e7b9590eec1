import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useRevokeDesignerSessions } from '../api/revoke-designer-sessions.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { toast } from '../../../ui/toast/use-toast.js';

export const SIGN_OUT_DESIGNERS_CONFIRMATION =
  'Are you sure you want to sign out all designers? This will immediately end all active designer sessions.';

/** 'Sign Out All Designers' (revoke-designer-sessions, docs/product.md#screens, #validation, #messages). */
export function SignOutDesignersButton() {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const revoke = useRevokeDesignerSessions();

  async function signOutAll() {
    setBusy(true);
    try {
      const report = await revoke.mutateAsync();
      const errors = report.errors.length;
      toast({
        title: `Successfully signed out ${report.revoked} of ${report.total} designers`,
        description: `Errors: ${errors}`,
      });
    } catch (error) {
      console.error('Revoking designer sessions failed', error);
      toast({ title: 'Failed to revoke designer sessions', variant: 'destructive' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <>
      <Button
        onClick={() => setAsking(true)}
        isLoading={busy}
        loadingText="Signing out…"
        colorTheme="warning"
        aria-haspopup="dialog"
      >
        Sign Out All Designers
      </Button>
      <ConfirmDialog
        open={asking}
        title="Sign out all designers?"
        description={SIGN_OUT_DESIGNERS_CONFIRMATION}
        confirmLabel="Sign Out All"
        tone="danger"
        busy={busy}
        busyLabel="Signing out…"
        onConfirm={() => void signOutAll()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
