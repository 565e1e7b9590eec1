import { Button, Flex, Link, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AuthFrame } from '../../../ui/auth-form/AuthFrame.js';
import { RouteLoading } from '../../../ui/RouteStatus.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { ApiError } from '../../../app/api.js';
import { useSession } from '../../../app/auth/session.js';
import { useSendTestMail } from '../api/send-test-mail.js';

/**
 * Test Email (/test-resend): sends a test e-mail through the mail adapter (POST /api/mail/test,
 * signed-in users). Locally the message appears in the outbox (/outbox); an address at the reserved
 * `.invalid` domain is refused there, which shows the failure path.
 */
const SIGN_IN_HERE = '/auth?redirect=%2Ftest-resend';

export default function TestResendScreen() {
  const { user, loading } = useSession();
  const [email, setEmail] = useState('');
  const sendTestMail = useSendTestMail();
  const navigate = useNavigate();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const toEmail = email.trim();
    if (!toEmail) {
      toast({ title: 'Email Required', description: 'Please enter an email address to test.', variant: 'destructive' });
      return;
    }
    // Signed out, the form is there (docs/product.md §test-resend) and sending asks to sign in first.
    if (!user) {
      toast({ title: 'Sign in to send a test email', description: 'Test emails are sent from a signed-in account.' });
      navigate(SIGN_IN_HERE);
      return;
    }
    try {
      const result = await sendTestMail.mutateAsync(toEmail);
      if (result.success) toast({ title: 'Test Email Sent', description: result.message });
      else {
        console.error('Test email failed', result.error);
        toast({ title: 'Test Failed', description: 'Failed to send test email', variant: 'destructive' });
      }
    } catch (error) {
      console.error('Test email failed', error);
      // A refused recipient (403) or a used-up quota (429) says why in the server's words.
      const refused = error instanceof ApiError && (error.status === 403 || error.status === 429);
      toast({
        title: 'Test Failed',
        description: refused ? `Failed to send test email. ${error.message}` : 'Failed to send test email',
        variant: 'destructive',
      });
    }
  }

  if (loading) return <RouteLoading />;

  return (
    <AuthFrame
      title="Test Email"
      heading="Test Email Delivery"
      intro="Send a test email to check that email delivery works."
    >
      <Flex as="form" direction="column" gap="medium" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variation="primary" isFullWidth isLoading={sendTestMail.isPending} loadingText="Sending…">
          Send Test Email
        </Button>
        {user ? null : (
          <Text fontSize="small" color="font.secondary">
            Sending a test email needs a signed-in account.{' '}
            <Link as={RouterLink} to={SIGN_IN_HERE}>
              Sign in
            </Link>
          </Text>
        )}
      </Flex>
    </AuthFrame>
  );
}
