import {
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  SelectField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  TextField,
} from '@aws-amplify/ui-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { teamQuery } from '../api/get-team.js';
import { teamKeys } from '../api/keys.js';
import { useChangeMemberRole } from '../api/change-member-role.js';
import { useCreateTeam } from '../api/create-team.js';
import { useRemoveMember } from '../api/remove-member.js';
import { useResendInvite } from '../api/resend-invite.js';
import { useRevokeInvite } from '../api/revoke-invite.js';
import { errorMessage } from '../../../lib/errors.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { InviteDialog } from './InviteDialog.js';
import type { TeamInviteView, TeamMemberView, TeamResponse, TeamRole } from '#features/teams/contracts.js';
import { teamRoleLabel } from './team-words.js';
import './team.css';

const longDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '';
const displayName = (member: Pick<TeamMemberView, 'full_name' | 'email'>) => member.full_name || member.email;

/**
 * 'Team Management' (docs/product.md#screens): members with their active badge; a team admin changes another
 * active member's role inline (with Cancel), removes other members, sees the pending invitations
 * (resend, revoke) and invites new members. A client in no team names one and becomes its admin.
 */
export function TeamManagement({ canCreate = true }: { canCreate?: boolean }) {
  const client = useQueryClient();
  const query = useQuery(teamQuery());
  const team: TeamResponse | null =
    query.data ?? (query.isError ? { team: null, role: null, members: [], invites: [] } : null);
  const setTeam = useCallback((next: TeamResponse) => client.setQueryData(teamKeys.team(), next), [client]);
  // The Refresh button's own spinner (a live refetch does not show one).
  const [refreshing, setRefreshing] = useState(false);
  const load = useCallback(async () => {
    setRefreshing(true);
    try {
      await query.refetch();
    } finally {
      setRefreshing(false);
    }
  }, [query]);
  useEffect(() => {
    // Load errors for teams are only logged (docs/product.md#messages).
    if (query.error) console.error('Could not load the team', query.error);
  }, [query.error]);

  if (!team) {
    return (
      <Flex justifyContent="center" padding="xl">
        <Loader size="large" ariaLabel="Loading team" />
      </Flex>
    );
  }
  if (!team.team) {
    if (canCreate) return <CreateTeam onCreated={setTeam} />;
    return (
      <Card variation="outlined" padding="large">
        <Flex direction="column" gap="xxs">
          <Heading level={2} fontSize="large">
            No Team
          </Heading>
          <Text color="font.secondary">Teams belong to client accounts. You are not a member of a client team.</Text>
        </Flex>
      </Card>
    );
  }
  return <TeamPanel team={team} onChange={setTeam} onRefresh={load} refreshing={refreshing} />;
}

