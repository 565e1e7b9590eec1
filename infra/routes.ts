import type { Access } from '../shared/route-access.js';
import type { Grant } from './grants.js';
import { billingEvents } from '../functions/features/billing/events.js';
import {
  DesignerAuthorized,
  DesignerDeactivated,
  DesignerLinked,
  DesignerReactivated,
  DesignerRemoved,
  designerEvents,
} from '../functions/features/designers/events.js';
import { notificationEvents } from '../functions/features/notifications/events.js';
import { NOTIFIED_EVENT_TYPES } from '../functions/features/notifications/audience.js';
import { projectEvents } from '../functions/features/projects/events.js';
import { reviewEvents } from '../functions/features/reviews/events.js';
import {
  CityCorrectionsReceived,
  PermitApproved,
  ResponseLetterIssued,
  permitEvents,
} from '../functions/features/permits/events.js';
import { teamEvents } from '../functions/features/teams/events.js';
import {
  RoleGranted,
  RoleRevoked,
  SessionsEnded,
  UserRegistered,
  userEvents,
} from '../functions/features/users/events.js';

export type { Grant } from './grants.js';

const typesOf = (events: readonly { type: string }[]): string[] => events.map((event) => event.type);

/** Role changes: the cognito-groups reactor keeps the Cognito groups in step with them. */
const roleEventTypes = typesOf([
  UserRegistered,
  RoleGranted,
  RoleRevoked,
  DesignerAuthorized,
  DesignerLinked,
  DesignerDeactivated,
  DesignerReactivated,
  DesignerRemoved,
]);

/**
 * The one table of routes, consumers, triggers and schedules. The CDK stack builds a Lambda, a route
 * and a rule per row; the embedded runtime serves and wires exactly the same rows. Handler paths are
 * relative to the repository root; each module exports `handler`.
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RouteDefinition {
  method: Method;
  path: string;
  handler: string;
  access: Access;
  summary: string;
  /**
   * A route that costs money or mail: its own limit, below the stage's. API Gateway applies it to all
   * callers together, and the web ACL bounds each viewer on the costly routes (stack/waf.ts); the
   * embedded stack applies it to each signed-in user, and to each anonymous viewer address
   * (infra/local/api-throttle.ts), so strangers never spend a client's allowance there.
   */
  throttle?: Throttle;
  /** What a signed-in caller without the role is told (403), where the general wording says too little. */
  denied?: string;
  /** What its function may do in AWS (infra/grants.ts): exactly what its code calls. */
  grants: readonly Grant[];
}

/** Requests per second (steady) and burst. */
export interface Throttle {
  rate: number;
  burst: number;
}

/** The whole API's limit (the stage's, every route together); a costly route's own is lower. */
export const STAGE_THROTTLE = { rate: 100, burst: 200 } as const satisfies Throttle;

/** The limits of the costly routes, by what they cost (per-user quotas are the handlers' business). */
export const COSTLY = {
  /** A Bedrock call each. */
  ai: { rate: 5, burst: 10 },
  /** An e-mail each. */
  mail: { rate: 5, burst: 10 },
  /** A presigned upload form each (the upload itself goes to S3). */
  upload: { rate: 20, burst: 40 },
  /** A new stream, its projections and its checklist. */
  create: { rate: 10, burst: 20 },
  /** A Stripe API call each. */
  billing: { rate: 5, burst: 10 },
} as const satisfies Record<string, Throttle>;

export interface ConsumerDefinition {
  name: string;
  handler: string;
  /** EventBridge `detail-type` values this consumer receives. */
  eventTypes: readonly string[];
  summary: string;
  grants: readonly Grant[];
}

export type CognitoTrigger = 'PreSignUp' | 'PostConfirmation' | 'CustomMessage' | 'PreTokenGeneration';
export interface TriggerDefinition {
  name: string;
  trigger: CognitoTrigger;
  handler: string;
  grants: readonly Grant[];
}

