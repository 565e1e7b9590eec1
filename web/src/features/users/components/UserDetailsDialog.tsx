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
} from '@aws-amplify/ui-react';
import { Tabs } from '../../../ui/Tabs.js';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../app/api.js';
import { humanize } from '../../../lib/format.js';
import { Dialog } from '../../../ui/Dialog.js';
import { StatusBadge } from '../../projects/index.js';
import { SubscriptionBadge } from './SubscriptionBadge.js';
import type { UserDetailsResponse } from '#features/users/admin-contracts.js';
import { userDetailsQuery } from '../api/get-user-details.js';
import { formatDate } from '../../../lib/dates.js';
import type { EraseUserTarget } from './EraseUserDialog.js';

type State =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed' }
  | { kind: 'ready'; details: UserDetailsResponse };

export interface UserDetailsDialogProps {
  userId: string | null;
  onClose(): void;
  /** Whether 'Erase User' is offered (not for the admin themself, nor for an account already erased). */
  canErase?: boolean;
  /** 'Erase User': the tab closes this dialog and asks for the request reference. */
  onErase?(user: EraseUserTarget): void;
}

/** View Details (docs/product.md#screens Users): Overview, Projects and Team of one user. */
export function UserDetailsDialog({ userId, onClose, canErase = false, onErase }: UserDetailsDialogProps) {
  const query = useQuery({ ...userDetailsQuery(userId ?? ''), enabled: userId !== null });
  const missing = query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (query.error && !missing) console.error('Could not load the user', query.error);
  }, [query.error, missing]);
  const state: State = query.data
    ? { kind: 'ready', details: query.data }
    : missing
      ? { kind: 'missing' }
      : query.isError
        ? { kind: 'failed' }
        : { kind: 'loading' };

  return (
    <Dialog open={userId !== null} onClose={onClose} title="User Details" size="large">
      {state.kind === 'loading' ? (
        <Flex justifyContent="center" padding="large">
          <Loader size="large" ariaLabel="Loading user" />
        </Flex>
      ) : state.kind === 'missing' ? (
        <Text>User not found</Text>
      ) : state.kind === 'failed' ? (
        <Text>Failed to load users</Text>
      ) : (
        <Details details={state.details} onErase={canErase ? onErase : undefined} />
      )}
    </Dialog>
  );
}

function Details({ details, onErase }: { details: UserDetailsResponse; onErase?(user: EraseUserTarget): void }) {
  const { user, statistics, projects, team } = details;
  return (
    <Tabs
      defaultValue="overview"
      items={[
        {
          value: 'overview',
          label: 'Overview',
          content: (
            <Flex direction="column" gap="medium" paddingBlock="medium">
              <section aria-label="Profile">
                <Heading level={3} fontSize="medium">
                  Profile
                </Heading>
                <dl className="detail-list">
                  <dt>Name</dt>
                  <dd>{user.full_name || 'Unknown'}</dd>
                  <dt>Email</dt>
                  <dd>{user.email}</dd>
                  <dt>Phone</dt>
                  <dd>{user.phone || '—'}</dd>
                  <dt>Company</dt>
                  <dd>{user.company || '—'}</dd>
                  <dt>User type</dt>
                  <dd>{humanize(user.user_type)}</dd>
                  <dt>Joined</dt>
                  <dd>{formatDate(user.created_at)}</dd>
                </dl>
              </section>
              <section aria-label="Roles">
                <Heading level={3} fontSize="medium">
                  Roles
                </Heading>
                <Flex gap="xs">
                  {user.roles.map((role) => (
                    <Badge key={role} size="small" className={`role-badge role-badge--${role}`}>
                      {humanize(role)}
                    </Badge>
                  ))}
                </Flex>
              </section>
              <section aria-label="Subscription">
                <Heading level={3} fontSize="medium">
                  Subscription
                </Heading>
                {user.subscription ? (
                  <Flex direction="column" gap="xxs">
                    <SubscriptionBadge subscription={user.subscription} />
                    {user.subscription.current_period_end ? (
                      <Text className="project-card__meta">
                        Current period ends {formatDate(user.subscription.current_period_end)}
                      </Text>
                    ) : null}
                  </Flex>
                ) : (
                  <Text>No active subscription</Text>
                )}
              </section>
              <section aria-label="Project Statistics">
                <Heading level={3} fontSize="medium">
                  Project Statistics
                </Heading>
                <div className="admin-stats">
                  {[
                    { label: 'Total Projects', value: statistics.total },
                    { label: 'Active', value: statistics.active },
                    { label: 'Completed', value: statistics.completed },
                  ].map((stat) => (
                    <Card
                      key={stat.label}
                      variation="outlined"
                      className="admin-stat"
                      role="group"
                      aria-label={stat.label}
                    >
                      <Text className="project-card__meta">{stat.label}</Text>
                      <Text className="admin-stat__value">{stat.value}</Text>
                    </Card>
                  ))}
                </div>
              </section>
              {onErase ? (
                <section aria-label="Erasure">
                  <Heading level={3} fontSize="medium">
                    Erasure
                  </Heading>
                  <Flex direction="column" gap="xs" alignItems="flex-start">
                    <Text className="project-card__meta">
                      At the person's request: erases their account and personal data. This cannot be undone.
                    </Text>
                    <Button
                      size="small"
                      colorTheme="error"
                      aria-haspopup="dialog"
                      onClick={() => onErase({ id: user.id, label: user.full_name || user.email || user.id })}
                    >
                      Erase User
                    </Button>
                  </Flex>
                </section>
              ) : null}
            </Flex>
          ),
        },
        {
          value: 'projects',
          label: 'Projects',
          content: (
            <Flex direction="column" paddingBlock="medium">
              {projects.length === 0 ? (
                <Text>No projects yet</Text>
              ) : (
                <Table size="small" aria-label="Projects">
                  <TableHead>
                    <TableRow>
                      {['Title', 'Type', 'Status', 'Created'].map((heading) => (
                        <TableCell as="th" key={heading}>
                          {heading}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {projects.map((project) => (
                      <TableRow key={project.id}>
                        <TableCell>{project.title}</TableCell>
                        <TableCell>{project.project_type ?? 'N/A'}</TableCell>
                        <TableCell>
                          <StatusBadge status={project.status} />
                        </TableCell>
                        <TableCell>{formatDate(project.created_at)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Flex>
          ),
        },
        {
          value: 'team',
          label: 'Team',
          content: (
            <Flex direction="column" gap="small" paddingBlock="medium">
              {!team ? (
                <Text>No team information available</Text>
              ) : (
                <>
                  <Heading level={3} fontSize="medium">
                    {team.name}
                  </Heading>
                  <ul className="admin-list">
                    {team.members.map((member) => (
                      <li key={member.user_id ?? member.email ?? ''}>
                        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="xs">
                          <span>
                            <Text as="span" fontWeight="600">
                              {member.full_name || 'Unknown'}
                            </Text>{' '}
                            <Text as="span" className="project-card__meta">
                              {member.email}
                            </Text>
                          </span>
                          <Flex gap="xxs">
                            <Badge size="small">{humanize(member.role)}</Badge>
                            <Badge size="small" variation={member.active ? 'success' : undefined}>
                              {member.active ? 'Active' : 'Inactive'}
                            </Badge>
                          </Flex>
                        </Flex>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </Flex>
          ),
        },
      ]}
    />
  );
}
