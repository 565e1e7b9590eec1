import { Alert, Button, Flex, Link, PasswordField } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { authErrorMessage, confirmPasswordReset, isInvalidResetCode, signInWithPassword, preloadAuth } from '../../lib/auth-session.js';
import { FORGOT_PASSWORD_PATHS, LOGIN_PATHS, PASSWORD_MIN_LENGTH, postResetPath, type AuthFlow } from '../../lib/roles.js';
import { useSession } from '../../lib/session.js';
import { toast } from '../toast/use-toast.js';
import { AuthFrame } from './AuthFrame.js';
import { fetchAccess } from './server-roles.js';

/** spec/1 §4, §9: the redirect delays. */
export const INVALID_LINK_REDIRECT_MS = 2_000;
export const SUCCESS_REDIRECT_MS = 1_500;

const CODE = /^[A-Za-z0-9]{4,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const TITLES: Record<AuthFlow, string> = { client: 'Reset Password', team: 'Set a New Team Password' };

/** How long Cognito's reset code lives (one hour): an older link is refused on load. */
export const RESET_LINK_LIFETIME_S = 3_600;
/** A clock a little ahead of the sender's still accepts a fresh link. */
const CLOCK_SKEW_S = 300;

/**
 * The code and e-mail the reset link carries, or null when the link is missing, malformed, or
 * older than the code's life by its issue time (signed by the e-mail trigger), so an expired link
 * is caught before a new password is typed. A used link is caught on submit.
 */
export function readResetLink(params: URLSearchParams, nowS = Date.now() / 1000): { code: string; email: string } | null {
  const code = params.get('code')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const issued = Number(params.get('issued') ?? Number.NaN);
  if (!CODE.test(code) || !EMAIL.test(email) || !Number.isInteger(issued)) return null;
  const age = nowS - issued;
  return age <= RESET_LINK_LIFETIME_S && age >= -CLOCK_SKEW_S ? { code, email } : null;
}

/**
 * /auth/reset-password and /team-login/reset-password (spec/1 §2, §4): the new password and its
 * confirmation. The link's code proves the e-mail; a missing or bad link says 'Invalid or expired
 * link' and goes to the flow's forgot page after 2 s. On success: signed in, and after 1.5 s to
 * /admin, /designer, or the flow's home (/dashboard or /team-login).
 */
export function ResetPasswordScreen({ flow }: { flow: AuthFlow }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [link] = useState(() => readResetLink(params));
  const [invalid, setInvalid] = useState(link === null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!invalid) return;
    toast({ title: 'Invalid or expired link', description: 'Please request a new password reset link.', variant: 'destructive' });
    timer.current = setTimeout(() => navigate(FORGOT_PASSWORD_PATHS[flow], { replace: true }), INVALID_LINK_REDIRECT_MS);
  }, [invalid, flow, navigate]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!link) return setInvalid(true);
    if (password !== confirmation) {
      toast({ title: 'Error', description: 'Passwords do not match.', variant: 'destructive' });
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      toast({ title: 'Error', description: 'Password must be at least 12 characters.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await confirmPasswordReset({ email: link.email, code: link.code, newPassword: password });
    } catch (error) {
      setBusy(false);
      if (isInvalidResetCode(error)) return setInvalid(true);
      toast({ title: 'Error', description: authErrorMessage(error, 'Failed to update password.'), variant: 'destructive' });
      return;
    }
    setDone(true);
    toast({ title: 'Success!', description: 'Your password has been updated.' });
    let destination = LOGIN_PATHS[flow];
    try {
      const user = await signInWithPassword({ email: link.email, password, persistent: true });
      const access = await fetchAccess();
      destination = postResetPath(access?.roles ?? user.groups, flow);
    } catch (error) {
      toast({ title: 'Error', description: authErrorMessage(error, 'Authentication failed'), variant: 'destructive' });
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
        <Link as={RouterLink} to={FORGOT_PASSWORD_PATHS[flow]}>
          Request a new link
        </Link>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title={TITLES[flow]}
      intro={`Choose a new password for ${link!.email}.`}
      footer={
        <Link as={RouterLink} to={LOGIN_PATHS[flow]}>
          {flow === 'team' ? 'Back to team login' : 'Back to sign in'}
        </Link>
      }
    >
      <Flex as="form" direction="column" gap="medium" onSubmit={handleSubmit} onFocus={preloadAuth}>
        <PasswordField
          label="New Password"
          name="new_password"
          autoComplete="new-password"
          descriptiveText="Minimum 12 characters"
          hideShowPassword
          isRequired
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label="Confirm Password"
          name="confirm_password"
          autoComplete="new-password"
          hideShowPassword
          isRequired
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <Button type="submit" variation="primary" isFullWidth isLoading={busy || done} loadingText={done ? 'Signing you in…' : 'Updating…'}>
          Update Password
        </Button>
      </Flex>
    </AuthFrame>
  );
}
