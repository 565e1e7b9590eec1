import { Alert, Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/errors.js';
import { Dialog } from '../../../ui/Dialog.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useEraseUser } from '../api/erase-user.js';

/** The reference's limit, as the API checks it. */
const REFERENCE_MAX = 100;

export interface EraseUserTarget {
  id: string;
  /** How the admin knows the person in the list (their name or address): shown in the question only. */
  label: string;
}

/**
 * 'Erase User': an admin erases a person at their request, naming the request by a ticket or letter
 * number (kept in the erasure log, so it must not be personal data). Refusals stay in the dialog.
 */
export function EraseUserDialog({
  user,
  onClose,
  onErased,
}: {
  user: EraseUserTarget | null;
  onClose(): void;
  /** Called with the erasure's id once the server has taken the request (202). */
  onErased(erasureId: string): void;
}) {
  const erase = useEraseUser();
  const [reference, setReference] = useState('');
  const reasonId = useId();
  const trimmed = reference.trim();
  const reason = trimmed ? null : 'Enter the request reference.';
  const { reset } = erase;

  useEffect(() => {
    if (user) return;
    setReference('');
    reset();
  }, [user, reset]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || reason || erase.isPending) return;
    erase.mutate(
      { userId: user.id, reference: trimmed },
      {
        onSuccess: (answer) => {
          onErased(answer.erasure_id);
          toast({ title: 'Personal data erased', description: 'The erasure log shows when it is done.' });
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open={user !== null}
      onClose={() => {
        if (!erase.isPending) onClose();
      }}
      title="Erase this user?"
      description={
        user
          ? `${user.label}: their account, subscription, projects, files, comments and notes are erased. ` +
            'This cannot be undone.'
          : undefined
      }
    >
      <Flex as="form" direction="column" gap="medium" onSubmit={submit}>
        <TextField
          label="Request reference (a ticket or letter number; no personal data)"
          name="reference"
          autoComplete="off"
          maxLength={REFERENCE_MAX}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          isDisabled={erase.isPending}
        />
        {erase.error ? <Alert variation="error">{errorMessage(erase.error)}</Alert> : null}
        <Flex direction="column" gap="xs">
          <Flex justifyContent="flex-end" gap="small" wrap="wrap">
            <Button onClick={onClose} isDisabled={erase.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variation="primary"
              colorTheme="error"
              isDisabled={!!reason}
              isLoading={erase.isPending}
              loadingText="Erasing…"
              aria-describedby={reason ? reasonId : undefined}
            >
              Erase User
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
  );
}
