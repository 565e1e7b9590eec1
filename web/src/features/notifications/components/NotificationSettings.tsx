import { Button, Card, Flex, Heading, Placeholder, Radio, RadioGroupField, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { preferencesQuery } from '../api/get-notification-preferences.js';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences.js';
import {
  NOTIFICATION_KIND_LABELS,
  type NotificationKind,
  type NotificationMode,
  type NotificationPreferences,
} from '#shared/notification-kinds.js';
import type { MeResponse } from '../../../lib/contracts.js';
import { errorMessage } from '../../../lib/errors.js';
import { toast } from '../../../ui/toast/use-toast.js';

const MODE_LABELS: Record<NotificationMode, string> = {
  immediate: 'Immediately',
  digest: 'In a daily digest',
  off: 'Not by e-mail',
};

/**
 * The kinds that can concern a person with these roles (clients: their projects; designers: their work; admins: the
 * studio).
 */
function kindsFor(roles: readonly string[]): NotificationKind[] {
  const kinds = new Set<NotificationKind>();
  const add = (...each: NotificationKind[]) => {
    for (const kind of each) kinds.add(kind);
  };
  if (roles.includes('client') || roles.length === 0) add('status', 'deliverable', 'comment');
  if (roles.includes('designer')) add('assignment', 'comment');
  if (roles.includes('admin')) add('submission', 'moderation', 'status');
  return (Object.keys(NOTIFICATION_KIND_LABELS) as NotificationKind[]).filter((kind) => kinds.has(kind));
}

/**
 * The Notifications tab of /profile: per kind, e-mail immediately, in a daily digest, or not at all. The bell always
 * shows them.
 */
export function NotificationSettings({ me }: { me: MeResponse | null }) {
  const query = useQuery(preferencesQuery());
  const saved = query.data ?? null;
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const savePreferences = useUpdateNotificationPreferences();
  // The form starts from what is saved, and again after each save.
  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);
  useEffect(() => {
    if (query.error) toast({ title: 'Error', description: errorMessage(query.error), variant: 'destructive' });
  }, [query.error]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft || !saved) return;
    const changed = Object.fromEntries(
      Object.entries(draft).filter(([kind, mode]) => saved[kind as NotificationKind] !== mode),
    );
    savePreferences.mutate(changed, {
      onSuccess: () => toast({ title: 'Notification preferences saved' }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
    });
  }

  const kinds = kindsFor(me?.roles ?? []);
  return (
    <Card variation="outlined" padding="large">
      <form onSubmit={handleSubmit}>
        <Flex direction="column" gap="medium">
          <Flex direction="column" gap="xxs">
            <Heading level={2} fontSize="large">
              Notifications
            </Heading>
            <Text color="font.secondary">
              Choose how each kind of update reaches your inbox. The bell in the header always shows them.
            </Text>
          </Flex>
          {!draft || !me ? (
            <Flex direction="column" gap="small" aria-label="Loading notification preferences">
              <Placeholder height="2.5rem" />
              <Placeholder height="2.5rem" />
            </Flex>
          ) : (
            kinds.map((kind) => (
              <RadioGroupField
                key={kind}
                legend={NOTIFICATION_KIND_LABELS[kind]}
                name={`notify-${kind}`}
                direction="row"
                value={draft[kind]}
                onChange={(event) => setDraft({ ...draft, [kind]: event.target.value as NotificationMode })}
              >
                {(Object.keys(MODE_LABELS) as NotificationMode[]).map((mode) => (
                  <Radio key={mode} value={mode}>
                    {MODE_LABELS[mode]}
                  </Radio>
                ))}
              </RadioGroupField>
            ))
          )}
          <Flex>
            <Button
              type="submit"
              variation="primary"
              isLoading={savePreferences.isPending}
              loadingText="Saving…"
              isDisabled={!draft}
            >
              Save preferences
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
