import { Badge, type BadgeProps } from '@aws-amplify/ui-react';

const VARIATION: Record<string, BadgeProps['variation']> = { admin: 'error', designer: 'info' };
const LABEL: Record<string, string> = { admin: 'Admin', designer: 'Designer', client: 'Client', system: 'System' };

/** Role badges on activity entries and comments: admin red, designer blue, other grey. */
export function RoleBadge({ role }: { role: string }) {
  return (
    <Badge
      size="small"
      variation={VARIATION[role]}
      data-role={role}
      className={`role-badge role-badge--${VARIATION[role] ? role : 'other'}`}
    >
      {LABEL[role] ?? role}
    </Badge>
  );
}
