import {
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  TextField,
} from '@aws-amplify/ui-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { designersQuery } from '../api/get-designers.js';
import { useQuery } from '@tanstack/react-query';
import type { DesignerRow } from '#features/designers/contracts.js';
import {
  useAddDesigner,
  useRemoveDesigner,
  useResendDesignerInvite,
  useSetDesignerActive,
} from '../api/designer-changes.js';
import '../../../ui/admin.css';
import { toast } from '../../../ui/toast/use-toast.js';
import { ApiError } from '../../../app/api.js';
import { errorMessage } from '../../../lib/errors.js';
import { useMe } from '../../users/api/use-me.js';
import { AppHeader } from '../../../app/shell/AppHeader.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { Page } from '../../../ui/Page.js';

/** docs/product.md#validation: 'must match a simple address pattern'. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const projectsText = (count: number) => `${count} ${count === 1 ? 'project' : 'projects'}`;

/** The invitation link proves the address: until it is followed, the designer has no access. */
const INVITATION_TEXT = {
  pending: 'Invitation pending',
  expired: 'Invitation expired',
  accepted: 'Invitation accepted',
} as const;

/** The name the designer registered with, with their e-mail; just the e-mail before they registered. */
const displayName = (designer: DesignerRow) =>
  designer.full_name?.trim() ? `${designer.full_name.trim()} (${designer.email})` : designer.email;

const INVITATION_VARIATION = { pending: 'info', expired: 'warning', accepted: 'success' } as const;

/**
 * Who the designer is: the name they registered with and their e-mail beneath it; before they have an
 * account (or have followed the invitation link), the e-mail and where the invitation stands. The
 * account's id is kept behind 'Details', for support and the audit, and out of the row's text.
 */
function DesignerIdentity({ designer }: { designer: DesignerRow }) {
  const name = designer.full_name?.trim() || null;
  return (
    <Flex direction="column" gap="xxs" alignItems="flex-start" minWidth="0">
      <Text as="span" fontWeight="600" className="designer-identity__name">
        {name ?? designer.email}
      </Text>
      {name ? (
        <Text as="span" fontSize="small" color="font.secondary" className="designer-identity__email">
          {designer.email}
        </Text>
      ) : null}
      <Flex gap="xxs" wrap="wrap" alignItems="center">
        {designer.user_id === null ? (
          <Text as="span" fontSize="small" className="project-card__meta">
            {designer.invitation === null ? 'Pre-authorized · not registered yet' : 'Pre-authorized'}
          </Text>
        ) : null}
        {designer.invitation ? (
          <Badge size="small" variation={INVITATION_VARIATION[designer.invitation]}>
            {INVITATION_TEXT[designer.invitation]}
          </Badge>
        ) : null}
      </Flex>
      {designer.user_id ? (
        <details className="designer-identity__details">
          <summary>Details</summary>
          <Text as="span" fontSize="small" color="font.secondary">
            Account ID: <code>{designer.user_id}</code>
          </Text>
        </details>
      ) : null}
    </Flex>
  );
}

