import { Alert, Button, Card, Flex, Heading, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { setSignOutExpected } from '../../../app/auth/auth-session.js';
import { useSession } from '../../../app/auth/session.js';
import { errorMessage } from '../../../lib/errors.js';
import { Dialog } from '../../../ui/Dialog.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useEraseAccount } from '../api/erase-account.js';

/** What the landing page says once the account is gone. */
const DELETED = 'Your account and personal data were deleted.';

const sameAddress = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

/** Why 'Delete My Account' is disabled, said beside it; null when it can be pressed. */
function blockedBy(password: string, typed: string, email: string | null): string | null {
  if (!password && !typed.trim()) return 'Enter your password and type your e-mail address to confirm.';
  if (!password) return 'Enter your password.';
  if (!typed.trim()) return 'Type your e-mail address to confirm.';
  if (!email || !sameAddress(typed, email)) return 'The address typed is not the one on your account.';
  return null;
}

/**
 * 'Delete My Account' (issue 47): the person erases their own account after typing their password and
 * their address. The server cancels the subscription, erases the person's data and ends every session;
 * this device then signs out and goes to the landing page, which says it is done.
 */
export function DeleteMyAccount({ email }: { email: string | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { signOut } = useSession();
  const erase = useEraseAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  // From the request until this device has signed out.
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const reason = blockedBy(password, typed, email);

  function close() {
    if (busy) return;
    setOpen(false);
    setPassword('');
    setTyped('');
    erase.reset();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason || busy) return;
    setBusy(true);
    // The server ends this session too: its 401s and the socket's 'session ended' are expected now.
    setSignOutExpected(true);
    try {
      await erase.mutateAsync({ password, email: typed.trim() });
    } catch {
      // Shown in the dialog (erase.error); nothing was deleted.
      setSignOutExpected(false);
      setBusy(false);
      return;
    }
    // The account is gone: to the landing page, and signed out here (the server already ended the
    // sessions, so a failure to revoke this one is no reason to stay signed in). The landing page may
    // still be loading when the sign-out lands: the route guard then sends this person to / as well.
    await client.cancelQueries();
    navigate('/', { replace: true });
    toast({ title: DELETED, duration: 10_000 });
    try {
      await signOut();
    } catch (error) {
      console.error('Local sign-out after the account was deleted failed', error);
    }
    client.clear();
  }

  return (
    <Card variation="outlined" padding="large" className="danger-zone">
      <Flex direction="column" gap="small">
        <Heading level={2} fontSize="large">
          Delete My Account
        </Heading>
        <Text color="font.secondary">
          Deleting your account cancels your subscription and erases your profile, projects, files, comments and review
          notes. Invoices stay with our billing provider, as the law requires. This cannot be undone.
        </Text>
        <Flex>
          <Button variation="primary" colorTheme="error" onClick={() => setOpen(true)} aria-haspopup="dialog">
            Delete My Account
          </Button>
        </Flex>
      </Flex>
      <Dialog
        open={open}
        onClose={close}
        title="Delete your account?"
        description="Your subscription is cancelled and your data is erased at once. This cannot be undone."
      >
        <Flex as="form" direction="column" gap="medium" onSubmit={(event) => void submit(event)}>
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            isDisabled={busy}
          />
          <TextField
            label="Type your e-mail address to confirm"
            name="confirm_email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            descriptiveText={email ? `Your account's address is ${email}` : undefined}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            isDisabled={busy}
          />
          {erase.error ? <Alert variation="error">{errorMessage(erase.error)}</Alert> : null}
          <Flex direction="column" gap="xs">
            <Flex justifyContent="flex-end" gap="small" wrap="wrap">
              <Button onClick={close} isDisabled={busy}>
                Cancel
              </Button>
              <Button
                type="submit"
                variation="primary"
                colorTheme="error"
                isDisabled={!!reason}
                isLoading={busy}
                loadingText="Deleting…"
                aria-describedby={reason ? reasonId : undefined}
              >
                Delete My Account
              </Button>
            </Flex>
            {reason ? (
              <Text id={reasonId} fontSize="small" color="font.secondary" textAlign="end">
                {reason}
              </Text>
            ) : null}
          </Flex>
        </Flex>
      </Dialog>
    </Card>
  );
}
