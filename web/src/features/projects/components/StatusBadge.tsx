import { Badge, type BadgeProps } from '@aws-amplify/ui-react';
import { statusLabel, type StatusAudience } from '../../../lib/vocabulary.js';

const VARIATION: Record<string, BadgeProps['variation']> = {
  delivered: 'success',
  in_progress: 'info',
  queued: 'warning',
};

/** Status badge: delivered green, in progress blue, queued yellow, anything else grey. */
export function StatusBadge({ status, audience = 'client' }: { status: string; audience?: StatusAudience }) {
  return (
    <Badge size="small" variation={VARIATION[status]} data-status={status}>
      {statusLabel(status, audience)}
    </Badge>
  );
}
