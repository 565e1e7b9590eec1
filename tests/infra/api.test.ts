import { beforeAll, describe, expect, it } from 'vitest';
import { consumers, handlerName, realtimeRoutes, routeKey, routes, schedules, triggers } from '../../infra/routes.js';
import { ROUTE_STACK_MAX_PARAMETERS } from '../../infra/stack/routes-stack.js';
import {
  parentTarget,
  refOf,
  resourcesOf,
  synthesized,
  synthesizedNested,
  type SynthResult,
  type TemplateJson,
} from './support/synth.js';

let json: TemplateJson;
let result: SynthResult;
/** The nested stack `Routes`: the HTTP API's routes, integrations and their Lambda permissions. */
let routesJson: TemplateJson;

beforeAll(async () => {
  ({ json, result } = await synthesized());
  ({ json: routesJson } = await synthesizedNested('Routes'));
});

/** The parent's logical id that a value in the nested stack Routes names (through its parameter). */
const inParent = (value: unknown) => parentTarget(json, result.nestedStackLogicalIds.Routes!, routesJson, value);

const functionOf = (handler: string) => {
  const entry = result.functions.find((fn) => fn.handler === handler);
  if (!entry) throw new Error(`No function for ${handler}`);
  return { ...entry, resource: json.Resources[entry.logicalId]! };
};

describe('Lambda functions, one per handler of infra/routes.ts', () => {
  const handlers = [
    ...new Set([...routes, ...consumers, ...triggers, ...schedules, ...realtimeRoutes].map((row) => row.handler)),
  ];

  it('has exactly one function per distinct handler module', () => {
    expect(result.functions.map((fn) => fn.handler).sort()).toEqual([...handlers].sort());
    const lambdas = resourcesOf(json, 'AWS::Lambda::Function').filter(([, props]) =>
      (props.Tags as { Key: string }[] | undefined)?.some((tag) => tag.Key === 'design-club:handler'),
    );
    expect(lambdas).toHaveLength(handlers.length);
  });

  it.each(handlers)(
    '%s: Node 22 on arm64, ESM bundle, the shared log group, a role without managed policies',
    (handler) => {
      const { resource, logicalId } = functionOf(handler);
      const props = resource.Properties!;
      expect(props.Runtime).toBe('nodejs24.x');
      expect(props.Architectures).toEqual(['arm64']);
      expect(props.Handler).toBe('index.handler');
      expect(props.Environment.Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'design-club',
        NODE_OPTIONS: '--enable-source-maps',
        STAGE: 'dev',
      });
      expect(props.Tags).toContainEqual({ Key: 'design-club:handler', Value: handler });
      expect(json.Resources[refOf(props.LoggingConfig.LogGroup)!]!.Type).toBe('AWS::Logs::LogGroup');
      const role = json.Resources[refOf(props.Role)!]!;
      expect(role.Type).toBe('AWS::IAM::Role');
      // No AWS managed policies: a role may write the functions' log group and what its imports need.
      expect(role.Properties?.ManagedPolicyArns).toBeUndefined();
      expect(logicalId).toContain(handlerName(handler).replace(/-/g, ''));
    },
  );
});

describe('stack size', () => {
  it(
    'keeps the routes in the nested stack Routes and the functions in their features’ stacks (limits.test.ts ' +
      'asserts 60% of every limit)',
    async () => {
      const { raw } = await synthesized();
      expect(
        resourcesOf(raw, 'AWS::ApiGatewayV2::Route').filter(([, p]) => refOf(p.ApiId) === result.httpApiLogicalId),
      ).toEqual([]);
      // Only the Cognito triggers stay in the parent (infra/stack/functions/feature-stacks.ts says why).
      const inParentTemplate = result.functions.filter((fn) => fn.stackId === null);
      expect(inParentTemplate.map((fn) => fn.kinds)).toEqual(inParentTemplate.map(() => ['trigger']));
      for (const fn of inParentTemplate) expect(raw.Resources[fn.logicalId], fn.handler).toBeDefined();
    },
  );

  it('keeps the nested stack Routes’ parameters under the shard limit', () => {
    // Route, integration and permission per route; one parameter per alias plus the API and authorizer ids.
    expect(Object.keys(routesJson.Parameters ?? {}).length).toBeLessThanOrEqual(ROUTE_STACK_MAX_PARAMETERS);
  });
});

