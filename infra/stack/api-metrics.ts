import { Duration } from 'aws-cdk-lib';
import { MathExpression, Metric, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { RouteDefinition } from '../routes.js';

/** The HTTP API runs in its `$default` stage (api.ts). */
const STAGE = '$default';

export type ApiMetricName = 'Count' | '4xx' | '5xx' | 'Latency';

/** "/api/projects/{id}/files" → "projects": the dashboard's route groups follow the first path segment. */
export const routeGroup = (route: Pick<RouteDefinition, 'path'>) => route.path.split('/')[2] ?? 'api';

/** Routes by group, in the order the route table lists them. */
export function routeGroups(routes: readonly RouteDefinition[]): Map<string, RouteDefinition[]> {
  const groups = new Map<string, RouteDefinition[]>();
  for (const route of routes) groups.set(routeGroup(route), [...(groups.get(routeGroup(route)) ?? []), route]);
  return groups;
}

/**
 * A route's own metric (the stage has detailed metrics on: api.ts). HTTP APIs publish them with the
 * dimensions ApiId, Stage, Resource (the route's path) and Method.
 */
export function routeMetric(
  api: IHttpApi,
  route: Pick<RouteDefinition, 'method' | 'path'>,
  metricName: ApiMetricName,
  period = Duration.minutes(5),
): Metric {
  return new Metric({
    namespace: 'AWS/ApiGateway',
    metricName,
    dimensionsMap: { ApiId: api.apiId, Stage: STAGE, Resource: route.path, Method: route.method },
    statistic: metricName === 'Latency' ? 'p99' : 'Sum',
    period,
  });
}

/** A stage-wide metric (every route). */
export function stageMetric(
  api: IHttpApi,
  metricName: ApiMetricName,
  statistic: string,
  period = Duration.minutes(5),
): Metric {
  return new Metric({
    namespace: 'AWS/ApiGateway',
    metricName,
    dimensionsMap: { ApiId: api.apiId, Stage: STAGE },
    statistic,
    period,
  });
}

/**
 * One line per route group: the sum of its routes' counts, or for latency the slowest route's p99
 * (percentiles of different routes cannot be added).
 */
export function groupExpression(
  api: IHttpApi,
  group: string,
  routes: readonly RouteDefinition[],
  metricName: ApiMetricName,
  period = Duration.minutes(5),
): IMetric {
  const usingMetrics = Object.fromEntries(
    routes.map((route, index) => [
      `${group.toLowerCase().replace(/[^a-z0-9]/g, '')}_${index}`,
      routeMetric(api, route, metricName, period),
    ]),
  );
  const ids = Object.keys(usingMetrics);
  const expression =
    metricName === 'Latency' ? `MAX([${ids.join(',')}])` : `SUM([${ids.map((id) => `FILL(${id},0)`).join(',')}])`;
  return new MathExpression({ expression, usingMetrics, label: group, period });
}