export interface ScheduleDefinition {
  name: string;
  handler: string;
  /** A rate; ignored when `dailyAt` is set. */
  everyMinutes: number;
  /** Once a day at this UTC time (a cron rule in the cloud, a timer in the embedded runtime). */
  dailyAt?: { hour: number; minute: number };
  summary: string;
  grants: readonly Grant[];
}

const SUBMIT_DENIED = "Projects are submitted by clients, or by an admin on a client's behalf.";

export const routes: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: '/api/health',
    handler: 'functions/platform/http/health.ts',
    access: 'public',
    summary: 'liveness',
    grants: [],
  },
  {
    method: 'GET',
    path: '/api/me',
    handler: 'functions/features/users/http/me.ts',
    access: 'any',
    summary: 'profile, roles, team',
    grants: ['views:read'],
  },
  {
    method: 'POST',
    path: '/api/me/welcome',
    handler: 'functions/features/users/http/welcome.ts',
    access: 'any',
    summary:
      "records the account's first dashboard visit (WelcomeSeen, once): 'Welcome' belongs to the account, not the browser",
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim'],
  },
  {
    method: 'PATCH',
    path: '/api/me/profile',
    handler: 'functions/features/users/http/profile.ts',
    access: 'any',
    summary: 'full_name, company, user_type',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read'],
  },
  {
    method: 'GET',
    path: '/api/team',
    handler: 'functions/features/teams/http/get.ts',
    access: 'any',
    summary: "the caller's team, members, pending invites (team admins only)",
    grants: ['views:read'],
  },
  {
    method: 'POST',
    path: '/api/team',
    handler: 'functions/features/teams/http/create.ts',
    access: ['client'],
    summary: 'a client names a team and becomes its admin',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim', 'identity:read'],
  },
  {
    method: 'PATCH',
    path: '/api/team/members/{userId}',
    handler: 'functions/features/teams/http/member-role.ts',
    access: 'any',
    summary: "team admin: change another member's team role",
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read'],
  },
  {
    method: 'DELETE',
    path: '/api/team/members/{userId}',
    handler: 'functions/features/teams/http/member-remove.ts',
    access: 'any',
    summary: 'team admin: remove another member',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read'],
  },
  {
    method: 'POST',
    path: '/api/team/invites',
    handler: 'functions/features/teams/http/invite-create.ts',
    access: 'any',
    summary: 'team admin: send-invite (Designer role, 7 days; local mail refuses *.invalid addresses)',
    throttle: COSTLY.mail,
    grants: [
      'events:read',
      'events:append',
      'bus:publish',
      'views:read',
      'views:count',
      'views:claim',
      'identity:read',
      'mail:send',
    ],
  },
  {
    method: 'POST',
    path: '/api/team/invites/{id}/resend',
    handler: 'functions/features/teams/http/invite-resend.ts',
    access: 'any',
    summary: 'team admin: send-invite again with a new token',
    throttle: COSTLY.mail,
    grants: [
      'events:read',
      'events:append',
      'bus:publish',
      'views:read',
      'views:count',
      'views:claim',
      'identity:read',
      'mail:send',
    ],
  },
  {
    method: 'POST',
    path: '/api/team/invites/{id}/revoke',
    handler: 'functions/features/teams/http/invite-revoke.ts',
    access: 'any',
    summary: 'team admin: revoke a pending invitation',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim'],
  },
  {
    method: 'GET',
    path: '/api/invites/{token}',
    handler: 'functions/features/teams/http/invite-details.ts',
    access: 'public',
    summary: 'get-invite-details',
    grants: ['events:read', 'views:read'],
  },
  {
    method: 'POST',
    path: '/api/invites/{token}/accept',
    handler: 'functions/features/teams/http/invite-accept.ts',
    access: 'any',
    summary: "accept-invite: the invite's e-mail must be the caller's",
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim', 'identity:read'],
  },
  {
    method: 'GET',
    path: '/api/projects',
    handler: 'functions/features/projects/http/list.ts',
    access: 'any',
    summary: 'projects the caller may see',
    grants: ['views:read'],
  },
  {
    method: 'POST',
    path: '/api/projects',
    handler: 'functions/features/projects/http/create.ts',
    access: ['client', 'admin'],
    summary: "submit a project with its reviewed checklist (clients; admins on a client's behalf)",
    denied: SUBMIT_DENIED,
    throttle: COSTLY.create,
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:count', 'views:claim'],
  },
  {
    method: 'GET',
    path: '/api/projects/{id}',
    handler: 'functions/features/projects/http/get.ts',
    access: 'any',
    summary: 'one project, if the caller may read it',
    grants: ['views:read'],
  },
  {
    method: 'PATCH',
    path: '/api/projects/{id}',
    handler: 'functions/features/projects/http/update.ts',
    access: ['admin', 'designer'],
    summary: 'status, designer, priority, due date (admins); status in_progress/needs_revision (the assigned designer)',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read'],
  },
  {
    method: 'PATCH',
    path: '/api/projects/{id}/tasks/{taskId}',
    handler: 'functions/features/projects/http/tasks.ts',
    access: ['admin', 'designer'],
    summary: 'complete or reopen a checklist task (admins, the assigned designer)',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read'],
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/activity',
    handler: 'functions/features/activity/http/project.ts',
    access: 'any',
    summary: 'activity log and comments, newest first, 100 each, for readers of the project',
    grants: ['views:read'],
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/comments',
    handler: 'functions/features/projects/http/comment-post.ts',
    access: ['admin', 'designer'],
    summary: 'post a comment, pending approval (admins, the assigned designer)',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim'],
  },
  {
    method: 'GET',
    path: '/api/moderation',
    handler: 'functions/features/projects/http/moderation-list.ts',
    access: ['admin'],
    summary: 'pending comments with author and project title, newest first',
    grants: ['views:read'],
  },
  {
    method: 'POST',
    path: '/api/comments/{id}/approve',
    handler: 'functions/features/projects/http/comment-moderate.ts',
    access: ['admin'],
    summary: 'approve a comment',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim'],
  },
  {
    method: 'POST',
    path: '/api/comments/{id}/reject',
    handler: 'functions/features/projects/http/comment-moderate.ts',
    access: ['admin'],
    summary: 'reject (remove) a comment; the event stays in the history',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim'],
  },
  {
    method: 'POST',
    path: '/api/projects/bulk',
    handler: 'functions/features/projects/http/bulk.ts',
    access: ['admin'],
    summary: 'status or designer for many projects: one command per project',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim'],
  },
  {
    method: 'GET',
    path: '/api/activity',
    handler: 'functions/features/activity/http/global.ts',
    access: ['admin'],
    summary: 'global activity, newest first, 100, q and type filters',
    grants: ['events:read', 'views:read'],
  },
  {
    method: 'GET',
    path: '/api/insights',
    handler: 'functions/features/insights/http/get.ts',
    access: ['admin'],
    summary: 'studio figures for a date range: turnaround, estimates, flow, quality, workload, on time',
    grants: ['views:read'],
  },
  {
    method: 'GET',
    path: '/api/users',
    handler: 'functions/features/users/http/admin-list.ts',
    access: ['admin'],
    summary: 'every profile with roles and subscription, and the user counts',
    grants: ['views:read'],
  },
  {
    method: 'GET',
    path: '/api/users/{id}',
    handler: 'functions/features/users/http/admin-get.ts',
    access: ['admin'],
    summary: "a user's overview, project statistics, projects and team",
    grants: ['views:read'],
  },
  {
    method: 'POST',
    path: '/api/checklists',
    handler: 'functions/features/checklists/http/generate.ts',
    access: ['client', 'admin'],
    summary: "generate a checklist (Bedrock, or the local estimator) for a client's brief",
    denied: SUBMIT_DENIED,
    throttle: COSTLY.ai,
    grants: ['views:read', 'views:count', 'views:claim', 'ai:invoke'],
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/uploads',
    handler: 'functions/features/files/http/upload.ts',
    access: 'any',
    summary: 'presigned POST: owner (client_upload), admin or assigned designer (deliverable)',
    throttle: COSTLY.upload,
    grants: ['events:read', 'views:read', 'views:count', 'views:claim', 'uploads:put'],
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/files',
    handler: 'functions/features/files/http/record.ts',
    access: 'any',
    summary: 'record an upload after checking the stored object',
    grants: [
      'events:read',
      'events:append',
      'bus:publish',
      'views:read',
      'views:claim',
      'uploads:put',
      'uploads:get',
      'uploads:delete',
    ],
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/files/{fileId}',
    handler: 'functions/features/files/http/download.ts',
    access: 'any',
    summary: 'signed download URL (300 s) for readers of the project',
    grants: ['events:read', 'views:read', 'uploads:get'],
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/reviews',
    handler: 'functions/features/reviews/http/get.ts',
    access: 'any',
    summary:
      "the client's review: deliverables, versions, notes, decisions (the client, the team, the assigned designer, admins)",
    grants: ['events:read', 'views:read'],
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/reviews',
    handler: 'functions/features/reviews/http/action.ts',
    access: 'any',
    summary: 'pin a note, resolve it, approve a version or ask for changes (the decider says who may)',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim'],
  },
  {
    method: 'GET',
    path: '/api/audit/{streamId}',
    handler: 'functions/features/audit/http/get.ts',
    access: ['admin'],
    summary: "a stream's events from the store, chain verified, state as of any version",
    grants: ['events:read', 'views:read'],
  },
  {
    method: 'GET',
    path: '/api/billing/subscription',
    handler: 'functions/features/billing/http/subscription.ts',
    access: 'any',
    summary: 'check-subscription',
    grants: ['views:read'],
  },
  {
    method: 'POST',
    path: '/api/billing/checkout',
    handler: 'functions/features/billing/http/checkout.ts',
    access: 'any',
    summary: 'create-checkout: a Checkout Session in subscription mode',
    throttle: COSTLY.billing,
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim', 'payments:stripe'],
  },
  {
    method: 'POST',
    path: '/api/billing/portal',
    handler: 'functions/features/billing/http/portal.ts',
    access: 'any',
    summary: 'customer-portal',
    throttle: COSTLY.billing,
    grants: ['events:read', 'views:read', 'views:claim', 'payments:stripe'],
  },
  {
    method: 'POST',
    path: '/api/billing/sync',
    handler: 'functions/features/billing/http/sync.ts',
    access: ['admin'],
    summary: 'sync-all-subscriptions: reconcile every customer with the provider',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim', 'payments:stripe'],
  },
  {
    method: 'POST',
    path: '/api/billing/webhook',
    handler: 'functions/features/billing/http/webhook.ts',
    access: 'public',
    summary: 'Stripe events (the handler checks the signature)',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim', 'payments:stripe'],
  },
  {
    method: 'GET',
    path: '/api/designers',
    handler: 'functions/features/designers/http/list.ts',
    access: ['admin'],
    summary: 'designer workload: e-mail, active, user id or null, active projects',
    grants: ['views:read'],
  },
  {
    method: 'POST',
    path: '/api/designers',
    handler: 'functions/features/designers/http/add.ts',
    access: ['admin'],
    summary: 'pre-authorise a designer by e-mail (distinct refusals for designer, admin, client e-mails)',
    throttle: COSTLY.mail,
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:count', 'views:claim', 'mail:send'],
  },
  {
    method: 'PATCH',
    path: '/api/designers/{email}',
    handler: 'functions/features/designers/http/update.ts',
    access: ['admin'],
    summary: 'deactivate or reactivate a designer',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read'],
  },
  {
    method: 'DELETE',
    path: '/api/designers/{email}',
    handler: 'functions/features/designers/http/remove.ts',
    access: ['admin'],
    summary: 'remove a designer',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read'],
  },
  {
    method: 'POST',
    path: '/api/designers/link',
    handler: 'functions/features/designers/http/link.ts',
    access: 'any',
    summary:
      "link-designer-role: { allowed } when the caller's account holds an active designer authorisation (links nothing by e-mail)",
    grants: ['views:read', 'views:claim'],
  },
  {
    method: 'POST',
    path: '/api/designers/{email}/invite',
    handler: 'functions/features/designers/http/resend.ts',
    access: ['admin'],
    summary: 'resend the designer invitation link (new token, 7 days; quota per admin and per address)',
    throttle: COSTLY.mail,
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:count', 'views:claim', 'mail:send'],
  },
  {
    method: 'GET',
    path: '/api/designer-invites/{token}',
    handler: 'functions/features/designers/http/invite-details.ts',
    access: 'public',
    summary: 'the address a working designer invitation link was sent to',
    grants: ['events:read', 'views:read'],
  },
  {
    method: 'POST',
    path: '/api/designer-invites/{token}/accept',
    handler: 'functions/features/designers/http/invite-accept.ts',
    access: 'any',
    summary:
      'follow the designer invitation link signed in with the invited address: links the designer role and its projects',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim', 'identity:read'],
  },
  {
    method: 'POST',
    path: '/api/password-resets',
    handler: 'functions/features/users/http/password-reset.ts',
    access: 'public',
    summary:
      'password reset by a mailed link: { email } mails one (1 hour, single use; the same answer for unknown addresses; quota per address and per IP), { token } checks it, { token, password } sets the password (e-mail verified, signed out everywhere)',
    throttle: COSTLY.mail,
    grants: [
      'events:read',
      'events:append',
      'bus:publish',
      'views:read',
      'views:count',
      'views:claim',
      'identity:password',
      'identity:attributes',
      'mail:send',
    ],
  },
  {
    method: 'POST',
    path: '/api/sessions/revoke-designers',
    handler: 'functions/features/designers/http/revoke-sessions.ts',
    access: ['admin'],
    summary: "revoke-designer-sessions: every active designer's sessions end (their sessions instant moves)",
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim'],
  },
  {
    method: 'GET',
    path: '/api/notifications',
    handler: 'functions/features/notifications/http/list.ts',
    access: 'any',
    summary: "the caller's latest notifications, newest first, unread count, next page's cursor",
    grants: ['views:read', 'views:claim'],
  },
  {
    method: 'POST',
    path: '/api/notifications/read',
    handler: 'functions/features/notifications/http/read.ts',
    access: 'any',
    summary: "mark all (or up to one) of the caller's notifications as read",
    grants: ['views:read', 'views:claim'],
  },
  {
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    handler: 'functions/features/notifications/http/unsubscribe-ask.ts',
    access: 'public',
    summary: 'what a signed unsubscribe link would turn off (changes nothing: mail scanners follow links)',
    grants: ['views:read'],
  },
  {
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    handler: 'functions/features/notifications/http/unsubscribe.ts',
    access: 'public',
    summary: "one-click unsubscribe (RFC 8058): the signed token's kind of e-mail off, as an event",
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim'],
  },
  {
    method: 'GET',
    path: '/api/me/notification-preferences',
    handler: 'functions/features/notifications/http/preferences-get.ts',
    access: 'any',
    summary: "the caller's notification e-mail modes per kind, and the defaults",
    grants: ['views:read'],
  },
  {
    method: 'PATCH',
    path: '/api/me/notification-preferences',
    handler: 'functions/features/notifications/http/preferences.ts',
    access: 'any',
    summary: 'per kind: e-mail immediately, in the daily digest, or off (the bell always)',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read'],
  },
  {
    method: 'POST',
    path: '/api/mail/test',
    handler: 'functions/features/notifications/http/mail-test.ts',
    access: 'any',
    summary: 'test-resend: a test e-mail through the mail adapter (local mail refuses *.invalid addresses)',
    throttle: COSTLY.mail,
    grants: ['views:read', 'views:count', 'views:claim', 'identity:read', 'mail:send'],
  },
  {
    method: 'POST',
    path: '/api/me/email-proof',
    handler: 'functions/features/users/http/email-proof.ts',
    access: 'any',
    summary:
      "records the first proof of the caller's address (Cognito says it is verified): earlier sessions end, this one included",
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim', 'identity:read'],
  },
  {
    method: 'POST',
    path: '/api/sessions/revoke',
    handler: 'functions/features/users/http/sessions-revoke.ts',
    access: 'any',
    summary: "sign out everywhere: every session of the caller's account ends, this one included",
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim'],
  },
];

