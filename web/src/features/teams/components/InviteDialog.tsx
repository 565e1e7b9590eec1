import { Button, Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/errors.js';
import { Dialog } from '../../../ui/Dialog.js';
import { toast } from '../../../ui/toast/use-toast.js';
import type { InviteResponse } from '#features/teams/contracts.js';
import { useInviteMember } from '../api/invite-member.js';
import { ONLY_DESIGNER_NOTE } from './team-words.js';

export interface InviteDialogProps {
  open: boolean;
  onClose(): void;
  /** The team after the invitation was recorded (whether or not its e-mail went out). */
  onInvited(team: InviteResponse): void;
}

/**
 * 'Invite Team Member': e-mail (required; Send is disabled without it) and the role, Designer only.
 * The spec's 'Coming Soon' note about BETA seats stays as the subtitle.
 */
export function InviteDialog({ open, onClose, onInvited }: InviteDialogProps) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const inviteMember = useInviteMember();

  function close() {
    setEmail('');
    onClose();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return;
    setBusy(true);
    try {
      const answer = await inviteMember.mutateAsync({ email: email.trim(), role: 'designer' });
      if (answer.email_sent) toast({ title: answer.message });
      else toast({ title: answer.message, variant: 'destructive' });
      onInvited(answer);
      close();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Invite Team Member"
      description="Coming Soon: team invites are in BETA, and BETA users will have unlimited seat invites."
    >
      <Flex as="form" direction="column" gap="medium" onSubmit={handleSubmit}>
        <TextField
          label="Email Address"
          name="invite_email"
          type="email"
          autoComplete="off"
          placeholder="colleague@example.com"
          isRequired
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SelectField
          label="Role"
          name="invite_role"
          value="designer"
          descriptiveText={ONLY_DESIGNER_NOTE}
          onChange={() => undefined}
        >
          <option value="designer">Designer</option>
        </SelectField>
        <Flex justifyContent="flex-end" gap="small">
          <Button type="button" variation="link" onClick={close} isDisabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variation="primary" isDisabled={!email.trim()} isLoading={busy} loadingText="Sending…">
            Send Invite
          </Button>
        </Flex>
      </Flex>
    </Dialog>
  );
}
