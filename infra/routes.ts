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
import { exportEvents } from '../functions/features/exports/events.js';
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
  ErasureCompleted,
  PersonalDataErased,
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

export type CognitoTrigger =
  | 'PreSignUp'
  | 'PostConfirmation'
  | 'CustomMessage'
  | 'PreTokenGeneration'
  | 'DefineAuthChallenge'
  | 'CreateAuthChallenge'
  | 'VerifyAuthChallengeResponse';
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

// The grants that recur, named by what a handler does (infra/grants.ts says what each grant allows). A row
// appends whatever else its code calls: `[...POST_COMMAND, 'payments:stripe']`.

/** Reads the views. */
const READ: readonly Grant[] = ['views:read'];
/** Reads the views and the event streams. */
const READ_EVENTS: readonly Grant[] = ['events:read', 'views:read'];
/** A command: loads its stream, appends, publishes the commit, reads the views. */
const COMMAND: readonly Grant[] = ['events:read', 'events:append', 'bus:publish', 'views:read'];
/** A command sent by POST, which also claims the request's idempotency key (views:claim). */
const POST_COMMAND: readonly Grant[] = [...COMMAND, 'views:claim'];
/** A costly POST's quota counters (views:count) and its idempotency key (views:claim). */
const QUOTA: readonly Grant[] = ['views:count', 'views:claim'];

/** The HTTP handlers of a feature: `teams('invite-create')` is functions/features/teams/http/invite-create.ts. */
const httpHandlers =
  (feature: string) =>
  (name: string): string =>
    `functions/features/${feature}/http/${name}.ts`;
// Each named after its feature's folder: .dependency-cruiser.cjs reads the GET rows' handlers by these names.
const activity = httpHandlers('activity');
const audit = httpHandlers('audit');
const billing = httpHandlers('billing');
const checklists = httpHandlers('checklists');
const designers = httpHandlers('designers');
const exports = httpHandlers('exports');
const files = httpHandlers('files');
const insights = httpHandlers('insights');
const notifications = httpHandlers('notifications');
const permits = httpHandlers('permits');
const projects = httpHandlers('projects');
const reviews = httpHandlers('reviews');
const teams = httpHandlers('teams');
const users = httpHandlers('users');

/** A route's key as the rest of the system writes it (`routeKey`, alarms, logs): its method, a space, its path. */
type RouteKey = `${Method} /${string}`;
/** What a row says besides its columns: the summary, and where it applies, the throttle and the refusal's wording. */
type RouteNotes = Pick<RouteDefinition, 'summary' | 'throttle' | 'denied'>;

/** One row of the route table: `route('GET /api/me', users('me'), 'any', READ, { summary: '…' })`. */
function route(
  key: RouteKey,
  handler: string,
  access: Access,
  grants: readonly Grant[],
  notes: RouteNotes,
): RouteDefinition {
  const [method, path] = key.split(' ') as [Method, string];
  return { method, path, handler, access, ...notes, grants };
}

/**
 * The HTTP routes, one row each: key (method and path), handler, who may call it, grants, then the
 * summary (and a costly route's throttle, a role's refusal). A row whose columns pass 120 characters
 * puts one column on each line.
 */