/** Designer Management (/admin/designer-management): add by e-mail, activate or deactivate, remove. */
export default function DesignerManagementScreen() {
  const { me } = useMe();
  const addDesigner = useAddDesigner();
  const setDesignerActive = useSetDesignerActive();
  const resendDesignerInvite = useResendDesignerInvite();
  const removeDesigner = useRemoveDesigner();
  const list = useQuery(designersQuery());
  const designers: DesignerRow[] | null = list.data ?? (list.isError ? [] : null);
  const [email, setEmail] = useState('');
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DesignerRow | null>(null);

  useEffect(() => {
    if (!list.error) return;
    console.error('Could not load designers', list.error);
    toast({ title: 'Failed to load designers', variant: 'destructive' });
  }, [list.error]);

  async function add(event: FormEvent) {
    event.preventDefault();
    const value = email.trim().toLowerCase();
    if (!value) {
      toast({ title: 'Please enter an email address', variant: 'destructive' });
      return;
    }
    if (!SIMPLE_EMAIL.test(value)) {
      toast({ title: 'Please enter a valid email address', variant: 'destructive' });
      return;
    }
    setAdding(true);
    try {
      const result = await addDesigner.mutateAsync(value);
      // The spec's words, and what really happens: the role starts when the invitation's link is followed.
      const invited = result.invitation_sent
        ? ` An invitation was sent to ${value}: the designer role starts once its link is followed.`
        : '';
      const added = result.profile_exists ? 'Designer added to system.' : 'Designer can now register with this email.';
      toast({
        title: 'Success',
        description: `${added}${invited}`,
      });
      if (!result.invitation_sent)
        toast({ title: 'Invite created but email failed to send. Please try resending.', variant: 'destructive' });
      setEmail('');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ALREADY_DESIGNER') {
        toast({ title: 'This email is already registered as a designer', variant: 'destructive' });
      } else if (
        error instanceof ApiError &&
        (error.code === 'EMAIL_BELONGS_TO_ADMIN' || error.code === 'EMAIL_BELONGS_TO_USER')
      ) {
        toast({ title: 'Warning', description: error.message, variant: 'destructive' });
      } else {
        console.error('Adding a designer failed', error);
        const message =
          error instanceof ApiError && error.status > 0 && error.status < 500
            ? error.message
            : 'Please check the email or role.';
        toast({ title: 'Unable to send invite', description: message, variant: 'destructive' });
      }
    } finally {
      setAdding(false);
    }
  }

  async function toggle(designer: DesignerRow) {
    setBusy(designer.email);
    try {
      await setDesignerActive.mutateAsync({ email: designer.email, active: !designer.active });
      toast({ title: designer.active ? 'Designer deactivated successfully' : 'Designer reactivated successfully' });
    } catch (error) {
      console.error('Changing a designer failed', error);
      toast({ title: 'Failed to update designer status', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function resend(designer: DesignerRow) {
    setBusy(designer.email);
    try {
      const result = await resendDesignerInvite.mutateAsync(designer.email);
      toast({ title: result.message });
    } catch (error) {
      console.error('Resending a designer invitation failed', error);
      const message = errorMessage(error);
      toast({
        title: 'Failed to resend invitation',
        description: message === 'Failed to resend invitation' ? undefined : message,
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  async function confirmDelete() {
    const designer = deleting;
    if (!designer) return;
    setBusy(designer.email);
    try {
      await removeDesigner.mutateAsync(designer.email);
      toast({ title: 'Designer removed successfully' });
      setDeleting(null);
    } catch (error) {
      console.error('Removing a designer failed', error);
      toast({ title: 'Failed to remove designer', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Page title="Designer Management" width="wide" header={<AppHeader name={me?.user.full_name} />}>
      <Flex direction="column" gap="large">
        <Flex direction="column" gap="xs" alignItems="flex-start">
          <Button as={RouterLink} to="/admin" variation="link" size="small" paddingInline="0">
            <span aria-hidden="true">←</span>&nbsp;Back to Admin Dashboard
          </Button>
          <Heading level={1}>Designer Management</Heading>
          <Text color="font.secondary">Add designers by e-mail, deactivate or reactivate them, or remove them.</Text>
        </Flex>

        <Card variation="outlined">
          <form onSubmit={add} aria-label="Add designer" noValidate>
            <Flex gap="small" alignItems="flex-end" wrap="wrap">
              <TextField
                label="Designer email"
                type="email"
                placeholder="designer@example.com"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                isDisabled={adding}
                flex="1 1 18rem"
              />
              <Button type="submit" variation="primary" isDisabled={adding}>
                {adding ? 'Adding...' : 'Add Designer'}
              </Button>
            </Flex>
          </form>
        </Card>

        {designers === null ? (
          <Flex justifyContent="center" padding="xl">
            <Loader size="large" ariaLabel="Loading designers" />
          </Flex>
        ) : designers.length === 0 ? (
          <Card variation="outlined" className="admin-empty">
            <Text>No designers found. Add your first designer above.</Text>
          </Card>
        ) : (
          <div className="admin-table-wrap">
            <Table size="small" highlightOnHover aria-label="Designers" className="table-cards">
              <TableHead>
                <TableRow>
                  {['Designer', 'Status', 'Active Projects', 'Actions'].map((heading) => (
                    <TableCell as="th" key={heading}>
                      {heading}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {designers.map((designer) => (
                  <TableRow key={designer.email} data-email={designer.email}>
                    <TableCell data-label="Designer" className="table-cards__title">
                      <DesignerIdentity designer={designer} />
                    </TableCell>
                    <TableCell data-label="Status">
                      <Badge size="small" variation={designer.active ? 'success' : undefined}>
                        {designer.active ? 'Active' : 'Inactive'}
                      </Badge>
                    </TableCell>
                    <TableCell data-label="Active Projects">{projectsText(designer.active_projects)}</TableCell>
                    <TableCell data-label="Actions">
                      <Flex gap="xs" wrap="wrap">
                        {designer.user_id === null ? (
                          <Button
                            size="small"
                            onClick={() => void resend(designer)}
                            isDisabled={busy !== null}
                            aria-label={`Resend invitation to ${designer.email}`}
                          >
                            Resend Invite
                          </Button>
                        ) : null}
                        <Button size="small" onClick={() => void toggle(designer)} isDisabled={busy !== null}>
                          {designer.active ? 'Deactivate' : 'Reactivate'}
                        </Button>
                        <Button
                          size="small"
                          colorTheme="error"
                          onClick={() => setDeleting(designer)}
                          isDisabled={busy !== null}
                          aria-haspopup="dialog"
                        >
                          Delete
                        </Button>
                      </Flex>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </Flex>

      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Are you sure?"
        description={
          deleting
            ? `This will remove ${displayName(deleting)} from the designer role. This action cannot be undone.`
            : undefined
        }
        confirmLabel="Delete Designer"
        tone="danger"
        busy={busy === deleting?.email}
        busyLabel="Deleting…"
        onConfirm={() => void confirmDelete()}
      />
    </Page>
  );
}
