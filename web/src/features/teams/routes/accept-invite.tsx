import { Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAcceptInvite } from '../api/accept-invite.js';
import { INVALID_INVITE_MESSAGE } from '../components/team-words.js';
import { signInWithInviteHref } from '../components/invite-signup-form.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { ApiError } from '../../../app/api.js';
import { errorMessage } from '../../../lib/errors.js';
import { useSession } from '../../../app/auth/session.js';
import { Page } from '../../../ui/Page.js';
import '../components/team.css';

type View = { status: 'processing' } | { status: 'success'; teamName: string } | { status: 'error'; message: string };

const SUCCESS_REDIRECT_MS = 2_000;

/**
 * Accept-invite (/accept-invite?token=): processing, then success ('Welcome to the Team!', on to
 * /dashboard after 2 s) or error ('Unable to Accept Invitation'). Signed-out visitors are sent to
 * create an account on /invite-signup; an invalid or expired invitation goes to /auth.
 */
export default function AcceptInviteScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user, loading, signOut } = useSession();
  const navigate = useNavigate();
  const { mutateAsync: acceptInvite } = useAcceptInvite();
  const [view, setView] = useState<View>({ status: 'processing' });
  const started = useRef(false);

  useEffect(() => {
    if (loading || started.current) return;
    started.current = true;
    if (!token) {
      setView({ status: 'error', message: 'Invalid invitation link' });
      return;
    }
    if (!user) {
      toast({ title: 'Please create an account to accept the invitation' });
      navigate(`/invite-signup?token=${encodeURIComponent(token)}`, { replace: true });
      return;
    }
    acceptInvite(token)
      .then((answer) => {
        setView({ status: 'success', teamName: answer.team.name });
        toast({ title: 'Successfully joined the team!' });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.message === INVALID_INVITE_MESSAGE) {
          toast({ title: INVALID_INVITE_MESSAGE, variant: 'destructive' });
          navigate('/auth', { replace: true });
          return;
        }
        toast({ title: 'Failed to accept invitation', description: errorMessage(error), variant: 'destructive' });
        setView({ status: 'error', message: errorMessage(error, 'Failed to accept invitation') });
      });
  }, [loading, user, token, navigate, acceptInvite]);

  useEffect(() => {
    if (view.status !== 'success') return;
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [view.status, navigate]);

  async function signInAgain() {
    // Another account may be signed in: the invitation is for a particular address.
    if (user) await signOut().catch(() => undefined);
    navigate(token ? signInWithInviteHref(token) : '/auth');
  }

  return (
    <Page title="Accept Invitation" width="narrow">
      <Flex direction="column" paddingBlock="xxl">
        <Card variation="elevated" padding="xl" className="invite-page">
          {view.status === 'processing' ? (
            <Flex direction="column" alignItems="center" gap="medium" role="status">
              <Loader size="large" ariaLabel="Processing invitation" />
              <Heading level={1} fontSize="xl">
                Processing Invitation
              </Heading>
              <Text color="font.secondary">Please wait while we add you to the team…</Text>
            </Flex>
          ) : view.status === 'success' ? (
            <Flex direction="column" alignItems="center" gap="medium" role="status">
              <Heading level={1} fontSize="xl">
                Welcome to the Team!
              </Heading>
              <Text>You have joined {view.teamName}. Taking you to your dashboard…</Text>
            </Flex>
          ) : (
            <Flex direction="column" alignItems="center" gap="medium">
              <Heading level={1} fontSize="xl">
                Unable to Accept Invitation
              </Heading>
              <Text role="alert">{view.message}</Text>
              <Flex gap="small" justifyContent="center" wrap="wrap">
                <Button variation="primary" onClick={() => void signInAgain()}>
                  Sign In
                </Button>
                <Button onClick={() => navigate('/dashboard')}>Go to Dashboard</Button>
              </Flex>
            </Flex>
          )}
        </Card>
      </Flex>
    </Page>
  );
}
