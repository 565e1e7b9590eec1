import { Aws, RemovalPolicy } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeKey, type RouteDefinition } from '../routes.js';
import type { HandlerFunctions } from './functions.js';
import { acknowledge } from './nag.js';

/** Construct id of a route: "GET /api/projects/{id}" → "GET-api-projects-id". */
export const routeId = (route: Pick<RouteDefinition, 'method' | 'path'>) =>
  `${route.method}${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '-')}`.replace(/-$/, '');

/**
 * The HTTP API. CloudFront sends `/api/*` here unchanged, so the routes keep their `/api` prefix
 * and the API runs in its `$default` stage. Every row of `routes` becomes a route to the function of
 * its handler, behind the Cognito JWT authorizer (audience: the SPA's client, which sends its ID
 * token) unless the row is public. Roles and ownership are checked in the handlers.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly routes = new Map<string, HttpRoute>();
  /** Host name of the API's own endpoint, for the CloudFront origin. */
  readonly originDomain: string;

  constructor(scope: Construct, id: string, props: { stage: string; retention: RetentionDays }) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `design-club-${props.stage}`,
      description: 'Design Club API (served under /api through CloudFront)',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.retention, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      // Route-level Count/4xx/5xx/Latency for the dashboard's route groups and the p99 alarm (alarms.ts).
      detailedMetricsEnabled: true,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
            sub: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });
    this.originDomain = `${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
  }

  addRoutes(props: {
    routes: readonly RouteDefinition[];
    functions: HandlerFunctions;
    userPool: IUserPool;
    client: IUserPoolClient;
  }): void {
    const authorizer = new HttpUserPoolAuthorizer('Cognito', props.userPool, {
      userPoolClients: [props.client],
      identitySource: ['$request.header.Authorization'],
    });
    const none = new HttpNoneAuthorizer();
    const integrations = new Map<string, HttpLambdaIntegration>();

    for (const route of props.routes) {
      const key = routeKey(route);
      if (this.routes.has(key)) throw new Error(`Route ${key} appears twice in infra/routes.ts`);
      if (!route.path.startsWith('/api/')) throw new Error(`Route ${key}: paths live under /api (CloudFront sends only /api/* to the API)`);
      const fn = props.functions.forHandler(route.handler, 'api');
      let integration = integrations.get(route.handler);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${routeId(route)}-Integration`, fn);
        integrations.set(route.handler, integration);
      }
      const routeAuthorizer: IHttpRouteAuthorizer = route.access === 'public' ? none : authorizer;
      const httpRoute = new HttpRoute(this, routeId(route), {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
        authorizer: routeAuthorizer,
      });
      if (route.access === 'public') {
        acknowledge(
          httpRoute,
          'AwsSolutions-APIG4',
          `${key} is public by design (${route.summary}); the route table marks it so, and the handler authenticates what it must (e.g. Stripe's signature on webhooks).`,
        );
      }
      this.routes.set(key, httpRoute);
    }
  }
}
