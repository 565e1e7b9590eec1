import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../web/src/app/config.js';
import { readConfig } from '../../infra/stack/config.js';
import { Site, SPA_REWRITE_SOURCE } from '../../infra/stack/site.js';
import { refOf, resourcesOf, ROOT, synthesized, type SynthResult, type TemplateJson } from './support/synth.js';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let json: TemplateJson;
let result: SynthResult;

beforeAll(async () => {
  ({ json, result } = await synthesized());
});

const distribution = () =>
  json.Resources[result.distributionLogicalId]!.Properties!.DistributionConfig as Record<string, any>;
const apiBehavior = () =>
  (distribution().CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === '/api/*')!;

describe('CloudFront: one origin for the SPA and the API', () => {
  it('serves the site bucket through origin access control (no public bucket, no OAI)', () => {
    const config = distribution();
    const s3Origin = (config.Origins as Record<string, any>[]).find(
      (o) => o.Id === config.DefaultCacheBehavior.TargetOriginId,
    )!;
    expect(s3Origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    expect(json.Resources[refOf(s3Origin.OriginAccessControlId)!]!.Type).toBe('AWS::CloudFront::OriginAccessControl');
    const siteBucket = refOf(s3Origin.DomainName)!;
    const policy = resourcesOf(json, 'AWS::S3::BucketPolicy').find(([, p]) => refOf(p.Bucket) === siteBucket)!;
    const allows = (policy[1].PolicyDocument.Statement as Record<string, any>[]).filter((s) => s.Effect === 'Allow');
    // CloudFront reads; the only other Allow is autoDeleteObjects' provider role, which empties the bucket on delete.
    const grant = allows.find((s) => s.Principal?.Service === 'cloudfront.amazonaws.com')!;
    expect(grant.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    for (const other of allows.filter((s) => s !== grant))
      expect(JSON.stringify(other.Action)).not.toContain('s3:PutObject');
    expect(JSON.stringify(grant.Condition)).toContain(result.distributionLogicalId);
    expect(config.DefaultRootObject).toBe('index.html');
  });

  it('sends /api/* to the HTTP API: every method, no caching, all viewer headers but Host', () => {
    const behavior = apiBehavior();
    expect(behavior.AllowedMethods.sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    expect(behavior.CachePolicyId).toBe(CACHING_DISABLED);
    expect(behavior.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(behavior.ViewerProtocolPolicy).toBe('https-only');
    const origin = (distribution().Origins as Record<string, any>[]).find((o) => o.Id === behavior.TargetOriginId)!;
    expect(origin.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
    const api = resourcesOf(json, 'AWS::ApiGatewayV2::Api')[0]![0];
    expect(refsOfJoin(origin.DomainName)).toContain(api);
  });

  it('falls back to /index.html for client-side routes, only on the site behaviour', () => {
    const associations = distribution().DefaultCacheBehavior.FunctionAssociations as {
      EventType: string;
      FunctionARN: unknown;
    }[];
    expect(associations).toHaveLength(1);
    expect(associations[0]!.EventType).toBe('viewer-request');
    const fn = json.Resources[refOf(associations[0]!.FunctionARN)!]!;
    expect(fn.Type).toBe('AWS::CloudFront::Function');
    expect(fn.Properties!.FunctionCode).toBe(SPA_REWRITE_SOURCE);
    expect(fn.Properties!.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(apiBehavior().FunctionAssociations).toBeUndefined();

    // Run the function as CloudFront would.
    const handler = new Function(`${fn.Properties!.FunctionCode as string}; return handler;`)() as (event: unknown) => {
      uri: string;
    };
    const served = (uri: string) => handler({ request: { uri, headers: {} } }).uri;
    expect(served('/')).toBe('/index.html');
    expect(served('/projects/01HZX')).toBe('/index.html');
    expect(served('/auth/reset-password')).toBe('/index.html');
    expect(served('/invite/abc.def-token')).toBe('/index.html');
    expect(served('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(served('/favicon.svg')).toBe('/favicon.svg');
    expect(served('/config.json')).toBe('/config.json');
  });

  it('does not turn the API’s 403/404 answers into index.html (no distribution-wide error pages)', () => {
    const errors = (distribution().CustomErrorResponses ?? []) as { ErrorCode: number; ResponseCode?: number }[];
    expect(errors.filter((e) => [403, 404].includes(e.ErrorCode) && e.ResponseCode === 200)).toEqual([]);
  });

  it('adds the security headers to the site and the API', () => {
    const policyId = distribution().DefaultCacheBehavior.ResponseHeadersPolicyId;
    expect(apiBehavior().ResponseHeadersPolicyId).toEqual(policyId);
    const headers = json.Resources[refOf(policyId)!]!.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = flatten(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toMatch(/connect-src 'self' https:\/\/cognito-idp\.\S+\.amazonaws\.com/);
    // The live-updates WebSocket is the only other wss:// origin the page may open.
    expect(csp).toMatch(/connect-src [^;]* wss:\/\/\$\{[^}]+\}/);
    expect(headers.ContentSecurityPolicy.Override).toBe(true);
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.StrictTransportSecurity.IncludeSubdomains).toBe(true);
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
  });

  it('logs requests to the access-log bucket', () => {
    expect(distribution().Logging.Prefix).toBe('cloudfront/');
  });
});

describe('SPA deployment', () => {
  const deployments = () => resourcesOf(json, 'Custom::CDKBucketDeployment');

  it('deploys the built SPA and a generated /config.json the SPA accepts, then invalidates', () => {
    expect(result.siteBuilt).toBe(true);
    const [, entry] = deployments().find(([, p]) => p.DistributionPaths)!;
    expect(entry.DistributionPaths).toEqual(['/*']);
    expect(entry.DistributionId).toEqual({ Ref: result.distributionLogicalId });
    expect(entry.SystemMetadata['cache-control']).toBe('no-cache');
    expect(entry.Prune).toBe(false);

    // The jsonData source: config.json with markers the deployment replaces by the pool and client ids.
    const markers = entry.SourceMarkers as Record<string, unknown>[];
    const index = markers.findIndex((m) => Object.keys(m).length > 0);
    const replacements = Object.fromEntries(
      Object.entries(markers[index]!).map(([marker, value]) => [marker, `id-of-${refOf(value)}`]),
    );
    const key = (entry.SourceObjectKeys as string[])[index]!.replace(/\.zip$/, '');
    const file = path.join(result.outdir, `asset.${key}`, 'config.json');
    expect(existsSync(file)).toBe(true);
    let text = readFileSync(file, 'utf8');
    for (const [marker, value] of Object.entries(replacements)) text = text.replaceAll(marker, value);
    const config = parseConfig(JSON.parse(text));
    expect(config).toMatchObject({
      region: 'us-east-1',
      userPoolId: `id-of-${result.userPoolLogicalId}`,
      userPoolClientId: `id-of-${result.userPoolClientLogicalId}`,
      apiUrl: '/api',
      stage: 'dev',
      userPoolEndpoint: undefined,
    });
    // Live updates: straight to the WebSocket API's stage.
    expect(config.realtimeUrl).toMatch(
      new RegExp(`^wss://id-of-${result.realtimeApiLogicalId}\\.execute-api\\.us-east-1\\..+/live$`),
    );
  });

  it('caches hashed assets for a year, deploys them first, and publishes no source maps', () => {
    const [assetsId, assets] = deployments().find(([, p]) => p.DestinationBucketKeyPrefix === 'assets/')!;
    expect(assets.SystemMetadata['cache-control']).toBe('public, max-age=31536000, immutable');
    const [entryId] = deployments().find(([, p]) => p.DistributionPaths)!;
    expect(json.Resources[entryId]!.DependsOn ?? []).toContain(assetsId);
    const key = (assets.SourceObjectKeys as string[])[0]!.replace(/\.zip$/, '');
    expect(existsSync(path.join(result.outdir, `asset.${key}`, 'index-abc.js'))).toBe(true);
    expect(existsSync(path.join(result.outdir, `asset.${key}`, 'index-abc.js.map'))).toBe(false);
  });

  it('synthesizes without a built SPA, and then refuses to deploy unless told to', () => {
    const app = new App({ context: { siteDir: 'does-not-exist/dist' } });
    const stack = new Stack(app, 'SiteOnly', { env: { region: 'us-east-1' } });
    const config = readConfig(app.node);
    const site = new Site(stack, 'Site', {
      config,
      projectRoot: ROOT,
      apiOriginDomain: 'example.execute-api.us-east-1.amazonaws.com',
      realtimeUrl: 'wss://live.execute-api.us-east-1.amazonaws.com/live',
      accessLogs: new Bucket(stack, 'Logs'),
      originHeader: { name: 'x-origin-verify', value: 'test-value' },
    });
    const { built } = site.deploy({
      userPool: UserPool.fromUserPoolId(stack, 'Pool', 'us-east-1_example'),
      client: UserPoolClient.fromUserPoolClientId(stack, 'Client', 'exampleclient'),
    });
    expect(built).toBe(false);
    const template = Template.fromStack(stack).toJSON() as TemplateJson;
    expect(template.Parameters).toHaveProperty('AllowUnbuiltSite');
    const rule = Object.values(template.Rules ?? {})[0] as { Assertions: { AssertDescription: string }[] };
    expect(rule.Assertions[0]!.AssertDescription).toContain('npx vite build --config web/vite.config.ts');
  });
});

function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map((part) => (typeof part === 'string' ? part : `\${${refOf(part) ?? '?'}}`)).join(join[0]);
  return JSON.stringify(value);
}

function refsOfJoin(value: unknown): string[] {
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  return join ? join[1].map(refOf).filter((ref): ref is string => Boolean(ref)) : [];
}
