import { Button, Flex, Link, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AuthFrame } from '../../../ui/auth-form/AuthFrame.js';
import { fetchAccess } from '../../../app/auth/server-roles.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { authErrorMessage, signInWithPassword, preloadAuth } from '../../../app/auth/auth-session.js';
import { TEAM_PASSWORD_MIN_LENGTH, teamPortalDestination } from '../../../app/auth/roles.js';
import { useSession } from '../../../app/auth/session.js';

/**
 * Team Login (/team-login): admins and designers. After the password, the roles are checked in the
 * spec's order (admin role, designer role, active team admin, active team designer) from the API;
 * a match goes to /admin or /designer, anyone else is signed out and denied (docs/product.md#states, #roles).
 */
export default function TeamLoginScreen() {
  const { refresh, signOut } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (password.length < TEAM_PASSWORD_MIN_LENGTH) {
      toast({ title: 'Error', description: `Password must be at least ${TEAM_PASSWORD_MIN_LENGTH} characters.`, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const user = await signInWithPassword({ email, password, persistent: true });
      const access = await fetchAccess();
      const welcome = teamPortalDestination(access?.roles ?? user.groups, access?.team);
      if (!welcome) {
        await signOut();
        toast({ title: 'Access Denied', description: 'Please use the client login page to access your account.', variant: 'destructive' });
        setBusy(false);
        return;
      }
      toast({ title: welcome.greeting });
      await refresh();
      navigate(welcome.path, { replace: true });
    } catch (error) {
      toast({ title: 'Error', description: authErrorMessage(error, 'Authentication failed'), variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <AuthFrame
      title="Team Login"
      intro="Sign in for designers and admins."
      footer={
        <>
          Not on the team?{' '}
          <Link as={RouterLink} to="/auth">
            Go to the client login
          </Link>
        </>
      }
    >
      <Flex as="form" direction="column" gap="medium" onSubmit={handleSubmit} onFocus={preloadAuth}>
        <TextField label="Email" name="email" type="email" autoComplete="username" isRequired value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          hideShowPassword
          isRequired
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Flex justifyContent="flex-end">
          <Link as={RouterLink} to="/team-login/forgot-password">
            Forgot password?
          </Link>
        </Flex>
        <Button type="submit" variation="primary" isFullWidth isLoading={busy} loadingText="Signing in…">
          Sign In
        </Button>
      </Flex>
    </AuthFrame>
  );
}
