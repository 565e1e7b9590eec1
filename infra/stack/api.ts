import { Aws, RemovalPolicy } from 'aws-cdk-lib';
import {
  CfnStage,
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
import { ORIGIN_SECRET_ENV } from './origin-secret.js';

/** The whole API's limit; a costly route's own (`throttle` in infra/routes.ts) is lower. */
export const STAGE_THROTTLE = { rate: 100, burst: 200 } as const;

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
      throttle: { rateLimit: STAGE_THROTTLE.rate, burstLimit: STAGE_THROTTLE.burst },
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
    /** Accepted values of CloudFront's origin header (functions/http/origin-check.ts); every API function gets them. */
    originSecret: string;
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
      props.functions.find(route.handler)!.fn.addEnvironment(ORIGIN_SECRET_ENV, props.originSecret);
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
      if (route.throttle) this.throttleRoute(key, route.throttle, httpRoute);
    }
  }

  /** API Gateway refuses route settings for a route key that does not exist yet: the stage waits for the route. */
  private throttleRoute(key: string, throttle: { rate: number; burst: number }, route: HttpRoute): void {
    if (throttle.rate > STAGE_THROTTLE.rate || throttle.burst > STAGE_THROTTLE.burst) {
      throw new Error(`Route ${key}: its throttle (${throttle.rate}/s, burst ${throttle.burst}) must not exceed the stage's (${STAGE_THROTTLE.rate}/s, burst ${STAGE_THROTTLE.burst}).`);
    }
    const stage = this.stage.node.defaultChild as CfnStage;
    // RouteSettings is a map CloudFormation takes as is: its property names, not CDK's camelCase.
    this.routeSettings[key] = { ThrottlingRateLimit: throttle.rate, ThrottlingBurstLimit: throttle.burst };
    stage.routeSettings = { ...this.routeSettings };
    stage.node.addDependency(route);
  }

  private readonly routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
}
