import { NestedStack } from 'aws-cdk-lib';
import {
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  type IHttpApi,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { routeKey, type RouteDefinition } from '../routes.js';
import { acknowledgeGuard } from './guard.js';
import { acknowledge } from './nag.js';

/**
 * A nested stack holds at most 200 parameters; CDK passes it one per function alias its routes
 * invoke, plus the API's and the authorizer's ids. Past this, give a route group its own nested stack.
 */
export const ROUTE_STACK_MAX_PARAMETERS = 150;

/** Construct id of a route: "GET /api/projects/{id}" → "GET-api-projects-id". */
export const routeId = (route: Pick<RouteDefinition, 'method' | 'path'>) =>
  `${route.method}${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '-')}`.replace(/-$/, '');

export interface ApiRoutesProps {
  httpApi: IHttpApi;
  /** The Cognito JWT authorizer, which stays in the parent stack (one per API, shared by every route). */
  authorizerId: string;
  routes: readonly RouteDefinition[];
  /** The `live` alias a route's handler runs behind. */
  aliasFor: (route: RouteDefinition) => IFunction;
  description: string;
}

/**
 * The HTTP API's routes in a nested stack: each route's Route, its handler's Integration and the
 * Lambda permission scoped to the route (three resources a route; about 150 of them). The API, its
 * stage (throttles, access logs), the authorizer and the functions stay in the parent; CDK passes
 * the ids and alias ARNs in as this stack's parameters. The parent keeps about three resources per
 * function, so new routes fit under CloudFormation's 500 there for a long while.
 */
export class ApiRoutes extends NestedStack {
  readonly routes = new Map<string, HttpRoute>();

  constructor(scope: Construct, id: string, props: ApiRoutesProps) {
    super(scope, id, { description: props.description });
    acknowledgeGuard(
      this,
      'lambda_function_public_access_prohibited_check',
      'Each invoke permission names API Gateway as principal with a SourceArn of this HTTP API and route (an ' +
        'Fn::Join the rule does not evaluate); nothing else may invoke the aliases.',
    );
    const authorizer = HttpAuthorizer.fromHttpAuthorizerAttributes(this, 'Cognito', {
      authorizerId: props.authorizerId,
      authorizerType: HttpAuthorizerType.JWT,
    });
    const none = new HttpNoneAuthorizer();
    // One integration per handler: routes that share a handler share its integration.
    const integrations = new Map<string, HttpLambdaIntegration>();

    for (const route of props.routes) {
      const key = routeKey(route);
      let integration = integrations.get(route.handler);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${routeId(route)}-Integration`, props.aliasFor(route));
        integrations.set(route.handler, integration);
      }
      const routeAuthorizer: IHttpRouteAuthorizer = route.access === 'public' ? none : authorizer;
      const httpRoute = new HttpRoute(this, routeId(route), {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
        authorizer: routeAuthorizer,
      });
      if (route.access === 'public') {
        acknowledge(
          httpRoute,
          'AwsSolutions-APIG4',
          `${key} is public by design (${route.summary}); the route table marks it so, and the handler authenticates ` +
            `what it must (e.g. Stripe's signature on webhooks).`,
        );
        acknowledgeGuard(
          httpRoute,
          'api_gw_v2_authorization_type_configured_check',
          `${key} is public by design (${route.summary}): the route table marks it so, and the handler authenticates ` +
            `what it must (e.g. Stripe's signature on webhooks).`,
        );
      }
      this.routes.set(key, httpRoute);
    }
    // Aliases, plus the API's and the authorizer's ids.
    const parameters = integrations.size + 2;
    if (parameters > ROUTE_STACK_MAX_PARAMETERS) {
      throw new Error(
        `The nested stack ${id} would take about ${parameters} parameters (CloudFormation allows 200): give a route ` +
          `group its own nested stack (infra/stack/api.ts).`,
      );
    }
  }
}