export const consumers: readonly ConsumerDefinition[] = [
  {
    name: 'projections',
    handler: 'functions/app/projections-consumer.ts',
    grants: ['events:read', 'views:read', 'views:write', 'connections:*', 'realtime:post'],
    // Every event of the users', notifications', projects', billing, teams' and designers' streams.
    eventTypes: typesOf([
      ...userEvents,
      ...notificationEvents,
      ...projectEvents,
      ...reviewEvents,
      ...permitEvents,
      ...billingEvents,
      ...teamEvents,
      ...designerEvents,
    ]),
    summary:
      'user profiles, projects (board cards, details), subscriptions, teams (members, invitations), designers and designer session revocations; then tells connected browsers which topics it changed (never data)',
  },
  {
    name: 'cognito-groups',
    handler: 'functions/features/users/reactions/cognito-groups.ts',
    grants: ['events:read', 'views:read', 'identity:groups'],
    eventTypes: roleEventTypes,
    summary:
      'keeps Cognito group membership in step with the roles in the events; links a pre-authorised designer who registers',
  },
  {
    name: 'sessions',
    handler: 'functions/features/users/reactions/sessions.ts',
    grants: [
      'events:read',
      'events:append',
      'bus:publish',
      'views:read',
      'connections:*',
      'realtime:post',
      'identity:sign-out',
    ],
    eventTypes: typesOf([SessionsEnded, DesignerDeactivated, DesignerReactivated, DesignerRemoved]),
    summary:
      "ended sessions: Cognito global sign-out and their open sockets closed; a designer authorisation changed by an admin ends its account's sessions",
  },
];

