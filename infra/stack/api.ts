import { Aws, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  type CfnStage,
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeKey, STAGE_THROTTLE, type RouteDefinition } from '../routes.js';
import type { HandlerFunctions } from './functions.js';
import { ORIGIN_SECRET_ENV } from './origin-secret.js';
import { logGroupFindings } from './guard.js';
import { ApiRoutes } from './routes-stack.js';

/**
 * The nested stack a route lives in. One holds every route today (about 50 parameters of its 200);
 * when it nears ROUTE_STACK_MAX_PARAMETERS, send a route group (api-metrics.ts routeGroup) to a
 * stack of its own here. Moving a route between stacks replaces it, and API Gateway refuses a
 * second route with the same key while the old one exists: docs/operations.md, "Rolling back", says how.
 */
const routeStackFor = (_route: RouteDefinition): string => 'Routes';

/**
 * The HTTP API. CloudFront sends `/api/*` here unchanged, so the routes keep their `/api` prefix
 * and the API runs in its `$default` stage. Every row of `routes` becomes a route to the function of
 * its handler, behind the Cognito JWT authorizer (audience: the SPA's client, which sends its ID
 * token) unless the row is public. Roles and ownership are checked in the handlers.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** The nested stacks that hold the routes, by id (routeStackFor). */
  readonly routeStacks = new Map<string, ApiRoutes>();
  private readonly routeKeys = new Set<string>();
  /** Host name of the API's own endpoint, for the CloudFront origin. */
  readonly originDomain: string;

  constructor(scope: Construct, id: string, props: { stage: string; retention: RetentionDays }) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `design-club-${props.stage}`,
      description: 'Design Club API (served under /api through CloudFront)',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.retention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
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
    logGroupFindings(accessLogs, 'HTTP API access logs');
    this.originDomain = `${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
  }

  addRoutes(props: {
    routes: readonly RouteDefinition[];
    functions: HandlerFunctions;
    userPool: IUserPool;
    client: IUserPoolClient;
    /**
     * Accepted values of CloudFront's origin header (functions/platform/http/origin-check.ts); every API function gets
     * them.
     */
    originSecret: string;
  }): void {
    // What HttpUserPoolAuthorizer creates on its first route, created here so that it stays in this
    // stack while the routes live in a nested stack (one authorizer shared by all of them). Same scope
    // and id as HttpUserPoolAuthorizer's, hence the same logical id: a deployed stage keeps its authorizer.
    const authorizer = new HttpAuthorizer(this.httpApi, 'Cognito', {
      httpApi: this.httpApi,
      authorizerName: 'Cognito',
      type: HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtAudience: [props.client.userPoolClientId],
      jwtIssuer: `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${props.userPool.userPoolId}`,
    });

    const byStack = new Map<string, RouteDefinition[]>();
    for (const route of props.routes) {
      const key = routeKey(route);
      if (this.routeKeys.has(key)) throw new Error(`Route ${key} appears twice in infra/routes.ts`);
      if (!route.path.startsWith('/api/'))
        throw new Error(`Route ${key}: paths live under /api (CloudFront sends only /api/* to the API)`);
      this.routeKeys.add(key);
      props.functions.forHandler(route.handler, 'api');
      props.functions.find(route.handler)!.fn.addEnvironment(ORIGIN_SECRET_ENV, props.originSecret);
      const stackId = routeStackFor(route);
      byStack.set(stackId, [...(byStack.get(stackId) ?? []), route]);
    }

    for (const [stackId, routes] of byStack) {
      const nested = new ApiRoutes(this, stackId, {
        httpApi: this.httpApi,
        authorizerId: authorizer.authorizerId,
        routes,
        aliasFor: (route) => props.functions.forHandler(route.handler, 'api'),
        description:
          `Design Club: the HTTP API's routes, integrations and their Lambda permissions ` +
          `(${routes.length} routes)`,
      });
      this.routeStacks.set(stackId, nested);
      for (const route of routes) {
        if (route.throttle) this.throttleRoute(routeKey(route), route.throttle, nested);
      }
    }
  }

  /**
   * API Gateway refuses route settings for a route key that does not exist yet: the stage waits for the routes' stack.
   */
  private throttleRoute(key: string, throttle: { rate: number; burst: number }, routes: ApiRoutes): void {
    if (throttle.rate > STAGE_THROTTLE.rate || throttle.burst > STAGE_THROTTLE.burst) {
      throw new Error(
        `Route ${key}: its throttle (${throttle.rate}/s, burst ${throttle.burst}) must not exceed the stage's ` +
          `(${STAGE_THROTTLE.rate}/s, burst ${STAGE_THROTTLE.burst}).`,
      );
    }
    const stage = this.stage.node.defaultChild as CfnStage;
    // RouteSettings is a map CloudFormation takes as is: its property names, not CDK's camelCase.
    this.routeSettings[key] = { ThrottlingRateLimit: throttle.rate, ThrottlingBurstLimit: throttle.burst };
    stage.routeSettings = { ...this.routeSettings };
    stage.node.addDependency(routes);
  }

  private readonly routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
}
