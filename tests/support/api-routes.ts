import type {
  ActivityResponse,
  ModerateCommentResponse,
  ModerationResponse,
  PostCommentResponse,
} from '../../functions/features/activity/contracts.js';
import type { AuditResponse } from '../../functions/features/audit/contracts.js';
import type {
  RedirectResponse,
  SubscriptionResponse,
  SyncResponse,
} from '../../functions/features/billing/contracts.js';
import type { GenerateChecklistResponse } from '../../functions/features/checklists/contracts.js';
import type {
  AcceptDesignerInviteResponse,
  AddDesignerResponse,
  DesignerInviteDetailsResponse,
  LinkDesignerResponse,
  ListDesignersResponse,
  RemoveDesignerResponse,
  ResendDesignerInviteResponse,
  UpdateDesignerResponse,
} from '../../functions/features/designers/contracts.js';
import type {
  DownloadFileResponse,
  RecordFileResponse,
  RequestUploadResponse,
} from '../../functions/features/files/contracts.js';
import type { InsightsReport } from '../../functions/features/insights/contracts.js';
import type {
  MarkReadResponse,
  NotificationsResponse,
  PreferencesResponse,
  UnsubscribeResponse,
} from '../../functions/features/notifications/contracts.js';
import type { TestMailResponse } from '../../functions/features/notifications/mail-contracts.js';
import type {
  ListProjectsResponse,
  ProjectResponse,
  ToggleTaskResponse,
} from '../../functions/features/projects/contracts.js';
import type { ProjectReviewResponse, ReviewActionResponse } from '../../functions/features/reviews/contracts.js';
import type {
  CityReviewActionResponse,
  CityReviewResponse,
  DraftResponseResponse,
  ReadLetterResponse,
  ResponseLetterResponse,
} from '../../functions/features/permits/contracts.js';
import type {
  AcceptInviteResponse,
  InviteDetailsResponse,
  InviteResponse,
  ProfileResponse,
  TeamResponse,
} from '../../functions/features/teams/contracts.js';
import type {
  BulkUpdateResponse,
  GlobalActivityResponse,
  UserDetailsResponse,
  UsersResponse,
} from '../../functions/features/users/admin-contracts.js';
import type { EmailProofResponse, MeResponse } from '../../functions/features/users/contracts.js';
import type {
  DataExportLinkResponse,
  DataExportResponse,
  RequestDataExportResponse,
} from '../../functions/features/exports/contracts.js';
import type {
  CompletePasswordResetResponse,
  PasswordResetDetailsResponse,
  RequestPasswordResetResponse,
} from '../../functions/features/users/password-reset-contracts.js';
import type {
  RevokeDesignerSessionsResponse,
  RevokeSessionsResponse,
} from '../../functions/features/users/session-contracts.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The refusal every route answers a 4xx/5xx with. */
export interface Refusal {
  error: { code: string; message: string };
}

import type { ErasureLogResponse, ErasureResponse } from '../../functions/features/users/erasure-contracts.js';

type Route = readonly [Method, string, unknown];

/**
 * Each route of infra/routes.ts with the contract its answer follows, most specific path first (the
 * first row whose method and path pattern match a request types its answer). A query string may
 * follow any path.
 */
