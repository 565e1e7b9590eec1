import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { AuthForm, AuthLink, EmailField, SubmitButton } from './auth-form/fields.js';
import { authErrorToast } from './auth-form/flow.js';
import { useRequestPasswordReset } from '../api/request-password-reset.js';
import { LOGIN_PATHS, type AuthFlow } from '../../../app/auth/roles.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { AuthFrame } from '../../../ui/auth-form/AuthFrame.js';

const COPY: Record<AuthFlow, { title: string; intro: string; back: string }> = {
  client: {
    title: 'Forgot Password',
    intro: 'Enter your email and we will send you a link to reset your password.',
    back: 'Back to sign in',
  },
  team: {
    title: 'Team Password Reset',
    intro: 'Enter your team email and we will send you a link to reset your password.',
    back: 'Back to team login',
  },
};

/**
 * /auth/forgot-password and /team-login/forgot-password (docs/product.md#screens): one e-mail field and 'Send Reset
 * Link'; on success a confirmation with 'Send Another Link'. The API e-mails a link to the flow's
 * reset page (the same answer whether or not the address has an account).
 */
export function ForgotPasswordScreen({ flow }: { flow: AuthFlow }) {
  const copy = COPY[flow];
  const [email, setEmail] = useState('');
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    requestReset.mutate(
      { email, flow },
      {
        onSuccess: () => {
          setSentTo(email.trim());
          toast({ title: 'Email sent', description: 'Check your inbox for a password reset link.' });
        },
        onError: (error) => authErrorToast(error, 'Failed to send reset email.'),
      },
    );
  }

  return (
    <AuthFrame title={copy.title} intro={copy.intro} footer={<AuthLink to={LOGIN_PATHS[flow]}>{copy.back}</AuthLink>}>
      {sentTo ? (
        <Flex direction="column" gap="medium">
          <Alert variation="success" heading="Check your inbox">
            We sent a password reset link to {sentTo}. Open it to choose a new password.
          </Alert>
          <Text color="font.secondary" fontSize="small">
            No e-mail after a few minutes? Check your spam folder, or send another link.
          </Text>
          <Button variation="primary" isFullWidth onClick={() => setSentTo(null)}>
            Send Another Link
          </Button>
        </Flex>
      ) : (
        <AuthForm onSubmit={handleSubmit}>
          <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
          <SubmitButton busy={requestReset.isPending} loadingText="Sending…">
            Send Reset Link
          </SubmitButton>
        </AuthForm>
      )}
    </AuthFrame>
  );
}
