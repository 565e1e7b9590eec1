import { CheckboxField, Flex, SelectField, Button, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { USER_TYPES, type UserType } from '#shared/vocabulary.js';
import { signUpClient } from '../../../app/auth/auth-session.js';
import { PASSWORD_MIN_LENGTH, postSignInPath } from '../../../app/auth/roles.js';
import { useSession, type SessionUser } from '../../../app/auth/session.js';
import { humanize } from '../../../lib/format.js';
import { AuthFrame } from '../../../ui/auth-form/AuthFrame.js';
import { RouteLoading } from '../../../ui/RouteStatus.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { AuthForm, AuthLink, EmailField, PasswordInput, SubmitButton } from '../components/auth-form/fields.js';
import { authErrorToast, errorToast, passwordProblem, signInWithRoles } from '../components/auth-form/flow.js';

type Mode = 'signin' | 'signup';

/** Client sign-in and sign-up (/auth). Reads the `redirect` and `token` query parameters. */
export default function AuthScreen() {
  const { user, loading, refresh } = useSession();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('signin');
  const [busy, setBusy] = useState(false);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [staySignedIn, setStaySignedIn] = useState(true);
  const [fullName, setFullName] = useState('');
  const [company, setCompany] = useState('');
  const [phone, setPhone] = useState('');
  const [userType, setUserType] = useState<UserType>('architect');
  /** Where a sign-in on this screen goes, decided with the roles the API gives (not the token's). */
  const [afterSignIn, setAfterSignIn] = useState<string | null>(null);
  /** True from the password until the destination is known: the session fills in meanwhile. */
  const [signingIn, setSigningIn] = useState(false);

  /**
   * The redirect target is the address's `redirect` parameter and nothing else (docs/product.md#states): a guard
   * that refuses a screen puts it there, so a plain /auth (also one reopened from the history of an
   * earlier refusal) goes home.
   */
  function destination(signedIn: Pick<SessionUser, 'groups'>): string {
    return postSignInPath(signedIn, params);
  }

  if (loading) return <RouteLoading />;
  if (user && !signingIn) return <Navigate to={afterSignIn ?? destination(user)} replace />;

  function switchMode(next: Mode) {
    setMode(next);
    setPassword('');
  }

  async function handleSignIn(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setSigningIn(true);
    try {
      // A designer goes to /designer: the API says who is one (a token's groups can lag behind).
      const { roles } = await signInWithRoles({ email, password, persistent: staySignedIn });
      toast({ title: 'Welcome back!', description: 'Signed in successfully.' });
      setAfterSignIn(destination({ groups: roles }));
      // The session now has the user, and this screen redirects on its next render.
      await refresh();
      setSigningIn(false);
    } catch (error) {
      setSigningIn(false);
      authErrorToast(error, 'Authentication failed');
      setBusy(false);
    }
  }

  async function handleSignUp(event: FormEvent) {
    event.preventDefault();
    const problem = passwordProblem(password, PASSWORD_MIN_LENGTH);
    if (problem) return errorToast(problem);
    setBusy(true);
    try {
      await signUpClient({ fullName, company, phone, userType, email, password });
      toast({ title: 'Success!', description: 'Account created successfully. Please sign in.' });
      switchMode('signin');
    } catch (error) {
      authErrorToast(error, 'Sign-up failed.');
    } finally {
      setBusy(false);
    }
  }

  const signingUp = mode === 'signup';

  return (
    <AuthFrame
      title={signingUp ? 'Create your account' : 'Sign in'}
      heading={signingUp ? 'Create your account' : 'Sign in to your account'}
      intro={
        signingUp
          ? 'Join Design Club to submit projects and follow them to delivery.'
          : 'Follow your projects and download your deliverables.'
      }
      footer={
        <>
          Designer or admin? <AuthLink to="/team-login">Use the team login</AuthLink>
        </>
      }
    >
      {signingUp ? (
        <AuthForm onSubmit={handleSignUp}>
          <TextField
            label="Full Name"
            name="full_name"
            autoComplete="name"
            isRequired
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
          />
          <TextField
            label="Company"
            name="company"
            autoComplete="organization"
            value={company}
            onChange={(e) => setCompany(e.target.value)}
          />
          <TextField
            label="Cell Phone Number"
            name="phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <SelectField
            label="User Type"
            name="user_type"
            value={userType}
            onChange={(e) => setUserType(e.target.value as UserType)}
          >
            {USER_TYPES.map((type) => (
              <option key={type} value={type}>
                {humanize(type)}
              </option>
            ))}
          </SelectField>
          <EmailField autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          <PasswordInput kind="new" value={password} onChange={(e) => setPassword(e.target.value)} />
          <SubmitButton busy={busy} loadingText="Creating account…">
            Sign Up
          </SubmitButton>
        </AuthForm>
      ) : (
        <AuthForm onSubmit={handleSignIn}>
          <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
          <PasswordInput kind="current" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
            <CheckboxField
              label="Stay signed in on this device"
              name="stay_signed_in"
              checked={staySignedIn}
              onChange={(e) => setStaySignedIn(e.target.checked)}
            />
            <AuthLink to="/auth/forgot-password">Forgot password?</AuthLink>
          </Flex>
          <SubmitButton busy={busy} loadingText="Signing in…">
            Sign In
          </SubmitButton>
        </AuthForm>
      )}

      <Button variation="link" onClick={() => switchMode(signingUp ? 'signin' : 'signup')} isDisabled={busy}>
        {signingUp ? 'Already have an account? Sign in' : "Don't have an account? Sign up"}
      </Button>
    </AuthFrame>
  );
}
