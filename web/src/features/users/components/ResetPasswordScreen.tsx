import { useQuery } from '@tanstack/react-query';
import { Alert, Loader } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthForm, AuthLink, PasswordInput, SubmitButton } from './auth-form/fields.js';
import { authErrorToast, errorToast, passwordProblem, signInWithRoles } from './auth-form/flow.js';
import { useCompletePasswordReset } from '../api/complete-password-reset.js';
import { isInvalidResetLink, resetLinkQuery } from '../api/password-resets.js';
import {
  FORGOT_PASSWORD_PATHS,
  LOGIN_PATHS,
  PASSWORD_MIN_LENGTH,
  postResetPath,
  type AuthFlow,
} from '../../../app/auth/roles.js';
import { useSession } from '../../../app/auth/session.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { AuthFrame } from '../../../ui/auth-form/AuthFrame.js';

/** docs/product.md#states, #limits: the redirect delays. */
export const INVALID_LINK_REDIRECT_MS = 2_000;
export const SUCCESS_REDIRECT_MS = 1_500;

/** What newResetToken makes (the account id, a dot, 43 URL-safe characters); anything else is no link. */
const TOKEN = /^[A-Za-z0-9-]{1,64}\.[A-Za-z0-9_-]{43}$/;

const TITLES: Record<AuthFlow, string> = { client: 'Reset Password', team: 'Set a New Team Password' };

/** The token the reset link carries, or null when it is missing or malformed. */
export function readResetToken(params: URLSearchParams): string | null {
  const token = params.get('token')?.trim() ?? '';
  return TOKEN.test(token) ? token : null;
}

/**
 * /auth/reset-password and /team-login/reset-password (docs/product.md#screens, #states): the new password and its
 * confirmation. The API says on load whether the link's token still works (unknown, used, replaced
 * or older than an hour: 'Invalid or expired link', then the flow's forgot page after 2 s). On
 * success: signed in, and after 1.5 s to /admin, /designer, or the flow's home (/dashboard or /team-login).
 */
export function ResetPasswordScreen({ flow }: { flow: AuthFlow }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [token] = useState(() => readResetToken(params));
  const [email, setEmail] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(token === null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const completePasswordReset = useCompletePasswordReset();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const link = useQuery(resetLinkQuery(token));
  useEffect(() => {
    if (link.data) setEmail(link.data.email);
    else if (link.data === null || link.isError) setInvalid(true);
  }, [link.data, link.isError]);

  useEffect(() => {
    if (!invalid) return;
    toast({
      title: 'Invalid or expired link',
      description: 'Please request a new password reset link.',
      variant: 'destructive',
    });
    timer.current = setTimeout(
      () => navigate(FORGOT_PASSWORD_PATHS[flow], { replace: true }),
      INVALID_LINK_REDIRECT_MS,
    );
  }, [invalid, flow, navigate]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!token || !email) return setInvalid(true);
    const problem = passwordProblem(password, PASSWORD_MIN_LENGTH, confirmation);
    if (problem) return errorToast(problem);
    try {
      await completePasswordReset.mutateAsync({ token, password });
    } catch (error) {
      if (isInvalidResetLink(error)) return setInvalid(true);
      authErrorToast(error, 'Failed to update password.');
      return;
    }
    setDone(true);
    toast({ title: 'Success!', description: 'Your password has been updated.' });
    let destination = LOGIN_PATHS[flow];
    try {
      const { roles } = await signInWithRoles({ email, password, persistent: true });
      destination = postResetPath(roles, flow);
    } catch (error) {
      authErrorToast(error, 'Authentication failed');
    }
    timer.current = setTimeout(() => {
      void refresh().then(() => navigate(destination, { replace: true }));
    }, SUCCESS_REDIRECT_MS);
  }

  if (invalid) {
    return (
      <AuthFrame title={TITLES[flow]}>
        <Alert variation="error" heading="Invalid or expired link">
          Please request a new password reset link.
        </Alert>
        <AuthLink to={FORGOT_PASSWORD_PATHS[flow]}>Request a new link</AuthLink>
      </AuthFrame>
    );
  }

  if (!email) {
    return (
      <AuthFrame title={TITLES[flow]}>
        <Loader ariaLabel="Checking the link" />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title={TITLES[flow]}
      intro={`Choose a new password for ${email}.`}
      footer={<AuthLink to={LOGIN_PATHS[flow]}>{flow === 'team' ? 'Back to team login' : 'Back to sign in'}</AuthLink>}
    >
      <AuthForm onSubmit={handleSubmit}>
        <PasswordInput
          kind="new"
          label="New Password"
          name="new_password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordInput kind="confirm" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
        <SubmitButton
          busy={completePasswordReset.isPending || done}
          loadingText={done ? 'Signing you in…' : 'Updating…'}
        >
          Update Password
        </SubmitButton>
      </AuthForm>
    </AuthFrame>
  );
}