export const routes: readonly RouteDefinition[] = [
  // The platform
  route('GET /api/health', 'functions/platform/http/health.ts', 'public', [], { summary: 'liveness' }),

  // The caller's own account
  route('GET /api/me', users('me'), 'any', READ, { summary: 'profile, roles, team' }),
  route('POST /api/me/welcome', users('welcome'), 'any', POST_COMMAND, {
    summary:
      "records the account's first dashboard visit (WelcomeSeen, once): " +
      "'Welcome' belongs to the account, not the browser",
  }),
  route('PATCH /api/me/profile', users('profile'), 'any', COMMAND, { summary: 'full_name, company, user_type' }),
  // 'Delete My Account': the caller's password again and their address typed out
  route(
    'POST /api/me/erasure',
    users('erase'),
    'any',
    [...POST_COMMAND, 'identity:read', 'identity:verify', 'identity:delete'],
    {
      summary: "erase the caller's account and personal data; answered 202, carried out in the background",
      throttle: COSTLY.mail,
    },
  ),
  // 'Download My Data': a copy of everything about the caller, made in the background
  route('GET /api/me/data-export', exports('get'), 'any', READ_EVENTS, {
    summary: "the caller's latest data export (preparing, ready until, expired, failed) and when they may ask again",
  }),
  route('POST /api/me/data-export', exports('request'), 'any', POST_COMMAND, {
    summary: "ask for an archive of the caller's data (one at a time, one a day); answered 202, made in the background",
    throttle: COSTLY.mail,
  }),
  route('GET /api/me/data-export/{id}/download', exports('download'), 'any', [...READ_EVENTS, 'uploads:get'], {
    summary: "a 300-second link to the caller's own archive, while it has not expired",
  }),

  // Teams: members and invitations
  route('GET /api/team', teams('get'), 'any', READ, {
    summary: "the caller's team, members, pending invites (team admins only)",
  }),
  route('POST /api/team', teams('create'), ['client'], [...POST_COMMAND, 'identity:read'], {
    summary: 'a client names a team and becomes its admin',
  }),
  route('PATCH /api/team/members/{userId}', teams('member-role'), 'any', COMMAND, {
    summary: "team admin: change another member's team role",
  }),
  route('DELETE /api/team/members/{userId}', teams('member-remove'), 'any', COMMAND, {
    summary: 'team admin: remove another member',
  }),
  route('POST /api/team/invites', teams('invite-create'), 'any', [...COMMAND, ...QUOTA, 'identity:read', 'mail:send'], {
    summary: 'team admin: send-invite (Designer role, 7 days; local mail refuses *.invalid addresses)',
    throttle: COSTLY.mail,
  }),
  route(
    'POST /api/team/invites/{id}/resend',
    teams('invite-resend'),
    'any',
    [...COMMAND, ...QUOTA, 'identity:read', 'mail:send'],
    { summary: 'team admin: send-invite again with a new token', throttle: COSTLY.mail },
  ),
  route('POST /api/team/invites/{id}/revoke', teams('invite-revoke'), 'any', POST_COMMAND, {
    summary: 'team admin: revoke a pending invitation',
  }),
  route('GET /api/invites/{token}', teams('invite-details'), 'public', READ_EVENTS, { summary: 'get-invite-details' }),
  route('POST /api/invites/{token}/accept', teams('invite-accept'), 'any', [...POST_COMMAND, 'identity:read'], {
    summary: "accept-invite: the invite's e-mail must be the caller's",
  }),

  // Projects: the board, a project, its checklist tasks, activity and comments, moderation
  route('GET /api/projects', projects('list'), 'any', READ, { summary: 'projects the caller may see' }),
  route('POST /api/projects', projects('create'), ['client', 'admin'], [...COMMAND, ...QUOTA], {
    summary: "submit a project with its reviewed checklist (clients; admins on a client's behalf)",
    denied: SUBMIT_DENIED,
    throttle: COSTLY.create,
  }),
  route('GET /api/projects/{id}', projects('get'), 'any', READ, { summary: 'one project, if the caller may read it' }),
  route('PATCH /api/projects/{id}', projects('update'), ['admin', 'designer'], COMMAND, {
    summary: 'status, designer, priority, due date (admins); status in_progress/needs_revision (the assigned designer)',
  }),
  route('PATCH /api/projects/{id}/tasks/{taskId}', projects('tasks'), ['admin', 'designer'], COMMAND, {
    summary: 'complete or reopen a checklist task (admins, the assigned designer)',
  }),
  route('GET /api/projects/{id}/activity', activity('project'), 'any', READ, {
    summary: 'activity log and comments, newest first, 100 each, for readers of the project',
  }),
  route('POST /api/projects/{id}/comments', projects('comment-post'), ['admin', 'designer'], POST_COMMAND, {
    summary: 'post a comment, pending approval (admins, the assigned designer)',
  }),
  route('GET /api/moderation', projects('moderation-list'), ['admin'], READ, {
    summary: 'pending comments with author and project title, newest first',
  }),
  route('POST /api/comments/{id}/approve', projects('comment-moderate'), ['admin'], POST_COMMAND, {
    summary: 'approve a comment',
  }),
  route('POST /api/comments/{id}/reject', projects('comment-moderate'), ['admin'], POST_COMMAND, {
    summary: 'reject (remove) a comment; the event stays in the history',
  }),
  route('POST /api/projects/bulk', projects('bulk'), ['admin'], POST_COMMAND, {
    summary: 'status or designer for many projects: one command per project',
  }),

  // Admins' overviews: all activity, the studio's figures, every user
  route('GET /api/activity', activity('global'), ['admin'], READ_EVENTS, {
    summary: 'global activity, newest first, 100, q and type filters',
  }),
  route('GET /api/insights', insights('get'), ['admin'], READ, {
    summary: 'studio figures for a date range: turnaround, estimates, flow, quality, workload, on time',
  }),
  route('GET /api/users', users('admin-list'), ['admin'], READ, {
    summary: 'every profile with roles and subscription, and the user counts',
  }),
  route('GET /api/users/{id}', users('admin-get'), ['admin'], READ, {
    summary: "a user's overview, project statistics, projects and team",
  }),
  // 'Erase User': an erasure asked for by other channels, with the request's reference
  route('POST /api/admin/users/{id}/erasure', users('admin-erase'), ['admin'], [...POST_COMMAND, 'identity:delete'], {
    summary: "erase an account's personal data (not one's own); answered 202, carried out in the background",
  }),
  route('GET /api/admin/erasures', users('admin-erasures'), ['admin'], READ, {
    summary: 'the erasure log: account id, who asked, when, the reference, whether done (no personal data)',
  }),

  // Checklists, files, reviews and the audit trail
  route('POST /api/checklists', checklists('generate'), ['client', 'admin'], [...READ, ...QUOTA, 'ai:invoke'], {
    summary: "generate a checklist (Bedrock, or the local estimator) for a client's brief",
    denied: SUBMIT_DENIED,
    throttle: COSTLY.ai,
  }),
  route('POST /api/projects/{id}/uploads', files('upload'), 'any', [...READ_EVENTS, ...QUOTA, 'uploads:put'], {
    summary: 'presigned POST: owner (client_upload), admin or assigned designer (deliverable)',
    throttle: COSTLY.upload,
  }),
  route(
    'POST /api/projects/{id}/files',
    files('record'),
    'any',
    [...POST_COMMAND, 'uploads:put', 'uploads:get', 'uploads:delete'],
    { summary: 'record an upload after checking the stored object' },
  ),
  route('GET /api/projects/{id}/files/{fileId}', files('download'), 'any', [...READ_EVENTS, 'uploads:get'], {
    summary: 'signed download URL (300 s) for readers of the project',
  }),
  route('GET /api/projects/{id}/reviews', reviews('get'), 'any', READ_EVENTS, {
    summary:
      "the client's review: deliverables, versions, notes, decisions " +
      '(the client, the team, the assigned designer, admins)',
  }),
  route('POST /api/projects/{id}/reviews', reviews('action'), 'any', POST_COMMAND, {
    summary: 'pin a note, resolve it, approve a version or ask for changes (the decider says who may)',
  }),
  route('GET /api/audit/{streamId}', audit('get'), ['admin'], READ_EVENTS, {
    summary: "a stream's events from the store, chain verified, state as of any version",
  }),

  // Billing (Stripe)
  route('GET /api/billing/subscription', billing('subscription'), 'any', READ, { summary: 'check-subscription' }),
  route('POST /api/billing/checkout', billing('checkout'), 'any', [...POST_COMMAND, 'payments:stripe'], {
    summary: 'create-checkout: a Checkout Session in subscription mode',
    throttle: COSTLY.billing,
  }),
  route('POST /api/billing/portal', billing('portal'), 'any', [...READ_EVENTS, 'views:claim', 'payments:stripe'], {
    summary: 'customer-portal',
    throttle: COSTLY.billing,
  }),
  route('POST /api/billing/sync', billing('sync'), ['admin'], [...POST_COMMAND, 'payments:stripe'], {
    summary: 'sync-all-subscriptions: reconcile every customer with the provider',
  }),
  route('POST /api/billing/webhook', billing('webhook'), 'public', [...POST_COMMAND, 'payments:stripe'], {
    summary: 'Stripe events (the handler checks the signature)',
  }),

  // Designers: authorisations, invitations, links
  route('GET /api/designers', designers('list'), ['admin'], READ, {
    summary: 'designer workload: e-mail, active, user id or null, active projects',
  }),
  route('POST /api/designers', designers('add'), ['admin'], [...COMMAND, ...QUOTA, 'mail:send'], {
    summary: 'pre-authorise a designer by e-mail (distinct refusals for designer, admin, client e-mails)',
    throttle: COSTLY.mail,
  }),
  route('PATCH /api/designers/{email}', designers('update'), ['admin'], COMMAND, {
    summary: 'deactivate or reactivate a designer',
  }),
  route('DELETE /api/designers/{email}', designers('remove'), ['admin'], COMMAND, { summary: 'remove a designer' }),
  route('POST /api/designers/link', designers('link'), 'any', [...READ, 'views:claim'], {
    summary:
      "link-designer-role: { allowed } when the caller's account holds an active designer authorisation " +
      '(links nothing by e-mail)',
  }),
  route('POST /api/designers/{email}/invite', designers('resend'), ['admin'], [...COMMAND, ...QUOTA, 'mail:send'], {
    summary: 'resend the designer invitation link (new token, 7 days; quota per admin and per address)',
    throttle: COSTLY.mail,
  }),
  route('GET /api/designer-invites/{token}', designers('invite-details'), 'public', READ_EVENTS, {
    summary: 'the address a working designer invitation link was sent to',
  }),
  route(
    'POST /api/designer-invites/{token}/accept',
    designers('invite-accept'),
    'any',
    [...POST_COMMAND, 'identity:read'],
    {
      summary:
        'follow the designer invitation link signed in with the invited address: ' +
        'links the designer role and its projects',
    },
  ),

  // Password resets, and ending designers' sessions
  route(
    'POST /api/password-resets',
    users('password-reset'),
    'public',
    [...COMMAND, ...QUOTA, 'identity:password', 'identity:attributes', 'mail:send'],
    {
      summary:
        'password reset by a mailed link: { email } mails one (1 hour, single use; the same answer for unknown ' +
        'addresses; quota per address and per IP), { token } checks it, { token, password } sets the password ' +
        '(e-mail verified, signed out everywhere)',
      throttle: COSTLY.mail,
    },
  ),
  route('POST /api/sessions/revoke-designers', designers('revoke-sessions'), ['admin'], POST_COMMAND, {
    summary: "revoke-designer-sessions: every active designer's sessions end (their sessions instant moves)",
  }),

  // Notifications and mail
  route('GET /api/notifications', notifications('list'), 'any', [...READ, 'views:claim'], {
    summary: "the caller's latest notifications, newest first, unread count, next page's cursor",
  }),
  route('POST /api/notifications/read', notifications('read'), 'any', [...READ, 'views:claim'], {
    summary: "mark all (or up to one) of the caller's notifications as read",
  }),
  route('GET /api/notifications/unsubscribe', notifications('unsubscribe-ask'), 'public', READ, {
    summary: 'what a signed unsubscribe link would turn off (changes nothing: mail scanners follow links)',
  }),
  route('POST /api/notifications/unsubscribe', notifications('unsubscribe'), 'public', POST_COMMAND, {
    summary: "one-click unsubscribe (RFC 8058): the signed token's kind of e-mail off, as an event",
  }),
  route('GET /api/me/notification-preferences', notifications('preferences-get'), 'any', READ, {
    summary: "the caller's notification e-mail modes per kind, and the defaults",
  }),
  route('PATCH /api/me/notification-preferences', notifications('preferences'), 'any', COMMAND, {
    summary: 'per kind: e-mail immediately, in the daily digest, or off (the bell always)',
  }),
  route('POST /api/mail/test', notifications('mail-test'), 'any', [...READ, ...QUOTA, 'identity:read', 'mail:send'], {
    summary: 'test-resend: a test e-mail through the mail adapter (local mail refuses *.invalid addresses)',
    throttle: COSTLY.mail,
  }),

  // The caller's address and sessions
  route(
    'POST /api/me/email-proof',
    users('email-proof'),
    'any',
    [...POST_COMMAND, 'identity:read', 'identity:sign-out'],
    {
      summary:
        "records the first proof of the caller's address (Cognito says it is verified): " +
        'every session ends, and this one gets a one-time answer to sign in again with',
    },
  ),
  route('POST /api/sessions/revoke', users('sessions-revoke'), 'any', POST_COMMAND, {
    summary: "sign out everywhere: every session of the caller's account ends, this one included",
  }),

  // Permit projects through the city (issue 46): the City Review tab
  route('GET /api/projects/{id}/city-review', permits('get'), 'any', READ_EVENTS, {
    summary:
      "a permit project's city review: rounds, one round's items and answers, the permit " +
      '(the client, the team, the assigned designer, admins)',
  }),
  route('POST /api/projects/{id}/city-review', permits('action'), 'any', POST_COMMAND, {
    summary:
      "record the city's corrections, address an item, mark resubmitted, record the permit " +
      '(the decider says who may)',
  }),
  route(
    'POST /api/projects/{id}/city-review/read-letter',
    permits('read-letter'),
    'any',
    [...READ_EVENTS, ...QUOTA, 'uploads:get', 'ai:invoke'],
    {
      summary:
        'the items a recorded correction letter proposes (Bedrock, or the local stand-in); nothing stored ' +
        "(the client's side, admins)",
      throttle: COSTLY.ai,
    },
  ),
  route(
    'POST /api/projects/{id}/city-review/draft-response',
    permits('draft-response'),
    'any',
    [...READ_EVENTS, ...QUOTA, 'ai:invoke'],
    {
      summary: 'a proposed response to one correction item; nothing stored (the assigned designer, admins)',
      throttle: COSTLY.ai,
    },
  ),
  route(
    'POST /api/projects/{id}/city-review/response-letter',
    permits('response-letter'),
    'any',
    [...POST_COMMAND, 'uploads:put', 'uploads:delete'],
    { summary: "the round's response letter as a PDF file of the project (the assigned designer, admins)" },
  ),
];

