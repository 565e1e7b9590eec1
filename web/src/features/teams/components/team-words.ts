/** The spec's message for an unknown, expired, revoked or used invitation (docs/product.md#messages). */
export const INVALID_INVITE_MESSAGE = 'Invalid or expired invitation';
export const ONLY_DESIGNER_NOTE = 'Currently, only Designer role is available for new team members.';

export const teamRoleLabel = (role: string) => (role === 'admin' ? 'Admin' : role === 'designer' ? 'Designer' : role);
