/** The admin screens' API calls, typed by the route contracts (`import type` only). */
import type {
  BulkUpdateBody,
  BulkUpdateResponse,
  GlobalActivityResponse,
  UserDetailsResponse,
  UsersResponse,
  ActivityType,
} from '../../../../../functions/features/users/admin-contracts.js';
import type { ModerationResponse, ModerateCommentResponse } from '../../../../../functions/features/activity/contracts.js';
import type {
  AddDesignerResponse,
  ListDesignersResponse,
  ResendDesignerInviteResponse,
  RemoveDesignerResponse,
  UpdateDesignerResponse,
} from '../../../../../functions/features/designers/contracts.js';
import type { RevokeDesignerSessionsResponse } from '../../../../../functions/features/users/session-contracts.js';
import { ActionKeys, api } from '../../../app/api.js';

const designerKeys = new ActionKeys();
import type { ListProjectsResponse } from '../../../lib/contracts.js';

export type {
  ActivityKind,
  ActivityType,
  AdminUser,
  GlobalActivity,
  UserDetailsResponse,
  UsersResponse,
} from '../../../../../functions/features/users/admin-contracts.js';
export type { CommentView } from '../../../../../functions/features/activity/contracts.js';
export type { DesignerRow } from '../../../../../functions/features/designers/contracts.js';

/** The board's filters, as in the address bar and in GET /api/projects. */
export interface ProjectFilters {
  q: string;
  status: string;
  designer: string;
  priority: string;
  from: string;
  to: string;
}
export const FILTER_KEYS = ['q', 'status', 'designer', 'priority', 'from', 'to'] as const satisfies readonly (keyof ProjectFilters)[];
export const NO_FILTERS: ProjectFilters = { q: '', status: '', designer: '', priority: '', from: '', to: '' };

function queryString(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value && value.trim()) params.set(key, value.trim());
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const listProjects = (filters: Partial<ProjectFilters> & { limit?: string; cursor?: string } = {}) => api.get<ListProjectsResponse>(`/projects${queryString(filters)}`);
export const bulkUpdate = (body: BulkUpdateBody) => api.post<BulkUpdateResponse>('/projects/bulk', body);

export const listPendingComments = (cursor?: string) => api.get<ModerationResponse>(`/moderation${queryString({ cursor })}`);
export const moderateComment = (commentId: string, projectId: string, decision: 'approve' | 'reject') =>
  api.post<ModerateCommentResponse>(`/comments/${encodeURIComponent(commentId)}/${decision}`, { project_id: projectId });

export const listActivity = (q: string, type: ActivityType, cursor?: string) =>
  api.get<GlobalActivityResponse>(`/activity${queryString({ q, type: type === 'all' ? undefined : type, cursor })}`);

export const listUsers = (cursor?: string) => api.get<UsersResponse>(`/users${queryString({ cursor })}`);
export const getUserDetails = (id: string) => api.get<UserDetailsResponse>(`/users/${encodeURIComponent(id)}`);

export const listDesigners = (cursor?: string) => api.get<ListDesignersResponse>(`/designers${queryString({ cursor })}`);
export const addDesigner = (email: string) => designerKeys.run({ email }, (idempotencyKey) => api.post<AddDesignerResponse>('/designers', { email }, { idempotencyKey }));
/** A new invitation link for a designer who has not followed theirs (the old one stops working). */
export const resendDesignerInvite = (email: string) => api.post<ResendDesignerInviteResponse>(`/designers/${encodeURIComponent(email)}/invite`);
export const setDesignerActive = (email: string, active: boolean) => api.patch<UpdateDesignerResponse>(`/designers/${encodeURIComponent(email)}`, { active });
export const removeDesigner = (email: string) => api.delete<RemoveDesignerResponse>(`/designers/${encodeURIComponent(email)}`);

/** revoke-designer-sessions: `errors` lists the designers whose sessions could not be ended. */
export const revokeDesignerSessions = () => api.post<RevokeDesignerSessionsResponse>('/sessions/revoke-designers');
