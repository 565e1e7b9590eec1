import { beforeAll, describe, expect, it } from 'vitest';
import { realtimeRoutes } from '../../infra/routes.js';
import { REALTIME_STAGE } from '../../infra/stack/realtime.js';
import { policiesOf, refOf, resourcesOf, synthesized, type SynthResult, type TemplateJson } from './support/synth.js';

let json: TemplateJson;
let result: SynthResult;

beforeAll(async () => {
  ({ json, result } = await synthesized());
});

describe('live updates (WebSocket API)', () => {
  it('is one WebSocket API with a logged, throttled stage', () => {
    const apis = resourcesOf(json, 'AWS::ApiGatewayV2::Api').filter(([, p]) => p.ProtocolType === 'WEBSOCKET');
    expect(apis.map(([id]) => id)).toEqual([result.realtimeApiLogicalId]);
    const stages = resourcesOf(json, 'AWS::ApiGatewayV2::Stage').filter(
      ([, p]) => refOf(p.ApiId) === result.realtimeApiLogicalId,
    );
    expect(stages).toHaveLength(1);
    const [, stage] = stages[0]!;
    expect(stage.StageName).toBe(REALTIME_STAGE);
    expect(stage.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    // The ID token travels in the query string: it must not be logged.
    expect(stage.AccessLogSettings.Format).not.toContain('querystring');
    expect(stage.AccessLogSettings.Format).toContain('$context.connectionId');
  });

  it('has exactly the routes of realtimeRoutes', () => {
    const keys = resourcesOf(json, 'AWS::ApiGatewayV2::Route')
      .filter(([, p]) => refOf(p.ApiId) === result.realtimeApiLogicalId)
      .map(([, p]) => p.RouteKey as string);
    expect(keys.sort()).toEqual(realtimeRoutes.map((route) => route.route).sort());
  });

  it.each(realtimeRoutes.map((route) => [route.route, route] as const))('%s → its handler', (key, route) => {
    const [, props] = resourcesOf(json, 'AWS::ApiGatewayV2::Route').find(
      ([, p]) => refOf(p.ApiId) === result.realtimeApiLogicalId && p.RouteKey === key,
    )!;
    const integrationId = refOf((props.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1][1])!;
    const integration = json.Resources[integrationId]!.Properties!;
    const fn = result.functions.find((entry) => entry.handler === route.handler)!;
    expect(JSON.stringify(integration.IntegrationUri)).toContain(fn.aliasLogicalId);
  });

  it('lets the functions that post to connections do so, on this API’s stage only', () => {
    const posters = result.functions.filter((fn) => fn.capabilities.includes('realtime'));
    // The projections consumer announces what it committed: it posts, and no notifier beside it polls.
    expect(posters.map((fn) => fn.handler)).toContain('functions/app/projections-consumer.ts');
    expect(result.functions.map((fn) => fn.handler)).not.toContain('functions/features/live/notifier.ts');
    for (const fn of posters) {
      const variables = json.Resources[fn.logicalId]!.Properties!.Environment.Variables as Record<string, unknown>;
      expect(JSON.stringify(variables.REALTIME_MANAGEMENT_ENDPOINT)).toContain(result.realtimeApiLogicalId);
      const role = refOf(json.Resources[fn.logicalId]!.Properties!.Role)!;
      const statements = policiesOf(json)
        .filter(([, p]) => (p.Roles as unknown[]).some((r) => refOf(r) === role))
        .flatMap(([, p]) => p.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
      const manage = statements.filter((s) => [s.Action].flat().includes('execute-api:ManageConnections'));
      expect(manage).toHaveLength(1);
      const resource = JSON.stringify(manage[0]!.Resource);
      expect(resource).toContain(result.realtimeApiLogicalId);
      expect(resource).toContain(`/${REALTIME_STAGE}/*/@connections/*`);
    }
  });

  it('gives $connect the pool and client to verify ID tokens against', () => {
    const connect = realtimeRoutes.find((route) => route.route === '$connect')!;
    const fn = result.functions.find((entry) => entry.handler === connect.handler)!;
    const variables = json.Resources[fn.logicalId]!.Properties!.Environment.Variables as Record<string, unknown>;
    expect(variables.USER_POOL_ID).toEqual({ Ref: result.userPoolLogicalId });
    expect(variables.USER_POOL_CLIENT_ID).toEqual({ Ref: result.userPoolClientLogicalId });
  });
});
