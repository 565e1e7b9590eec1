import { Badge, type BadgeProps } from '@aws-amplify/ui-react';
import { statusLabel } from '../../lib/projects.js';

const VARIATION: Record<string, BadgeProps['variation']> = {
  delivered: 'success',
  in_progress: 'info',
  queued: 'warning',
};

/** Status badge: delivered green, in progress blue, queued yellow, anything else grey. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge size="small" variation={VARIATION[status]} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
