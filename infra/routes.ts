import type { SystemRole } from '../events/vocabulary.js';

/** Every event of the project stream: the project projections consume them all. */
const projectEventTypes = ['ProjectSubmitted', 'FileUploaded', 'ProjectStatusChanged', 'DesignerAssigned', 'DesignerUnassigned', 'PriorityChanged', 'DueDateChanged', 'ChecklistTaskToggled', 'CommentPosted', 'CommentApproved', 'CommentRejected'];

/**
 * The one table of routes, consumers, triggers and schedules. The CDK stack builds a Lambda, a route
 * and a rule per row; the embedded runtime serves and wires exactly the same rows. Handler paths are
 * relative to the repository root; each module exports `handler`.
 */
export type Access = 'public' | 'any' | readonly SystemRole[];
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RouteDefinition {
  method: Method;
  path: string;
  handler: string;
  access: Access;
  summary: string;
}

export interface ConsumerDefinition {
  name: string;
  handler: string;
  /** EventBridge `detail-type` values this consumer receives. */
  eventTypes: readonly string[];
  summary: string;
}

export type CognitoTrigger = 'PreSignUp' | 'PostConfirmation' | 'CustomMessage' | 'PreTokenGeneration';
export interface TriggerDefinition {
  name: string;
  trigger: CognitoTrigger;
  handler: string;
}

export interface ScheduleDefinition {
  name: string;
  handler: string;
  everyMinutes: number;
  summary: string;
}

export const routes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/api/health', handler: 'functions/api/health.ts', access: 'public', summary: 'liveness' },
  { method: 'GET', path: '/api/me', handler: 'functions/api/me/get.ts', access: 'any', summary: 'profile, roles, team' },
  { method: 'GET', path: '/api/projects', handler: 'functions/api/projects/list.ts', access: 'any', summary: 'projects the caller may see' },
  { method: 'POST', path: '/api/projects', handler: 'functions/api/projects/create.ts', access: ['client'], summary: 'submit a project with its reviewed checklist' },
  { method: 'GET', path: '/api/projects/{id}', handler: 'functions/api/projects/get.ts', access: 'any', summary: 'one project, if the caller may read it' },
];

export const consumers: readonly ConsumerDefinition[] = [
  {
    name: 'projections',
    handler: 'functions/consumers/projections.ts',
    eventTypes: ['UserRegistered', 'ProfileUpdated', ...projectEventTypes],
    summary: 'user profiles and projects (board cards, details)',
  },
  {
    name: 'cognito-groups',
    handler: 'functions/consumers/cognito-groups.ts',
    eventTypes: ['UserRegistered'],
    summary: 'keeps Cognito group membership in step with the roles in the events',
  },
];

export const triggers: readonly TriggerDefinition[] = [
  { name: 'pre-sign-up', trigger: 'PreSignUp', handler: 'functions/triggers/pre-sign-up.ts' },
  { name: 'post-confirmation', trigger: 'PostConfirmation', handler: 'functions/triggers/post-confirmation.ts' },
];

export const schedules: readonly ScheduleDefinition[] = [
  { name: 'outbox-sweeper', handler: 'functions/consumers/outbox-sweeper.ts', everyMinutes: 1, summary: 'republishes commits whose publish failed' },
];

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) => `${route.method} ${route.path}`;

const byKey = new Map(routes.map((route) => [routeKey(route), route]));
export function findRoute(key: string | undefined): RouteDefinition | undefined {
  return key ? byKey.get(key) : undefined;
}

/** A handler's short name for Lambda function names and logs: functions/api/projects/list.ts → api-projects-list. */
export const handlerName = (handler: string) => handler.replace(/^functions\//, '').replace(/\.ts$/, '').replace(/[/_]/g, '-');