/** The EventBridge consumers: each receives the events of its `eventTypes`. */
export const consumers: readonly ConsumerDefinition[] = [
  {
    name: 'projections',
    handler: 'functions/app/projections-consumer.ts',
    grants: [...READ_EVENTS, 'views:write', 'connections:*', 'realtime:post'],
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
      'user profiles, projects (board cards, details), subscriptions, teams (members, invitations), designers and ' +
      'designer session revocations; then tells connected browsers which topics it changed (never data)',
  },
  {
    name: 'cognito-groups',
    handler: 'functions/features/users/reactions/cognito-groups.ts',
    grants: [...READ_EVENTS, 'identity:groups'],
    eventTypes: roleEventTypes,
    summary:
      'keeps Cognito group membership in step with the roles in the events; ' +
      'links a pre-authorised designer who registers',
  },
  {
    name: 'sessions',
    handler: 'functions/features/users/reactions/sessions.ts',
    grants: [...COMMAND, 'connections:*', 'realtime:post', 'identity:sign-out'],
    eventTypes: typesOf([SessionsEnded, DesignerDeactivated, DesignerReactivated, DesignerRemoved]),
    summary:
      'ended sessions: Cognito global sign-out and their open sockets closed; ' +
      "a designer authorisation changed by an admin ends its account's sessions",
  },
  {
    name: 'notifications',
    handler: 'functions/features/notifications/reactions/consumer.ts',
    grants: [...READ_EVENTS, 'views:claim', 'connections:*', 'realtime:post', 'mail:send'],
    eventTypes: NOTIFIED_EVENT_TYPES,
    summary: 'tells the people a project event concerns, in the app and by e-mail as they chose',
  },
  {
    name: 'permit-notifications',
    handler: 'functions/features/permits/reactions/notify.ts',
    grants: [...READ_EVENTS, 'views:claim', 'connections:*', 'realtime:post', 'mail:send'],
    eventTypes: typesOf([CityCorrectionsReceived, ResponseLetterIssued, PermitApproved]),
    summary:
      "tells the studio of the city's corrections and the permit, and the client of the response letter, " +
      'in the app and by e-mail as they chose',
  },
  {
    name: 'erasures',
    handler: 'functions/app/erasure.ts',
    // connections:*: the notifications' commands module (its store forgets the erased events) brings them.
    grants: [
      ...COMMAND,
      'views:write',
      'views:claim',
      'connections:*',
      'identity:delete',
      'uploads:erase',
      'payments:stripe',
    ],
    // Completed too, though it acts on erasures only: every published event has a consumer.
    eventTypes: typesOf([PersonalDataErased, ErasureCompleted]),
    summary:
      'carries out an erasure: the subscription cancelled, team membership ended, files deleted, data keys ' +
      'destroyed, the Cognito user deleted, the views rebuilt',
  },
  {
    name: 'data-exports',
    handler: 'functions/features/exports/reactions/build.ts',
    grants: [...COMMAND, 'views:claim', 'connections:*', 'realtime:post', 'mail:send', 'uploads:get', 'uploads:put'],
    // Ready and Failed too, though it acts on requests only: every published event has a consumer.
    eventTypes: typesOf(exportEvents),
    summary:
      "builds a person's data archive (a zip streamed to the uploads bucket under exports/), records it ready " +
      'or failed, and tells them in the app and by e-mail',
  },
];

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
    grants: READ_EVENTS,
  },
  {
    name: 'post-confirmation',
    trigger: 'PostConfirmation',
    handler: 'functions/features/users/triggers/post-confirmation.ts',
    grants: COMMAND,
  },
  {
    name: 'custom-message',
    trigger: 'CustomMessage',
    handler: 'functions/features/users/triggers/custom-message.ts',
    grants: [],
  },
  // The custom challenge: the session that proved its address signs in again with the proof's one-time answer.
  {
    name: 'define-auth-challenge',
    trigger: 'DefineAuthChallenge',
    handler: 'functions/features/users/triggers/define-auth-challenge.ts',
    grants: [],
  },
  {
    name: 'create-auth-challenge',
    trigger: 'CreateAuthChallenge',
    handler: 'functions/features/users/triggers/create-auth-challenge.ts',
    grants: [],
  },
  {
    name: 'verify-auth-challenge',
    trigger: 'VerifyAuthChallengeResponse',
    handler: 'functions/features/users/triggers/verify-auth-challenge.ts',
    grants: ['views:read', 'views:claim'],
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

/**
 * A handler's short name for Lambda function names and logs:
 * functions/features/projects/http/list.ts → features-projects-http-list.
 */
export const handlerName = (handler: string) =>
  handler
    .replace(/^functions\//, '')
    .replace(/\.ts$/, '')
    .replace(/[/_]/g, '-');