type Routes = [
  ['GET', '/api/health', { status: 'ok' }],
  ['GET', `/api/me/notification-preferences${Query}`, PreferencesResponse],
  ['PATCH', '/api/me/notification-preferences', PreferencesResponse],
  ['PATCH', '/api/me/profile', ProfileResponse],
  ['POST', '/api/me/email-proof', EmailProofResponse],
  ['GET', `/api/me/data-export/${string}/download`, DataExportLinkResponse],
  ['GET', `/api/me/data-export${Query}`, DataExportResponse],
  ['POST', '/api/me/data-export', RequestDataExportResponse],
  ['POST', '/api/me/erasure', ErasureResponse],
  ['GET', `/api/me${Query}`, MeResponse],
  ['POST', `/api/team/invites/${string}/resend`, InviteResponse],
  ['POST', `/api/team/invites/${string}/revoke`, TeamResponse],
  ['POST', '/api/team/invites', InviteResponse],
  ['PATCH' | 'DELETE', `/api/team/members/${string}`, TeamResponse],
  ['GET' | 'POST', '/api/team', TeamResponse],
  ['POST', `/api/invites/${string}/accept`, AcceptInviteResponse],
  ['GET', `/api/invites/${string}`, InviteDetailsResponse],
  ['POST', '/api/projects/bulk', BulkUpdateResponse],
  ['PATCH', `/api/projects/${string}/tasks/${string}`, ToggleTaskResponse],
  ['GET', `/api/projects/${string}/activity${Query}`, ActivityResponse],
  ['POST', `/api/projects/${string}/comments`, PostCommentResponse],
  ['POST', `/api/projects/${string}/uploads`, RequestUploadResponse],
  ['GET', `/api/projects/${string}/files/${string}`, DownloadFileResponse],
  ['POST', `/api/projects/${string}/files`, RecordFileResponse],
  ['GET', `/api/projects/${string}/reviews`, ProjectReviewResponse],
  ['POST', `/api/projects/${string}/reviews`, ReviewActionResponse],
  ['POST', `/api/projects/${string}/city-review/read-letter`, ReadLetterResponse],
  ['POST', `/api/projects/${string}/city-review/draft-response`, DraftResponseResponse],
  ['POST', `/api/projects/${string}/city-review/response-letter`, ResponseLetterResponse],
  ['GET', `/api/projects/${string}/city-review${Query}`, CityReviewResponse],
  ['POST', `/api/projects/${string}/city-review`, CityReviewActionResponse],
  ['GET' | 'PATCH', `/api/projects/${string}`, ProjectResponse],
  ['POST', '/api/projects', ProjectResponse],
  ['GET', `/api/projects${Query}`, ListProjectsResponse],
  ['GET', `/api/moderation${Query}`, ModerationResponse],
  ['POST', `/api/comments/${string}/${'approve' | 'reject'}`, ModerateCommentResponse],
  ['GET', `/api/activity${Query}`, GlobalActivityResponse],
  ['GET', `/api/insights${Query}`, InsightsReport],
  ['POST', `/api/admin/users/${string}/erasure`, ErasureResponse],
  ['GET', `/api/admin/erasures${Query}`, ErasureLogResponse],
  ['GET', `/api/users/${string}`, UserDetailsResponse],
  ['GET', `/api/users${Query}`, UsersResponse],
  ['POST', '/api/checklists', GenerateChecklistResponse],
  ['GET', `/api/audit/${string}`, AuditResponse],
  ['GET', '/api/billing/subscription', SubscriptionResponse],
  ['POST', `/api/billing/${'checkout' | 'portal'}`, RedirectResponse],
  ['POST', '/api/billing/sync', SyncResponse],
  ['POST', '/api/designers/link', LinkDesignerResponse],
  ['POST', `/api/designers/${string}/invite`, ResendDesignerInviteResponse],
  ['PATCH', `/api/designers/${string}`, UpdateDesignerResponse],
  ['DELETE', `/api/designers/${string}`, RemoveDesignerResponse],
  ['GET', `/api/designers${Query}`, ListDesignersResponse],
  ['POST', '/api/designers', AddDesignerResponse],
  ['POST', `/api/designer-invites/${string}/accept`, AcceptDesignerInviteResponse],
  ['GET', `/api/designer-invites/${string}`, DesignerInviteDetailsResponse],
  // One route, three actions chosen by the body: the test knows which it asked for.
  [
    'POST',
    '/api/password-resets',
    RequestPasswordResetResponse & PasswordResetDetailsResponse & CompletePasswordResetResponse,
  ],
  ['POST', '/api/sessions/revoke-designers', RevokeDesignerSessionsResponse],
  ['POST', '/api/sessions/revoke', RevokeSessionsResponse],
  ['POST', '/api/notifications/read', MarkReadResponse],
  ['GET' | 'POST', `/api/notifications/unsubscribe${Query}`, UnsubscribeResponse],
  ['GET', `/api/notifications${Query}`, NotificationsResponse],
  ['POST', '/api/mail/test', TestMailResponse],
];
type Query = '' | `?${string}`;

type Match<M extends string, P extends string, R extends readonly Route[]> = R extends readonly [
  infer Head extends Route,
  ...infer Rest extends readonly Route[],
]
  ? M extends Head[0]
    ? P extends Head[1]
      ? Head[2]
      : Match<M, P, Rest>
    : Match<M, P, Rest>
  : unknown;

/**
 * What `method path` answers on success, from the contracts the SPA builds against. A path the
 * table does not know (a probe, a path built at run time as a plain string) answers `unknown`.
 */
export type ResponseOf<M extends string, P extends string> = string extends P ? unknown : Match<M, P, Routes>;

/**
 * An answer as a test reads it. The body is the route's contract on success and `{ error }` on a
 * refusal; a test asserts the status first, so both are readable without a cast.
 */
export interface Answer<T> {
  status: number;
  body: T & Partial<Refusal>;
}