(consumers as ConsumerDefinition[]).push({
  name: 'notifications',
  handler: 'functions/features/notifications/reactions/consumer.ts',
  grants: ['events:read', 'views:read', 'views:claim', 'connections:*', 'realtime:post', 'mail:send'],
  eventTypes: NOTIFIED_EVENT_TYPES,
  summary: 'tells the people a project event concerns, in the app and by e-mail as they chose',
});

/**
 * Permit projects through the city (issue 46): the City Review tab's routes and who hears of its
 * events. One block, appended, so the rows of other features stay as they are.
 */
(routes as RouteDefinition[]).push(
  {
    method: 'GET',
    path: '/api/projects/{id}/city-review',
    handler: 'functions/features/permits/http/get.ts',
    access: 'any',
    summary:
      "a permit project's city review: rounds, one round's items and answers, the permit (the client, the team, the assigned designer, admins)",
    grants: ['events:read', 'views:read'],
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/city-review',
    handler: 'functions/features/permits/http/action.ts',
    access: 'any',
    summary:
      "record the city's corrections, address an item, mark resubmitted, record the permit (the decider says who may)",
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read', 'views:claim'],
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/city-review/read-letter',
    handler: 'functions/features/permits/http/read-letter.ts',
    access: 'any',
    summary:
      "the items a recorded correction letter proposes (Bedrock, or the local stand-in); nothing stored (the client's side, admins)",
    throttle: COSTLY.ai,
    grants: ['events:read', 'views:read', 'views:count', 'views:claim', 'uploads:get', 'ai:invoke'],
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/city-review/draft-response',
    handler: 'functions/features/permits/http/draft-response.ts',
    access: 'any',
    summary: 'a proposed response to one correction item; nothing stored (the assigned designer, admins)',
    throttle: COSTLY.ai,
    grants: ['events:read', 'views:read', 'views:count', 'views:claim', 'ai:invoke'],
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/city-review/response-letter',
    handler: 'functions/features/permits/http/response-letter.ts',
    access: 'any',
    summary: "the round's response letter as a PDF file of the project (the assigned designer, admins)",
    grants: [
      'events:read',
      'events:append',
      'bus:publish',
      'views:read',
      'views:claim',
      'uploads:put',
      'uploads:delete',
    ],
  },
);
(consumers as ConsumerDefinition[]).push({
  name: 'permit-notifications',
  handler: 'functions/features/permits/reactions/notify.ts',
  grants: ['events:read', 'views:read', 'views:claim', 'connections:*', 'realtime:post', 'mail:send'],
  eventTypes: typesOf([CityCorrectionsReceived, ResponseLetterIssued, PermitApproved]),
  summary:
    "tells the studio of the city's corrections and the permit, and the client of the response letter, in the app and by e-mail as they chose",
});

