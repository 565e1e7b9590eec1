import { Alert, Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { designerInviteQuery } from '../api/get-designer-invite.js';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { DesignerInviteDetailsResponse } from '#features/designers/contracts.js';
import { RouteLoading } from '../../../ui/RouteStatus.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useAcceptDesignerInvite } from '../api/accept-designer-invite.js';
import { errorMessage } from '../../../lib/errors.js';
import { useSession } from '../../../app/auth/session.js';
import { Page } from '../../../ui/Page.js';

const INVALID_LINK = 'Invalid invitation link';
const INVALID_OR_EXPIRED = 'Invalid or expired invitation';

type Details =
  | { status: 'loading' }
  | { status: 'ready'; invite: DesignerInviteDetailsResponse }
  | { status: 'error'; message: string };

/**
 * Designer invitation (/designer-invite?token=): the link an admin's 'Add Designer' e-mails. Following
 * it signed in with the invited address proves that address, and only then is the designer role (with
 * the projects assigned to the address) linked to the account. Signed out: sign in or create the
 * account with that address first, and come back here. Signed in with another address: say so.
 */
export default function DesignerInviteScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { user, loading, refresh, signOut } = useSession();
  const link = useQuery(designerInviteQuery(token));
  const details: Details = !token
    ? { status: 'error', message: INVALID_LINK }
    : link.data
      ? { status: 'ready', invite: link.data }
      : link.isError
        ? { status: 'error', message: errorMessage(link.error, INVALID_OR_EXPIRED) }
        : { status: 'loading' };
  const acceptInvite = useAcceptDesignerInvite();
  // Pending from the acceptance until the fresh tokens are in and the screen moves on.
  const [accepting, setAccepting] = useState(false);

  async function accept() {
    if (!token) return;
    setAccepting(true);
    try {
      const answer = await acceptInvite.mutateAsync(token);
      toast({ title: 'Invitation accepted', description: answer.message });
      // Fresh tokens carry the designer group the link just gave.
      await refresh({ forceRefresh: true }).catch(() => null);
      navigate('/designer', { replace: true });
    } catch (error) {
      toast({ title: 'Failed to accept invitation', description: errorMessage(error), variant: 'destructive' });
      setAccepting(false);
    }
  }

  if (loading) return <RouteLoading />;
  const here = `/designer-invite?token=${encodeURIComponent(token ?? '')}`;
  const signInHref = `/auth?redirect=${encodeURIComponent(here)}`;

  return (
    <Page title="Designer Invitation" width="narrow">
      <Flex direction="column" paddingBlock="xxl">
        <Card variation="elevated" padding="xl">
          <Flex direction="column" gap="medium">
            <Heading level={1}>Designer Invitation</Heading>
            {details.status === 'loading' ? (
              <Loader size="large" ariaLabel="Loading invitation" />
            ) : details.status === 'error' ? (
              <>
                <Alert variation="error" heading="Unable to Accept Invitation">
                  {details.message}
                </Alert>
                <Button as={RouterLink} to="/dashboard">
                  Go to Dashboard
                </Button>
              </>
            ) : !user ? (
              <>
                <Text>
                  You have been added as a designer on Design Club. Sign in (or create your account) with{' '}
                  <strong>{details.invite.email}</strong>, then accept the invitation here.
                </Text>
                <Button as={RouterLink} to={signInHref} variation="primary">
                  Sign in or create an account
                </Button>
              </>
            ) : user.email.trim().toLowerCase() !== details.invite.email ? (
              <>
                <Alert variation="warning" heading="Wrong account">
                  This invitation was sent to {details.invite.email}, and you are signed in as {user.email}. Sign in
                  with {details.invite.email} to accept it.
                </Alert>
                <Button
                  onClick={() => {
                    void signOut()
                      .catch(() => undefined)
                      .then(() => navigate(signInHref));
                  }}
                >
                  Sign out and switch account
                </Button>
              </>
            ) : (
              <>
                <Text>
                  You have been added as a designer on Design Club. Accept to see the projects assigned to{' '}
                  <strong>{details.invite.email}</strong> on your designer dashboard.
                </Text>
                <Button
                  variation="primary"
                  onClick={() => void accept()}
                  isLoading={accepting}
                  loadingText="Accepting…"
                >
                  Accept Invitation
                </Button>
              </>
            )}
          </Flex>
        </Card>
      </Flex>
    </Page>
  );
}
