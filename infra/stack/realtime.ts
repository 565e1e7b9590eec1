import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketStage,
  type WebSocketRoute,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RealtimeRouteDefinition } from '../routes.js';
import type { HandlerFunctions } from './functions.js';
import { acknowledgeGuard, logGroupFindings } from './guard.js';
import { acknowledge } from './nag.js';

export const REALTIME_STAGE = 'live';

/**
 * Live updates: a WebSocket API whose routes come from `realtimeRoutes`. The SPA connects straight
 * to its wss:// URL (published in /config.json as `realtimeUrl`), passing its ID token as `?token=`,
 * which the `$connect` handler verifies; the projections consumer posts "topics changed" messages back
 * through the management API.
 */
export class Realtime extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly routes = new Map<string, WebSocketRoute>();
  /** wss://… URL the browser connects to. */
  readonly url: string;
  /** https://… endpoint of the management API (PostToConnection). */
  readonly managementEndpoint: string;
  /** What a function that posts to connections may call. */
  readonly postToConnectionsArn: string;

  constructor(scope: Construct, id: string, props: { stage: string; retention: RetentionDays }) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', {
      apiName: `design-club-${props.stage}-live`,
      description: 'Design Club live updates (topics changed, never data)',
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.retention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: REALTIME_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // No query string: the ID token travels in it.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            connectionId: '$context.connectionId',
            routeKey: '$context.routeKey',
            eventType: '$context.eventType',
            status: '$context.status',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    logGroupFindings(accessLogs, 'WebSocket access logs');
    this.url = this.stage.url;
    this.managementEndpoint = this.stage.callbackUrl;
    this.postToConnectionsArn = Stack.of(this).formatArn({
      service: 'execute-api',
      resource: this.api.apiId,
      resourceName: `${REALTIME_STAGE}/*/@connections/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }

  addRoutes(routes: readonly RealtimeRouteDefinition[], functions: HandlerFunctions): void {
    for (const route of routes) {
      if (this.routes.has(route.route))
        throw new Error(`Realtime route ${route.route} appears twice in infra/routes.ts`);
      const fn = functions.forHandler(route.handler, 'realtime');
      const id = route.route.replace(/^\$/, '');
      const created = this.api.addRoute(route.route, {
        integration: new WebSocketLambdaIntegration(`${id}-Integration`, fn),
      });
      acknowledge(
        created,
        'AwsSolutions-APIG4',
        route.route === '$connect'
          ? 'Browsers cannot send headers on a WebSocket: the ID token comes as ?token= and the $connect handler ' +
              'verifies it (signature, issuer, audience, expiry) and refuses the connection otherwise.'
          : `${route.route} only runs on a connection that $connect has already authenticated.`,
      );
      acknowledgeGuard(
        created,
        'api_gw_v2_authorization_type_configured_check',
        route.route === '$connect'
          ? 'Browsers cannot send headers on a WebSocket: the ID token comes as ?token= and the $connect handler ' +
              'verifies it and refuses the connection otherwise.'
          : `${route.route} only runs on a connection that $connect has already authenticated.`,
      );
      acknowledgeGuard(
        created,
        'lambda_function_public_access_prohibited_check',
        'The invoke permission names API Gateway as principal with a SourceArn of this WebSocket API and route (an ' +
          'Fn::Join the rule does not evaluate).',
      );
      this.routes.set(route.route, created);
    }
  }
}