/** The WebSocket API for live updates: API Gateway routes in the cloud, the embedded server locally. */
export interface RealtimeRouteDefinition {
  route: '$connect' | '$disconnect' | '$default';
  handler: string;
  grants: readonly Grant[];
}
export const realtimeRoutes: readonly RealtimeRouteDefinition[] = [
  {
    route: '$connect',
    handler: 'functions/features/live/socket/connect.ts',
    grants: ['views:read', 'connections:*', 'identity:verify'],
  },
  { route: '$disconnect', handler: 'functions/features/live/socket/disconnect.ts', grants: ['connections:*'] },
  { route: '$default', handler: 'functions/features/live/socket/default.ts', grants: [] },
];

export const triggers: readonly TriggerDefinition[] = [
  {
    name: 'pre-sign-up',
    trigger: 'PreSignUp',
    handler: 'functions/features/users/triggers/pre-sign-up.ts',
    grants: ['events:read', 'views:read'],
  },
  {
    name: 'post-confirmation',
    trigger: 'PostConfirmation',
    handler: 'functions/features/users/triggers/post-confirmation.ts',
    grants: ['events:read', 'events:append', 'bus:publish', 'views:read'],
  },
  {
    name: 'custom-message',
    trigger: 'CustomMessage',
    handler: 'functions/features/users/triggers/custom-message.ts',
    grants: [],
  },
];

