import { Badge, Card, Flex, Heading, Loader, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { toast } from '../toast/use-toast.js';
import { useLiveTopics } from '../../lib/live.js';
import { listActivity, type ActivityKind, type ActivityType, type GlobalActivity } from './admin-api.js';
import { DAY_GROUPS, activityTime, dayGroup } from './dates.js';

const TYPES: { value: ActivityType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'comments', label: 'Comments' },
  { value: 'files', label: 'Files' },
  { value: 'status', label: 'Status Changes' },
];

const KIND_LABEL: Record<ActivityKind, string> = { comment: 'Comment', file: 'File', status: 'Status change', other: 'Activity' };

/** Icon by kind: a speech bubble, a document, a refresh arrow, or a dot. */
function KindIcon({ kind }: { kind: ActivityKind }) {
  const paths: Record<ActivityKind, string> = {
    comment: 'M3 4h14v9H8l-4 3v-3H3z',
    file: 'M6 2h6l4 4v12H6zM12 2v4h4',
    status: 'M4 10a6 6 0 0 1 10.5-4M16 10a6 6 0 0 1-10.5 4M14 3v3h-3M6 17v-3h3',
    other: 'M10 7a3 3 0 1 0 0 6a3 3 0 1 0 0-6',
  };
  return (
    <span className={`admin-activity__icon admin-activity__icon--${kind}`} data-kind={kind} role="img" aria-label={KIND_LABEL[kind]}>
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
        <path d={paths[kind]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** The Global Activity tab (spec/2 §2): the latest 100 activities, grouped Today / Yesterday / Earlier. */
export function ActivityTab({ reloadKey }: { reloadKey: number }) {
  const [query, setQuery] = useState('');
  const [type, setType] = useState<ActivityType>('all');
  const [activities, setActivities] = useState<GlobalActivity[] | null>(null);
  const [generation, setGeneration] = useState(0);
  useLiveTopics(['activity'], () => setGeneration((g) => g + 1));

  useEffect(() => {
    let active = true;
    // Typing waits for a pause before asking the server.
    const timer = setTimeout(() => {
      listActivity(query, type)
        .then((answer) => {
          if (active) setActivities(answer.activities);
        })
        .catch((error: unknown) => {
          console.error('Could not load activity', error);
          if (!active) return;
          toast({ title: 'Failed to load activity', variant: 'destructive' });
          setActivities([]);
        });
    }, query ? 250 : 0);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [query, type, reloadKey, generation]);

  const now = new Date();
  const groups = DAY_GROUPS.map((group) => ({ group, items: (activities ?? []).filter((a) => dayGroup(a.created_at, now) === group) })).filter(
    (g) => g.items.length > 0,
  );

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
        <SelectField label="Type" value={type} onChange={(event) => setType(event.target.value as ActivityType)} flex="0 1 12rem">
          {TYPES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </Flex>
      {activities === null ? (
        <Flex justifyContent="center" padding="xl">
          <Loader size="large" ariaLabel="Loading activity" />
        </Flex>
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
                        <Badge size="small" marginInlineStart="xs" className={`role-badge role-badge--${activity.actor_role}`}>
                          {activity.actor_role}
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
    </Flex>
  );
}