describe('HTTP API', () => {
  const httpRoutes = () =>
    resourcesOf(routesJson, 'AWS::ApiGatewayV2::Route').filter(
      ([, p]) => inParent(p.ApiId) === result.httpApiLogicalId,
    );
  const authorizer = () => {
    const authorizers = resourcesOf(json, 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    return authorizers[0]!;
  };

  it('authorizes with the Cognito pool, audience = the SPA client (it sends the ID token)', () => {
    const [id, props] = authorizer();
    // In the parent, with the logical id it had before the routes moved to Routes (no replacement).
    expect(id).toMatch(/^ApiHttpApiCognito[0-9A-F]{8}$/);
    expect(props.AuthorizerType).toBe('JWT');
    expect(props.IdentitySource).toEqual(['$request.header.Authorization']);
    expect(props.JwtConfiguration.Audience).toEqual([{ Ref: result.userPoolClientLogicalId }]);
    expect(JSON.stringify(props.JwtConfiguration.Issuer)).toContain('https://cognito-idp.');
    expect(JSON.stringify(props.JwtConfiguration.Issuer)).toContain(result.userPoolLogicalId);
  });

  it('has no route that is not in the route table', () => {
    const keys = httpRoutes().map(([, props]) => props.RouteKey as string);
    expect(keys.sort()).toEqual(routes.map(routeKey).sort());
  });

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    '%s → its handler, authorizer per access',
    (key, route) => {
      const found = httpRoutes().filter(([, props]) => props.RouteKey === key);
      expect(found).toHaveLength(1);
      const [, props] = found[0]!;
      if (route.access === 'public') {
        expect(props.AuthorizationType).toBe('NONE');
        expect(props.AuthorizerId).toBeUndefined();
      } else {
        expect(props.AuthorizationType).toBe('JWT');
        // The parent's one authorizer, passed in.
        expect(inParent(props.AuthorizerId)).toBe(authorizer()[0]);
      }
      const integrationId = refOf((props.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1][1])!;
      const integration = routesJson.Resources[integrationId]!.Properties!;
      expect(integration.IntegrationType).toBe('AWS_PROXY');
      expect(integration.PayloadFormatVersion).toBe('2.0');
      expect(inParent(integration.ApiId)).toBe(result.httpApiLogicalId);
      // The route invokes the function's live alias (CodeDeploy shifts it), never $LATEST.
      expect(inParent(integration.IntegrationUri)).toBe(functionOf(route.handler).aliasLogicalId);
      // API Gateway may invoke that alias for this route's path, of this API only.
      const permissions = resourcesOf(routesJson, 'AWS::Lambda::Permission').filter(
        ([, p]) =>
          inParent(p.FunctionName) === functionOf(route.handler).aliasLogicalId &&
          p.Principal === 'apigateway.amazonaws.com',
      );
      const sourceArns = permissions.map(
        ([, p]) => (p.SourceArn as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1],
      );
      const forThisRoute = sourceArns.filter((parts) => parts.at(-1) === `/*/*${route.path}`);
      expect(forThisRoute).toHaveLength(1);
      expect(inParent(forThisRoute[0]!.at(-2))).toBe(result.httpApiLogicalId);
    },
  );

  it('serves everything from the $default stage, throttled, with JSON access logs', () => {
    const stages = resourcesOf(json, 'AWS::ApiGatewayV2::Stage').filter(
      ([, p]) => refOf(p.ApiId) === result.httpApiLogicalId,
    );
    expect(stages).toHaveLength(1);
    const [, stage] = stages[0]!;
    expect(stage.StageName).toBe('$default');
    expect(stage.AutoDeploy).toBe(true);
    expect(stage.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 });
    expect(JSON.parse(stage.AccessLogSettings.Format)).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
    });
  });

  it('gives API functions enough time (HTTP API waits 30 s at most)', () => {
    for (const route of routes) {
      const timeout = functionOf(route.handler).resource.Properties!.Timeout as number;
      expect(timeout).toBeLessThanOrEqual(29);
    }
  });
});
