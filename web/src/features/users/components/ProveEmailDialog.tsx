import { Button, Flex, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  confirmEmailCode,
  currentSessionUser,
  readAuthPreference,
  sendEmailCode,
  signInWithAnswer,
  signInWithPassword,
} from '../../../app/auth/auth-session.js';
import { setEmailProver, setReauthenticating } from '../../../app/email-proof.js';
import { errorMessage } from '../../../lib/errors.js';
import { useSession } from '../../../app/auth/session.js';
import { Dialog } from '../../../ui/Dialog.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useRecordEmailProof } from '../api/record-email-proof.js';

type Step = 'closed' | 'code' | 'password';

/**
 * 'Verify Your Email': opened by the API client when an action needs a proven address (403
 * EMAIL_NOT_VERIFIED). Cognito mails a code (sendUserAttributeVerificationCode); the user types it
 * ('Verification Code', 'Verify Email'); confirmUserAttribute proves the address to Cognito, and the
 * API records the proof. The first proof of an address ends every session of the account, this one
 * included (Cognito's global sign-out leaves no refresh token to carry it over); the API hands this
 * session a one-time answer with which the dialog signs in again at once, no password asked, and the
 * action is retried. Only if that sign-in fails does it ask for the password ('Sign In Again').
 */
export function ProveEmailDialog() {
  const { user, refresh } = useSession();
  const [step, setStep] = useState<Step>('closed');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const recordEmailProof = useRecordEmailProof();
  // Pending through every step of the form (Cognito's, then the API's, then the new tokens).
  const [busy, setBusy] = useState(false);
  const settle = useRef<((proven: boolean) => void) | undefined>(undefined);
  // Kept from when the dialog opened: the session (and its user) ends halfway through.
  const [email, setEmail] = useState('');
  const currentEmail = useRef('');
  currentEmail.current = user?.email ?? '';

  useEffect(
    () =>
      setEmailProver(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setEmail(currentEmail.current);
            setCode('');
            setPassword('');
            setStep('code');
            sendEmailCode().catch((error: unknown) =>
              toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
            );
          }),
      ),
    [],
  );

  const finish = (proven: boolean) => {
    setReauthenticating(false);
    setStep('closed');
    setBusy(false);
    settle.current?.(proven);
    settle.current = undefined;
  };

  async function verify(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await confirmEmailCode(code);
      // From here the API may end this session (and close its socket) before it answers: no redirect.
      setReauthenticating(true);
      const answer = await recordEmailProof.mutateAsync();
      toast({ title: 'Email verified', description: 'Your email address has been verified.' });
      if (answer.sessions_ended) {
        if (await carryOn(answer.email, answer.sign_in_answer)) return;
        setBusy(false);
        setStep('password');
        return;
      }
      await currentSessionUser({ forceRefresh: true });
      finish(true);
    } catch (error) {
      setReauthenticating(false);
      toast({ title: 'Verification failed', description: errorMessage(error), variant: 'destructive' });
      setBusy(false);
    }
  }

  /**
   * This session ended with every other; the proof's one-time answer begins a new one without the
   * password. False when that fails (the answer was spent or expired): the password is asked for.
   */
  async function carryOn(provenEmail: string, signInAnswer: string | null): Promise<boolean> {
    if (!signInAnswer) return false;
    try {
      await signInWithAnswer({
        email: provenEmail,
        answer: signInAnswer,
        persistent: readAuthPreference() !== 'session',
      });
      await refresh();
      finish(true);
      return true;
    } catch {
      return false;
    }
  }

  async function signInAgain(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await signInWithPassword({ email, password, persistent: readAuthPreference() !== 'session' });
      await refresh();
      finish(true);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={step !== 'closed'}
      onClose={() => finish(false)}
      title={step === 'password' ? 'Sign In Again' : 'Verify Your Email'}
      description={
        step === 'password'
          ? 'For your security, every session of your account was signed out when your email was verified. ' +
            'Enter your password to continue.'
          : `Before you continue, please confirm that ${email || 'this email address'} is yours. ` +
            'We sent a verification code to your inbox.'
      }
    >
      {step === 'code' ? (
        <form onSubmit={(event) => void verify(event)}>
          <Flex direction="column" gap="medium">
            <TextField
              label="Verification Code"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              isRequired
            />
            <Flex gap="small" justifyContent="flex-end">
              <Button
                type="button"
                variation="link"
                onClick={() =>
                  void sendEmailCode().then(() =>
                    toast({ title: 'Code sent', description: 'Check your inbox for a new verification code.' }),
                  )
                }
              >
                Resend Code
              </Button>
              <Button
                type="submit"
                variation="primary"
                isLoading={busy}
                loadingText="Verifying…"
                isDisabled={!code.trim()}
              >
                Verify Email
              </Button>
            </Flex>
          </Flex>
        </form>
      ) : step === 'password' ? (
        <form onSubmit={(event) => void signInAgain(event)}>
          <Flex direction="column" gap="medium">
            <Text>{email}</Text>
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              isRequired
            />
            <Flex justifyContent="flex-end">
              <Button
                type="submit"
                variation="primary"
                isLoading={busy}
                loadingText="Signing in…"
                isDisabled={!password}
              >
                Sign In
              </Button>
            </Flex>
          </Flex>
        </form>
      ) : null}
    </Dialog>
  );
}
