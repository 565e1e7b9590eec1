import {
  Button,
  Card,
  CheckboxField,
  Flex,
  Heading,
  Link,
  PasswordField,
  SelectField,
  Text,
  TextField,
} from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import { fetchAccess } from '../../../app/auth/server-roles.js';
import { RouteLoading } from '../../../ui/RouteStatus.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { USER_TYPES, type UserType } from '#shared/vocabulary.js';
import { authErrorMessage, signInWithPassword, signUpClient, preloadAuth } from '../../../app/auth/auth-session.js';
import { humanize } from '../../../lib/format.js';
import { PASSWORD_MIN_LENGTH, postSignInPath } from '../../../app/auth/roles.js';
import { useSession, type SessionUser } from '../../../app/auth/session.js';
import { Logo } from '../../../ui/Logo.js';
import { Page } from '../../../ui/Page.js';

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
      const signedIn = await signInWithPassword({ email, password, persistent: staySignedIn });
      toast({ title: 'Welcome back!', description: 'Signed in successfully.' });
      // A designer goes to /designer: the API says who is one (a token's groups can lag behind).
      const access = await fetchAccess();
      setAfterSignIn(destination({ groups: access?.roles ?? signedIn.groups }));
      // The session now has the user, and this screen redirects on its next render.
      await refresh();
      setSigningIn(false);
    } catch (error) {
      setSigningIn(false);
      toast({ title: 'Error', description: authErrorMessage(error, 'Authentication failed'), variant: 'destructive' });
      setBusy(false);
    }
  }

  async function handleSignUp(event: FormEvent) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      toast({ title: 'Error', description: 'Password must be at least 12 characters.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await signUpClient({ fullName, company, phone, userType, email, password });
      toast({ title: 'Success!', description: 'Account created successfully. Please sign in.' });
      switchMode('signin');
    } catch (error) {
      toast({ title: 'Error', description: authErrorMessage(error, 'Sign-up failed.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const signingUp = mode === 'signup';

  return (
    <Page title={signingUp ? 'Create your account' : 'Sign in'} width="narrow">
      <Flex direction="column" gap="large" paddingBlock="xl">
        <RouterLink to="/" className="app-header__brand" style={{ alignSelf: 'center' }}>
          <Logo size={34} className="app-header__logo" />
          Design Club
        </RouterLink>
        <Card variation="elevated" padding="xl">
          <Flex direction="column" gap="large">
            <Flex direction="column" gap="xs">
              <Heading level={1} fontSize="xl">
                {signingUp ? 'Create your account' : 'Sign in to your account'}
              </Heading>
              <Text color="font.secondary">
                {signingUp
                  ? 'Join Design Club to submit projects and follow them to delivery.'
                  : 'Follow your projects and download your deliverables.'}
              </Text>
            </Flex>

            {signingUp ? (
              <Flex as="form" direction="column" gap="medium" onSubmit={handleSignUp} onFocus={preloadAuth}>
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
                <TextField
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  isRequired
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
                <PasswordField
                  label="Password"
                  name="password"
                  autoComplete="new-password"
                  descriptiveText="Minimum 12 characters"
                  hideShowPassword
                  isRequired
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <Button type="submit" variation="primary" isFullWidth isLoading={busy} loadingText="Creating account…">
                  Sign Up
                </Button>
              </Flex>
            ) : (
              <Flex as="form" direction="column" gap="medium" onSubmit={handleSignIn} onFocus={preloadAuth}>
                <TextField
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  isRequired
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
                <PasswordField
                  label="Password"
                  name="password"
                  autoComplete="current-password"
                  hideShowPassword
                  isRequired
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
                  <CheckboxField
                    label="Stay signed in on this device"
                    name="stay_signed_in"
                    checked={staySignedIn}
                    onChange={(e) => setStaySignedIn(e.target.checked)}
                  />
                  <Link as={RouterLink} to="/auth/forgot-password">
                    Forgot password?
                  </Link>
                </Flex>
                <Button type="submit" variation="primary" isFullWidth isLoading={busy} loadingText="Signing in…">
                  Sign In
                </Button>
              </Flex>
            )}

            <Button variation="link" onClick={() => switchMode(signingUp ? 'signin' : 'signup')} isDisabled={busy}>
              {signingUp ? 'Already have an account? Sign in' : "Don't have an account? Sign up"}
            </Button>
          </Flex>
        </Card>
        <Text textAlign="center" color="font.secondary" fontSize="small">
          Designer or admin?{' '}
          <Link as={RouterLink} to="/team-login">
            Use the team login
          </Link>
        </Text>
      </Flex>
    </Page>
  );
}
