import { Flex } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthFrame } from '../../../ui/auth-form/AuthFrame.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { AuthForm, AuthLink, EmailField, PasswordInput, SubmitButton } from '../components/auth-form/fields.js';
import { authErrorToast, errorToast, passwordProblem, signInWithRoles } from '../components/auth-form/flow.js';
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
    const problem = passwordProblem(password, TEAM_PASSWORD_MIN_LENGTH);
    if (problem) return errorToast(problem);
    setBusy(true);
    try {
      const { roles, team } = await signInWithRoles({ email, password, persistent: true });
      const welcome = teamPortalDestination(roles, team);
      if (!welcome) {
        await signOut();
        toast({
          title: 'Access Denied',
          description: 'Please use the client login page to access your account.',
          variant: 'destructive',
        });
        setBusy(false);
        return;
      }
      toast({ title: welcome.greeting, ...(welcome.description ? { description: welcome.description } : {}) });
      await refresh();
      navigate(welcome.path, { replace: true });
    } catch (error) {
      authErrorToast(error, 'Authentication failed');
      setBusy(false);
    }
  }

  return (
    <AuthFrame
      title="Team Login"
      intro="Sign in for designers and admins."
      footer={
        <>
          Not on the team? <AuthLink to="/auth">Go to the client login</AuthLink>
        </>
      }
    >
      <AuthForm onSubmit={handleSubmit}>
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordInput kind="current" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Flex justifyContent="flex-end">
          <AuthLink to="/team-login/forgot-password">Forgot password?</AuthLink>
        </Flex>
        <SubmitButton busy={busy} loadingText="Signing in…">
          Sign In
        </SubmitButton>
      </AuthForm>
    </AuthFrame>
  );
}
