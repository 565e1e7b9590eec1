import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../app/auth/session.js';
import { errorMessage } from '../../../lib/errors.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useRevokeSessions } from '../api/revoke-sessions.js';

/**
 * 'Sign Out Everywhere': ends every session of the account, this one included (a lost phone, a
 * shared computer). The server moves the account's "sessions valid from" instant and Cognito revokes
 * every refresh token, so this browser signs out too.
 */
export function SignOutEverywhere() {
  const navigate = useNavigate();
  const { signOut } = useSession();
  const [asking, setAsking] = useState(false);
  const revokeSessions = useRevokeSessions();
  // Pending from the request until this browser has signed out too.
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const answer = await revokeSessions.mutateAsync();
      toast({ title: 'Signed out everywhere', description: answer.message });
      await signOut();
      navigate('/auth', { replace: true });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <Card variation="outlined" padding="large">
      <Flex direction="column" gap="small">
        <Heading level={2} fontSize="large">
          Sessions
        </Heading>
        <Text color="font.secondary">
          Lost a device, or signed in on a shared computer? End every session of your account, this one included.
        </Text>
        <Flex>
          <Button onClick={() => setAsking(true)}>Sign Out Everywhere</Button>
        </Flex>
      </Flex>
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere?"
        description={
          'Every device signed in to your account, this one included, will be signed out. ' +
          'You can sign in again at once.'
        }
        confirmLabel="Sign Out Everywhere"
        tone="danger"
        busy={busy}
        busyLabel="Signing out…"
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