export const schedules: readonly ScheduleDefinition[] = [
  {
    name: 'outbox-sweeper',
    handler: 'functions/app/outbox-sweeper.ts',
    everyMinutes: 1,
    summary: 'republishes commits whose publish failed',
    grants: ['events:read', 'events:mark', 'bus:publish', 'views:read'],
  },
  {
    name: 'notifications-flush',
    handler: 'functions/features/notifications/reactions/flush.ts',
    everyMinutes: 1,
    summary: 'sends the notification e-mails a burst held back (one per project per minute)',
    grants: ['views:read', 'views:claim', 'connections:*', 'mail:send'],
  },
  {
    name: 'notifications-digest',
    handler: 'functions/features/notifications/reactions/digest.ts',
    everyMinutes: 1440,
    dailyAt: { hour: 7, minute: 0 },
    summary: 'the daily notification digest, once per user per day',
    grants: ['views:read', 'views:claim', 'connections:*', 'mail:send'],
  },
];

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) => `${route.method} ${route.path}`;

const byKey = new Map(routes.map((route) => [routeKey(route), route]));
export function findRoute(key: string | undefined): RouteDefinition | undefined {
  return key ? byKey.get(key) : undefined;
}

/** A handler's short name for Lambda function names and logs: functions/features/projects/http/list.ts → api-projects-list. */
export const handlerName = (handler: string) =>
  handler
    .replace(/^functions\//, '')
    .replace(/\.ts$/, '')
    .replace(/[/_]/g, '-');
