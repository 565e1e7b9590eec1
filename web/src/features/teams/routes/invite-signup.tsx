import { Card, Flex, Heading, Link, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  FIX_ERRORS_MESSAGE,
  signInWithInviteHref,
  validateInviteSignup,
  type InviteSignupErrors,
  type InviteSignupValues,
} from '../components/invite-signup-form.js';
import type { InviteDetailsResponse } from '#features/teams/contracts.js';
import { useAcceptInvite } from '../api/accept-invite.js';
import { invitationQuery } from '../api/get-invitation.js';
import { INVALID_INVITE_MESSAGE } from '../components/team-words.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { ApiError } from '../../../app/api.js';
import { signInWithPassword, signUpClient } from '../../../app/auth/auth-session.js';
import { errorMessage } from '../../../lib/errors.js';
import { useSession } from '../../../app/auth/session.js';
import { AuthFrame } from '../../../ui/auth-form/AuthFrame.js';
import { AuthForm, AuthLink, EmailField, PasswordInput, SubmitButton } from '../../users/index.js';
import { Page } from '../../../ui/Page.js';
import '../components/team.css';

/** Spec/2 §9: a 1 second wait follows account creation before the invitation is accepted. */
const AFTER_SIGN_UP_WAIT_MS = 1_000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Invite-signup (/invite-signup?token=): 'Join {team}' for someone without an account. Creates the
 * account, waits a second, signs in, accepts the invitation and goes to the dashboard. A visitor
 * who is already signed in goes straight to /accept-invite.
 */
export default function InviteSignupScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { user, loading, refresh } = useSession();
  // The invitation is checked on each visit, never answered from an earlier one.
  const invite = useQuery(invitationQuery(token ?? ''));
  const acceptInvite = useAcceptInvite();
  const details: InviteDetailsResponse | null = invite.data ?? null;
  const refused = invite.error instanceof ApiError && invite.error.message === INVALID_INVITE_MESSAGE;
  const detailsError = invite.error && !refused ? errorMessage(invite.error) : null;
  const [values, setValues] = useState<InviteSignupValues>({
    email: '',
    name: '',
    phone: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<InviteSignupErrors>({});
  const [busy, setBusy] = useState(false);
  /** True from the moment this screen signs the new account in: the session change is ours. */
  const inFlow = useRef(false);

  useEffect(() => {
    if (!token || loading || inFlow.current) return;
    if (user) navigate(`/accept-invite?token=${encodeURIComponent(token)}`, { replace: true });
  }, [token, user, loading, navigate]);

  const invitedEmail = invite.data?.invitedEmail;
  useEffect(() => {
    if (invitedEmail !== undefined) setValues((current) => ({ ...current, email: invitedEmail }));
  }, [invitedEmail]);
  useEffect(() => {
    if (!refused) return;
    toast({ title: INVALID_INVITE_MESSAGE, variant: 'destructive' });
    navigate('/auth', { replace: true });
  }, [refused, navigate]);

  const set = (field: keyof InviteSignupValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!token || !details) return;
    const found = validateInviteSignup(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast({ title: FIX_ERRORS_MESSAGE, variant: 'destructive' });
      return;
    }
    setBusy(true);
    inFlow.current = true;
    try {
      try {
        await signUpClient({
          fullName: values.name.trim(),
          company: '',
          phone: values.phone.trim(),
          userType: 'architect',
          email: details.invitedEmail,
          password: values.password,
          inviteToken: token,
        });
      } catch (error) {
        toast({ title: 'Account creation failed', description: errorMessage(error), variant: 'destructive' });
        inFlow.current = false;
        setBusy(false);
        return;
      }
      toast({ title: 'Account created successfully!' });
      await wait(AFTER_SIGN_UP_WAIT_MS);
      await signInWithPassword({ email: details.invitedEmail, password: values.password, persistent: true });
      await refresh();
    } catch (error) {
      toast({ title: 'Failed to create account', description: errorMessage(error), variant: 'destructive' });
      inFlow.current = false;
      setBusy(false);
      return;
    }
    try {
      await acceptInvite.mutateAsync(token);
      toast({ title: 'Successfully joined the team!' });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      toast({ title: 'Failed to accept invitation', description: errorMessage(error), variant: 'destructive' });
      navigate(`/accept-invite?token=${encodeURIComponent(token)}`, { replace: true });
    }
  }

  if (!token) {
    return (
      <Page title="Join Your Team" width="narrow">
        <Flex direction="column" paddingBlock="xxl">
          <Card variation="elevated" padding="xl" className="invite-page">
            <Flex direction="column" alignItems="center" gap="medium">
              <Heading level={1} fontSize="xl">
                Invalid invitation link
              </Heading>
              <Text color="font.secondary">
                Open the link from your invitation e-mail again, or ask your team admin for a new invitation.
              </Text>
              <Link as={RouterLink} to="/auth">
                Go to sign in
              </Link>
            </Flex>
          </Card>
        </Flex>
      </Page>
    );
  }

  if (!details) {
    return (
      <AuthFrame title="Join Your Team" heading={null}>
        {detailsError ? (
          <Flex direction="column" gap="small" role="alert">
            <Heading level={1} fontSize="xl">
              We could not load this invitation
            </Heading>
            <Text>{detailsError}</Text>
          </Flex>
        ) : (
          <Flex justifyContent="center" padding="large">
            <Loader size="large" ariaLabel="Loading invitation" />
          </Flex>
        )}
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={`Join ${details.teamName}`} intro={`${details.inviterName} invited you to collaborate`}>
      <AuthForm onSubmit={handleSubmit} noValidate>
        <EmailField readOnly value={values.email} error={errors.email} />
        <TextField
          label="Full Name"
          name="name"
          autoComplete="name"
          isRequired
          value={values.name}
          onChange={set('name')}
          hasError={!!errors.name}
          errorMessage={errors.name}
        />
        <TextField
          label="Phone (optional)"
          name="phone"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={set('phone')}
          hasError={!!errors.phone}
          errorMessage={errors.phone}
        />
        <PasswordInput kind="new" value={values.password} onChange={set('password')} error={errors.password} />
        <PasswordInput
          kind="confirm"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <SubmitButton busy={busy} loadingText="Creating account…">
          Create Account &amp; Join Team
        </SubmitButton>
      </AuthForm>
      <Text textAlign="center" fontSize="small">
        Already have an account? <AuthLink to={signInWithInviteHref(token)}>Sign in</AuthLink>
      </Text>
    </AuthFrame>
  );
}
