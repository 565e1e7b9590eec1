import { Badge, Text } from '@aws-amplify/ui-react';
import type { AdminUser } from '#features/users/admin-contracts.js';
import { humanize } from '../../../lib/format.js';

/** A user's plan and its state, or 'None' (the Users tab and View Details). */
export function SubscriptionBadge({ subscription }: { subscription: AdminUser['subscription'] }) {
  if (!subscription) return <Text className="project-card__meta">None</Text>;
  const variation =
    subscription.status === 'active' ? 'success' : subscription.status === 'canceled' ? 'error' : undefined;
  return (
    <Badge size="small" variation={variation}>
      {subscription.plan_name ?? 'Plan'} · {humanize(subscription.status)}
    </Badge>
  );
}