function CreateTeam({ onCreated }: { onCreated(team: TeamResponse): void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const createTeam = useCreateTeam();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      const team = await createTeam.mutateAsync(name.trim());
      toast({ title: 'Team created', description: `You are the admin of ${team.team?.name ?? name.trim()}.` });
      onCreated(team);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card variation="outlined" padding="large">
      <Flex direction="column" gap="medium">
        <Flex direction="column" gap="xxs">
          <Heading level={2} fontSize="large">
            Create Your Team
          </Heading>
          <Text color="font.secondary">
            You are not part of a team yet. Name your team to become its admin, then invite designers to collaborate on
            your projects.
          </Text>
        </Flex>
        <Flex as="form" direction="column" gap="medium" onSubmit={handleSubmit}>
          <TextField
            label="Team Name"
            name="team_name"
            maxLength={100}
            isRequired
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Flex>
            <Button
              type="submit"
              variation="primary"
              isDisabled={!name.trim()}
              isLoading={busy}
              loadingText="Creating…"
            >
              Create Team
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}

interface TeamPanelProps {
  team: TeamResponse;
  onChange(team: TeamResponse): void;
  onRefresh(): void;
  refreshing: boolean;
}

function TeamPanel({ team, onChange, onRefresh, refreshing }: TeamPanelProps) {
  const isAdmin = team.role === 'admin';
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TeamMemberView | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const changeMemberRole = useChangeMemberRole();
  const removeMember = useRemoveMember();
  const resendInvite = useResendInvite();
  const revokeInvite = useRevokeInvite();

  async function run(key: string, action: () => Promise<TeamResponse>, success: string, failure: string) {
    setBusy(key);
    try {
      onChange(await action());
      toast({ title: success });
      return true;
    } catch (error) {
      toast({ title: failure, description: errorMessage(error), variant: 'destructive' });
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function changeRole(member: TeamMemberView, role: TeamRole) {
    if (role === member.role) return setEditing(null);
    if (
      await run(
        `role:${member.user_id}`,
        () => changeMemberRole.mutateAsync({ userId: member.user_id, role }),
        'Role updated',
        'Failed to update role',
      )
    )
      setEditing(null);
  }

  async function remove(member: TeamMemberView) {
    if (
      await run(
        `remove:${member.user_id}`,
        () => removeMember.mutateAsync(member.user_id),
        'Member removed',
        'Failed to remove member',
      )
    )
      setRemoving(null);
  }

  async function resend(invite: TeamInviteView) {
    setBusy(`resend:${invite.id}`);
    try {
      const answer = await resendInvite.mutateAsync(invite.id);
      onChange(answer);
      toast({ title: answer.message });
    } catch (error) {
      toast({
        title: 'Failed to resend invitation',
        description: errorMessage(error) === 'Failed to resend invitation' ? undefined : errorMessage(error),
        variant: 'destructive',
      });
      onRefresh();
    } finally {
      setBusy(null);
    }
  }

  return (
    <Flex direction="column" gap="large">
      <Card variation="outlined" padding="large">
        <Flex direction="column" gap="medium">
          <Flex justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="small">
            <Flex direction="column" gap="xxs">
              <Heading level={2} fontSize="large">
                {team.team!.name}
              </Heading>
              <Text color="font.secondary">
                Your team role: {teamRoleLabel(team.role ?? '')}. Team members see the team's projects on their
                dashboard and board.
              </Text>
            </Flex>
            <Flex gap="small">
              <Button size="small" onClick={onRefresh} isLoading={refreshing} loadingText="Refreshing…">
                Refresh
              </Button>
              {isAdmin ? (
                <Button size="small" variation="primary" onClick={() => setInviting(true)}>
                  Invite Team Member
                </Button>
              ) : null}
            </Flex>
          </Flex>

          <Heading level={3} fontSize="medium">
            Team Members
          </Heading>
          <Table size="small" variation="striped" aria-label="Team members" className="team-table">
            <TableHead>
              <TableRow>
                <TableCell as="th">Name</TableCell>
                <TableCell as="th">Email</TableCell>
                <TableCell as="th">Role</TableCell>
                <TableCell as="th">Status</TableCell>
                {isAdmin ? <TableCell as="th">Actions</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {team.members.map((member) => {
                const name = displayName(member);
                const canManage = isAdmin && !member.is_self;
                return (
                  <TableRow key={member.user_id} data-member={member.email}>
                    <TableCell>
                      {name}
                      {member.is_self ? (
                        <Text as="span" color="font.tertiary">
                          {' '}
                          (You)
                        </Text>
                      ) : null}
                    </TableCell>
                    <TableCell>{member.email}</TableCell>
                    <TableCell>
                      {editing === member.user_id ? (
                        <Flex alignItems="center" gap="xs">
                          <SelectField
                            label={`Role for ${name}`}
                            labelHidden
                            size="small"
                            value={member.role}
                            isDisabled={busy === `role:${member.user_id}`}
                            onChange={(e) => void changeRole(member, e.target.value as TeamRole)}
                          >
                            <option value="admin">Admin</option>
                            <option value="designer">Designer</option>
                          </SelectField>
                          <Button size="small" variation="link" onClick={() => setEditing(null)}>
                            Cancel
                          </Button>
                        </Flex>
                      ) : (
                        <Badge size="small" variation={member.role === 'admin' ? 'info' : undefined}>
                          {teamRoleLabel(member.role)}
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell>
                      <Badge size="small" variation={member.status === 'active' ? 'success' : undefined}>
                        {member.status === 'active' ? 'Active' : 'Inactive'}
                      </Badge>
                    </TableCell>
                    {isAdmin ? (
                      <TableCell>
                        {canManage ? (
                          <Flex gap="xs" wrap="wrap">
                            {member.status === 'active' && editing !== member.user_id ? (
                              <Button
                                size="small"
                                aria-label={`Change role of ${name}`}
                                onClick={() => setEditing(member.user_id)}
                              >
                                Change Role
                              </Button>
                            ) : null}
                            <Button
                              size="small"
                              variation="destructive"
                              aria-label={`Remove ${name}`}
                              onClick={() => setRemoving(member)}
                            >
                              Remove
                            </Button>
                          </Flex>
                        ) : null}
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Flex>
      </Card>

      {isAdmin ? (
        <Card variation="outlined" padding="large">
          <Flex direction="column" gap="medium">
            <Heading level={3} fontSize="medium">
              Pending Invitations
            </Heading>
            {team.invites.length === 0 ? (
              <Text color="font.secondary">No pending invitations.</Text>
            ) : (
              <ul className="team-invites" aria-label="Pending invitations">
                {team.invites.map((invite) => (
                  <li key={invite.id} className="team-invites__item" data-invite={invite.invited_email}>
                    <Flex direction="column" gap="xxxs">
                      <Text fontWeight="bold">{invite.invited_email}</Text>
                      <Flex gap="xs" alignItems="center" wrap="wrap">
                        <Badge size="small">{teamRoleLabel(invite.invited_role)}</Badge>
                        {invite.expired ? (
                          <Badge size="small" variation="error">
                            Expired
                          </Badge>
                        ) : (
                          <Text as="span" fontSize="small" color="font.secondary">
                            Expires {longDate(invite.expires_at)}
                          </Text>
                        )}
                        {invite.send_error && !invite.sent_at ? (
                          <Badge size="small" variation="warning">
                            Email not sent
                          </Badge>
                        ) : null}
                      </Flex>
                    </Flex>
                    <Flex gap="xs">
                      <Button
                        size="small"
                        aria-label={`Resend invitation to ${invite.invited_email}`}
                        isLoading={busy === `resend:${invite.id}`}
                        loadingText="Resending…"
                        onClick={() => void resend(invite)}
                      >
                        Resend
                      </Button>
                      <Button
                        size="small"
                        variation="destructive"
                        aria-label={`Revoke invitation to ${invite.invited_email}`}
                        isLoading={busy === `revoke:${invite.id}`}
                        loadingText="Revoking…"
                        onClick={() =>
                          void run(
                            `revoke:${invite.id}`,
                            () => revokeInvite.mutateAsync(invite.id),
                            'Invitation revoked',
                            'Failed to revoke invitation',
                          )
                        }
                      >
                        Revoke
                      </Button>
                    </Flex>
                  </li>
                ))}
              </ul>
            )}
          </Flex>
        </Card>
      ) : null}

      <InviteDialog open={inviting} onClose={() => setInviting(false)} onInvited={onChange} />
      <ConfirmDialog
        open={removing !== null}
        onCancel={() => setRemoving(null)}
        title="Remove team member"
        description={removing ? `${displayName(removing)} will lose access to the team's projects.` : undefined}
        confirmLabel="Remove Member"
        tone="danger"
        busy={removing !== null && busy === `remove:${removing.user_id}`}
        busyLabel="Removing…"
        onConfirm={() => removing && void remove(removing)}
      />
    </Flex>
  );
}
