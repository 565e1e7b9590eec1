import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumers, realtimeRoutes, routes, schedules, triggers } from '../../infra/routes.js';
import { analyzeHandler, CAPABILITY_MODULES } from '../../infra/stack/capabilities.js';
import { UPLOADS_INCOMING_PREFIX } from '../../infra/stack/functions.js';
import { refOf, refsIn, resourcesOf, ROOT, synthesized, type SynthResult, type TemplateJson } from './support/synth.js';

let json: TemplateJson;
let result: SynthResult;
const context = JSON.parse(readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')).context as Record<string, string>;

beforeAll(async () => {
  ({ json, result } = await synthesized());
});

type Statement = { Effect: string; Action: string | string[]; Resource?: unknown; Principal?: unknown; Condition?: Record<string, any> };

describe('buckets', () => {
  it('blocks all public access, encrypts and requires TLS on every bucket', () => {
    const buckets = resourcesOf(json, 'AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThanOrEqual(3);
    for (const [id, props] of buckets) {
      expect(props.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(props.BucketEncryption, id).toBeDefined();
      const policy = resourcesOf(json, 'AWS::S3::BucketPolicy').find(([, p]) => refOf(p.Bucket) === id);
      expect(policy, `${id} has a bucket policy`).toBeDefined();
      const statements = policy![1].PolicyDocument.Statement as Statement[];
      expect(statements).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
      // Nothing is granted to everyone.
      for (const statement of statements.filter((s) => s.Effect === 'Allow')) {
        expect(JSON.stringify(statement.Principal), id).not.toMatch(/^"\*"$|"AWS":"\*"/);
      }
    }
  });

  it('lets the site’s origin upload straight to the uploads bucket (CORS), and nobody else', () => {
    const uploads = json.Resources[result.uploadsBucketLogicalId]!.Properties!;
    const rules = uploads.CorsConfiguration.CorsRules as Record<string, any>[];
    expect(rules).toHaveLength(1);
    expect(rules[0]!.AllowedMethods.sort()).toEqual(['GET', 'HEAD', 'POST']);
    expect(rules[0]!.AllowedOrigins).toHaveLength(1);
    expect(JSON.stringify(rules[0]!.AllowedOrigins[0])).toContain(result.distributionLogicalId);
    expect(JSON.stringify(rules[0]!.AllowedOrigins[0])).toContain('https://');
  });

  it('expires abandoned uploads and aborts incomplete multipart uploads', () => {
    const rules = json.Resources[result.uploadsBucketLogicalId]!.Properties!.LifecycleConfiguration.Rules as Record<string, any>[];
    expect(rules).toContainEqual(expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }));
    const abandoned = rules.find((rule) => rule.Prefix === UPLOADS_INCOMING_PREFIX)!;
    expect(abandoned).toMatchObject({ ExpirationInDays: 2, Status: 'Enabled' });
    expect(UPLOADS_INCOMING_PREFIX).toBe('incoming/');
  });
});

describe('least privilege, derived from each handler’s imports', () => {
  const statementsOf = (functionId: string): Statement[] => {
    const role = refOf(json.Resources[functionId]!.Properties!.Role)!;
    return resourcesOf(json, 'AWS::IAM::Policy')
      .filter(([, p]) => (p.Roles as unknown[]).some((r) => refOf(r) === role))
      .flatMap(([, p]) => p.PolicyDocument.Statement as Statement[]);
  };
  const actionsOf = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat());
  const env = (functionId: string) => json.Resources[functionId]!.Properties!.Environment.Variables as Record<string, unknown>;

  it('derives the capabilities from the imports', () => {
    expect(analyzeHandler(ROOT, 'functions/api/health.ts').capabilities).toEqual([]);
    expect(analyzeHandler(ROOT, 'functions/consumers/cognito-groups.ts').capabilities).toContain('cognito');
    expect(analyzeHandler(ROOT, 'functions/triggers/post-confirmation.ts').capabilities).toEqual(['eventStore', 'eventbridge', 'views']);
  });

  it('lets the function of the password-reset routes set a password, verify the e-mail and sign out (Cognito admin API)', () => {
    const fn = result.functions.find((entry) => entry.handler === 'functions/api/mailed-links.ts')!;
    expect(fn.capabilities).toContain('cognito');
    const actions = actionsOf(statementsOf(fn.logicalId));
    for (const action of ['AdminSetUserPassword', 'AdminGetUser', 'AdminUpdateUserAttributes', 'AdminUserGlobalSignOut']) expect(actions).toContain(`cognito-idp:${action}`);
  });

  it('maps adapter modules that still exist (a rename must update capabilities.ts)', () => {
    for (const module of Object.keys(CAPABILITY_MODULES)) expect(existsSync(path.join(ROOT, module)), module).toBe(true);
  });

  const handlers = [...new Set([...routes, ...consumers, ...triggers, ...schedules, ...realtimeRoutes].map((row) => row.handler))];

  it.each(handlers)('%s gets only what its capabilities need', (handler) => {
    const fn = result.functions.find((entry) => entry.handler === handler)!;
    const statements = statementsOf(fn.logicalId);
    const actions = actionsOf(statements);
    const variables = env(fn.logicalId);
    const has = (capability: string) => fn.capabilities.includes(capability);
    // Every function writes its own log group and nothing else's.
    const logs = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('logs:')));
    expect(logs).toHaveLength(1);
    expect(refsIn(logs[0]!.Resource).size).toBe(1);

    const onTable = (logicalId: string) =>
      actionsOf(statements.filter((s) => JSON.stringify(s.Resource).includes(logicalId))).some((a) => a.startsWith('dynamodb:'));
    expect(onTable(result.eventsTableLogicalId)).toBe(has('eventStore'));
    expect('EVENTS_TABLE' in variables).toBe(has('eventStore'));
    expect(onTable(result.viewsTableLogicalId)).toBe(has('views'));
    expect('VIEWS_TABLE' in variables).toBe(has('views'));
    expect(onTable(result.connectionsTableLogicalId)).toBe(has('connections'));
    expect('CONNECTIONS_TABLE' in variables).toBe(has('connections'));
    expect(actions.includes('execute-api:ManageConnections')).toBe(has('realtime'));
    expect('REALTIME_MANAGEMENT_ENDPOINT' in variables).toBe(has('realtime'));
    expect('USER_POOL_CLIENT_ID' in variables).toBe(has('cognitoTokens'));
    expect(actions.includes('events:PutEvents')).toBe(has('eventbridge'));
    expect('EVENT_BUS_NAME' in variables).toBe(has('eventbridge'));
    expect(actions.some((a) => a.startsWith('cognito-idp:'))).toBe(has('cognito'));
    expect(actions.some((a) => a.startsWith('s3:'))).toBe(has('uploads'));
    expect('UPLOADS_BUCKET' in variables).toBe(has('uploads'));
    expect(actions.some((a) => a.startsWith('bedrock:'))).toBe(has('bedrock'));
    expect(actions.some((a) => a.startsWith('ses:'))).toBe(has('ses'));
    expect(actions.some((a) => a.startsWith('secretsmanager:'))).toBe(has('stripe'));
    expect('STRIPE_SECRET_ARN' in variables).toBe(has('stripe'));
    // No action wildcards anywhere in our functions' policies.
    expect(actions.filter((a) => a.includes('*'))).toEqual([]);

    if (has('bedrock')) {
      const model = context.bedrockModelId!;
      expect(variables.BEDROCK_MODEL_ID).toBe(model);
      const resources = JSON.stringify(statements.filter((s) => actionsOf([s]).includes('bedrock:InvokeModel')).map((s) => s.Resource));
      expect(resources).toContain(model.replace(/^(us|eu|apac|global)\./, ''));
      expect(resources).not.toMatch(/foundation-model\/\*/);
    }
    if (has('ses')) {
      const ses = statements.find((s) => actionsOf([s]).includes('ses:SendEmail'))!;
      expect(ses.Condition).toEqual({ StringEquals: { 'ses:FromAddress': context.senderEmail } });
    }
    if (has('uploads')) expect(variables.UPLOADS_INCOMING_PREFIX).toBe(UPLOADS_INCOMING_PREFIX);
    if (has('stripe')) {
      expect(JSON.stringify(variables.STRIPE_SECRET_ARN)).toContain('secret:design-club/dev/stripe');
      expect(variables).toHaveProperty('STRIPE_PRICE_STARTER');
    }
  });

  it('gives the billing, upload and checklist handlers the capabilities the product needs', () => {
    const caps = (handler: string) => result.functions.find((fn) => fn.handler === handler)?.capabilities ?? [];
    expect(caps('functions/api/billing/webhook.ts')).toContain('stripe');
    expect(caps('functions/api/files/upload.ts')).toContain('uploads');
    expect(caps('functions/api/checklists/generate.ts')).toContain('bedrock');
  });
});
