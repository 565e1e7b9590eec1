import { Badge, Button, Card, Flex, Heading, Loader, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../toast/use-toast.js';
import { UserDetailsDialog } from './UserDetailsDialog.js';
import { useLiveTopics } from '../../lib/live.js';
import { listUsers, type AdminUser, type UsersResponse } from './admin-api.js';
import { formatDate } from './dates.js';
import { appendPage } from '../../lib/paging.js';
import { LoadMore } from '../../ui/LoadMore.js';
import { humanize } from '../../lib/format.js';

export function SubscriptionBadge({ subscription }: { subscription: AdminUser['subscription'] }) {
  if (!subscription) return <Text className="project-card__meta">None</Text>;
  const variation = subscription.status === 'active' ? 'success' : subscription.status === 'canceled' ? 'error' : undefined;
  return (
    <Badge size="small" variation={variation}>
      {subscription.plan_name ?? 'Plan'} · {humanize(subscription.status)}
    </Badge>
  );
}

/** The Users tab (spec/2 §2): four counts, a refresh button, the users a page at a time ('Load more'), and their details. */
export function UsersTab({ reloadKey }: { reloadKey: number }) {
  const [data, setData] = useState<UsersResponse | null>(null);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const loadMore = async () => {
    if (!data?.next_cursor) return;
    setLoadingMore(true);
    try {
      const next = await listUsers(data.next_cursor);
      setData((current) => {
        if (!current) return next;
        return { ...next, users: appendPage(current.users, next.users) };
      });
    } catch (error) {
      console.error('Could not load users', error);
      toast({ title: 'Failed to load users', variant: 'destructive' });
    } finally {
      setLoadingMore(false);
    }
  };

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await listUsers());
    } catch (error) {
      console.error('Could not load users', error);
      toast({ title: 'Failed to load users', variant: 'destructive' });
      setData((current) => current ?? { users: [], stats: { total_users: 0, active_subscriptions: 0, architects: 0, designers: 0 } });
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load, reloadKey]);
  // spec/2 §7: a change of any profile reloads the user list.
  useLiveTopics(['users'], () => void load());

  if (!data) {
    return (
      <Flex justifyContent="center" padding="xl">
        <Loader size="large" ariaLabel="Loading users" />
      </Flex>
    );
  }

  const stats = [
    { label: 'Total Users', value: data.stats.total_users },
    { label: 'Active Subscriptions', value: data.stats.active_subscriptions },
    { label: 'Architects', value: data.stats.architects },
    { label: 'Designers', value: data.stats.designers },
  ];

  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={2} fontSize="large">
          Users
        </Heading>
        <Button size="small" onClick={() => void load()} isLoading={loading} loadingText="Refreshing…">
          Refresh
        </Button>
      </Flex>
      <div className="admin-stats">
        {stats.map((stat) => (
          <Card key={stat.label} variation="outlined" className="admin-stat" role="group" aria-label={stat.label}>
            <Text className="project-card__meta">{stat.label}</Text>
            <Text className="admin-stat__value">{stat.value}</Text>
          </Card>
        ))}
      </div>
      <div className="admin-table-wrap">
        <Table highlightOnHover size="small" aria-label="Users" className="table-cards">
          <TableHead>
            <TableRow>
              {['Name', 'Email', 'Phone', 'Role', 'Subscription', 'Joined', 'Actions'].map((heading) => (
                <TableCell as="th" key={heading}>
                  {heading}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.users.map((user) => (
              <TableRow key={user.id} data-user-id={user.id}>
                <TableCell data-label="Name" className="table-cards__title">{user.full_name || 'Unknown'}</TableCell>
                <TableCell data-label="Email">{user.email}</TableCell>
                <TableCell data-label="Phone">{user.phone || '—'}</TableCell>
                <TableCell data-label="Role">
                  <Badge size="small">{user.role_label}</Badge>
                </TableCell>
                <TableCell data-label="Subscription">
                  <SubscriptionBadge subscription={user.subscription} />
                </TableCell>
                <TableCell data-label="Joined">{formatDate(user.created_at)}</TableCell>
                <TableCell data-label="Actions">
                  <Button size="small" onClick={() => setOpen(user.id)} aria-haspopup="dialog">
                    View Details
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <LoadMore shown={!!data.next_cursor} loading={loadingMore} onLoad={() => void loadMore()} />
      <UserDetailsDialog userId={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
