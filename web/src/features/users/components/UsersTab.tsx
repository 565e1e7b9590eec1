import {
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../ui/toast/use-toast.js';
import { UserDetailsDialog } from './UserDetailsDialog.js';
import type { UsersResponse } from '#features/users/admin-contracts.js';
import { SubscriptionBadge } from './SubscriptionBadge.js';
import { usersQuery } from '../api/get-users.js';
import { erasuresQuery } from '../api/get-erasures.js';
import { meQuery } from '../api/get-me.js';
import { userKeys } from '../api/keys.js';
import { EraseUserDialog, type EraseUserTarget } from './EraseUserDialog.js';
import { ErasuresLog } from './ErasuresLog.js';
import { formatDate } from '../../../lib/dates.js';
import { appendPage } from '../../../lib/paging.js';
import { LoadMore } from '../../../ui/LoadMore.js';
import { CardsSkeleton } from '../../../ui/Skeleton.js';

/**
 * The Users tab (docs/product.md#screens): four counts, a refresh button, the users a page at a time ('Load more'), and
 * their details; 'Erase User' for anyone but the admin themself, and the erasure log (issue 47).
 */
export function UsersTab() {
  const client = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const [erasing, setErasing] = useState<EraseUserTarget | null>(null);
  const list = useInfiniteQuery(usersQuery());
  const me = useQuery(meQuery()).data ?? null;
  // The erasures asked for from this tab: the log is polled until each is in it.
  const [awaited, setAwaited] = useState<ReadonlySet<string>>(() => new Set());
  const erasures = useQuery(erasuresQuery(awaited));
  // The accounts erased or being erased: no second 'Erase User' for them.
  const erased = new Map((erasures.data?.erasures ?? []).map((entry) => [entry.user_id, entry.status]));
  // An erasure that has just finished has rewritten the person's views ('Deleted user'): read the list again.
  const done = (erasures.data?.erasures ?? [])
    .filter((entry) => entry.status === 'done')
    .map((entry) => entry.erasure_id)
    .join(' ');
  const doneBefore = useRef<string | null>(null);
  useEffect(() => {
    if (!erasures.data) return;
    if (doneBefore.current !== null && doneBefore.current !== done) {
      void client.invalidateQueries({ queryKey: userKeys.list() });
    }
    doneBefore.current = done;
  }, [done, erasures.data, client]);
  const pages = list.data?.pages;
  const data: UsersResponse | null = pages?.length
    ? {
        ...pages.at(-1)!,
        stats: pages[0]!.stats,
        users: pages.reduce<UsersResponse['users']>((users, page) => appendPage(users, page.users), []),
      }
    : list.isError
      ? { users: [], stats: { total_users: 0, active_subscriptions: 0, architects: 0, designers: 0 } }
      : null;
  const loadingMore = list.isFetchingNextPage;
  const loading = list.isRefetching && !loadingMore;
  useEffect(() => {
    if (!list.error) return;
    console.error('Could not load users', list.error);
    toast({ title: 'Failed to load users', variant: 'destructive' });
  }, [list.error]);

  const load = () => list.refetch();
  const loadMore = async () => {
    if (list.hasNextPage && !loadingMore) await list.fetchNextPage();
  };

  if (!data) {
    return <CardsSkeleton label="Loading users" count={4} />;
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
                <TableCell data-label="Name" className="table-cards__title">
                  {user.full_name || 'Unknown'}
                </TableCell>
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
                  <Flex gap="xs" wrap="wrap" alignItems="center">
                    <Button size="small" onClick={() => setOpen(user.id)} aria-haspopup="dialog">
                      View Details
                    </Button>
                    <EraseAction
                      erased={erased.get(user.id)}
                      self={user.id === me?.user.id}
                      onErase={() => setErasing({ id: user.id, label: user.full_name || user.email || user.id })}
                    />
                  </Flex>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <LoadMore shown={!!data.next_cursor} loading={loadingMore} onLoad={() => void loadMore()} />
      <UserDetailsDialog
        userId={open}
        onClose={() => setOpen(null)}
        canErase={!!open && open !== me?.user.id && !erased.has(open)}
        onErase={(target) => {
          setOpen(null);
          setErasing(target);
        }}
      />
      <EraseUserDialog
        user={erasing}
        onClose={() => setErasing(null)}
        onErased={(id) => setAwaited((ids) => new Set([...ids, id]))}
      />
      <ErasuresLog erasures={erasures.data?.erasures} loading={erasures.isPending} error={erasures.error} />
    </Flex>
  );
}

/** The row's erasure action: 'Erase User', or where the erasure of that account stands; none for oneself. */
function EraseAction({
  erased,
  self,
  onErase,
}: {
  erased: 'erasing' | 'done' | undefined;
  self: boolean;
  onErase(): void;
}) {
  if (self) return null;
  if (erased === 'done') return <Badge size="small">Erased</Badge>;
  if (erased === 'erasing') return <Badge size="small">Erasing…</Badge>;
  return (
    <Button size="small" colorTheme="error" onClick={onErase} aria-haspopup="dialog">
      Erase User
    </Button>
  );
}
