import { Badge, Card, Flex, Heading, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../../ui/toast/use-toast.js';
import type { ActivityKind, ActivityType, GlobalActivity } from '#features/users/admin-contracts.js';
import { globalActivityQuery } from '../api/get-global-activity.js';
import { DAY_GROUPS, activityTime, dayGroup } from '../../../lib/dates.js';
import { appendPage } from '../../../lib/paging.js';
import { LoadMore } from '../../../ui/LoadMore.js';
import { roleWords } from '../../../lib/vocabulary.js';
import { CardsSkeleton } from '../../../ui/Skeleton.js';

const TYPES: { value: ActivityType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'comments', label: 'Comments' },
  { value: 'files', label: 'Files' },
  { value: 'status', label: 'Status Changes' },
];

const KIND_LABEL: Record<ActivityKind, string> = {
  comment: 'Comment',
  file: 'File',
  status: 'Status change',
  other: 'Activity',
};

/** Icon by kind: a speech bubble, a document, a refresh arrow, or a dot. */
function KindIcon({ kind }: { kind: ActivityKind }) {
  const paths: Record<ActivityKind, string> = {
    comment: 'M3 4h14v9H8l-4 3v-3H3z',
    file: 'M6 2h6l4 4v12H6zM12 2v4h4',
    status: 'M4 10a6 6 0 0 1 10.5-4M16 10a6 6 0 0 1-10.5 4M14 3v3h-3M6 17v-3h3',
    other: 'M10 7a3 3 0 1 0 0 6a3 3 0 1 0 0-6',
  };
  return (
    <span
      className={`admin-activity__icon admin-activity__icon--${kind}`}
      data-kind={kind}
      role="img"
      aria-label={KIND_LABEL[kind]}
    >
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d={paths[kind]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}

/**
 * The Global Activity tab (docs/product.md#screens): the latest activities a page at a time ('Load more'), grouped
 * Today / Yesterday / Earlier.
 */
export function ActivityTab() {
  const [query, setQuery] = useState('');
  const [type, setType] = useState<ActivityType>('all');
  // Typing waits for a pause before asking the server.
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(query), query ? 250 : 0);
    return () => clearTimeout(timer);
  }, [query]);
  // The list shown stays until the next filter's answer replaces it.
  const feed = useInfiniteQuery({ ...globalActivityQuery(asked, type), placeholderData: keepPreviousData });
  const pages = feed.data?.pages;
  const activities: GlobalActivity[] | null = pages
    ? pages.reduce<GlobalActivity[]>((list, page) => appendPage(list, page.activities), [])
    : feed.isError
      ? []
      : null;
  const loadingMore = feed.isFetchingNextPage;
  const next = feed.hasNextPage;
  useEffect(() => {
    if (!feed.error) return;
    console.error('Could not load activity', feed.error);
    toast({ title: 'Failed to load activity', variant: 'destructive' });
  }, [feed.error]);

  const loadMore = async () => {
    if (next && !loadingMore) await feed.fetchNextPage();
  };

  const now = new Date();
  const groups = DAY_GROUPS.map((group) => ({
    group,
    items: (activities ?? []).filter((a) => dayGroup(a.created_at, now) === group),
  })).filter((g) => g.items.length > 0);

  return (
    <Flex direction="column" gap="medium">
      <Flex alignItems="center" gap="small">
        <Heading level={2} fontSize="large">
          Global Activity
        </Heading>
        {activities ? <Badge aria-label={`${activities.length} activities`}>{activities.length}</Badge> : null}
      </Flex>
      <Flex gap="small" wrap="wrap" alignItems="flex-end">
        <TextField
          label="Search activity"
          placeholder="Search activities..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          flex="2 1 16rem"
        />
        <SelectField
          label="Type"
          value={type}
          onChange={(event) => setType(event.target.value as ActivityType)}
          flex="0 1 12rem"
        >
          {TYPES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </Flex>
      {activities === null ? (
        <CardsSkeleton label="Loading activity" count={4} />
      ) : activities.length === 0 ? (
        <Card variation="outlined" className="admin-empty">
          <Text>No activities found</Text>
        </Card>
      ) : (
        groups.map(({ group, items }) => (
          <section key={group} aria-label={group} className="admin-activity__group">
            <Heading level={3} fontSize="medium">
              {group}
            </Heading>
            <ul className="admin-list">
              {items.map((activity) => (
                <li key={activity.id} className="admin-activity" data-kind={activity.kind}>
                  <KindIcon kind={activity.kind} />
                  <div className="admin-activity__body">
                    <Text fontWeight="600">
                      {activity.action} <span className="project-card__meta">· {activity.project_title}</span>
                    </Text>
                    {activity.details ? <Text className="admin-activity__details">{activity.details}</Text> : null}
                    <Text className="project-card__meta">
                      {activity.user_name}
                      {activity.actor_role !== 'system' ? (
                        <Badge
                          size="small"
                          marginInlineStart="xs"
                          className={`role-badge role-badge--${activity.actor_role}`}
                        >
                          {roleWords(activity.actor_role)}
                        </Badge>
                      ) : null}{' '}
                      · <time dateTime={activity.created_at}>{activityTime(activity.created_at, now)}</time>
                    </Text>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <LoadMore shown={!!next} loading={loadingMore} onLoad={() => void loadMore()} />
    </Flex>
  );
}
