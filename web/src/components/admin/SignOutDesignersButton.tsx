import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { toast } from '../toast/use-toast.js';
import { revokeDesignerSessions } from './admin-api.js';

export const SIGN_OUT_DESIGNERS_CONFIRMATION = 'Are you sure you want to sign out all designers? This will immediately end all active designer sessions.';

/** 'Sign Out All Designers' (revoke-designer-sessions, spec/2 §2, §5, §8). */
export function SignOutDesignersButton() {
  const [busy, setBusy] = useState(false);

  async function signOutAll() {
    if (!window.confirm(SIGN_OUT_DESIGNERS_CONFIRMATION)) return;
    setBusy(true);
    try {
      const report = await revokeDesignerSessions();
      const errors = report.errors.length;
      toast({ title: `Successfully signed out ${report.revoked} of ${report.total} designers`, description: `Errors: ${errors}` });
    } catch (error) {
      console.error('Revoking designer sessions failed', error);
      toast({ title: 'Failed to revoke designer sessions', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button onClick={() => void signOutAll()} isLoading={busy} loadingText="Signing out…" colorTheme="warning">
      Sign Out All Designers
    </Button>
  );
}
