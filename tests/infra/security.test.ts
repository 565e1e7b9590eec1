import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumers, realtimeRoutes, routes, schedules, triggers } from '../../infra/routes.js';
import {
  ADAPTER_OPERATIONS,
  analyzeHandler,
  capabilitiesOf,
  declaredGrants,
  MODULE_GRANTS,
  OPERATION_GRANTS,
} from '../../infra/stack/capabilities.js';
import { GRANTS } from '../../infra/grants.js';
import {
  IDEMPOTENCY_KEY_PREFIX,
  NOTIFICATION_KEY_PREFIXES,
  SIGN_IN_ANSWER_KEY_PREFIX,
  QUOTA_KEY_PREFIX,
  UPLOADS_INCOMING_PREFIX,
} from '../../infra/stack/functions.js';
import { defaultBedrockModel } from '../../infra/stack/config.js';
import { DATA_EXPORTS_PREFIX } from '../../infra/stack/uploads.js';
import { ARCHIVE_DAYS } from '../../functions/features/exports/state.js';
import {
  policiesOf,
  refOf,
  refsIn,
  resourcesOf,
  ROOT,
  synthesized,
  type SynthResult,
  type TemplateJson,
} from './support/synth.js';

let json: TemplateJson;
let result: SynthResult;
const context = JSON.parse(readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')).context as Record<string, string>;

beforeAll(async () => {
  ({ json, result } = await synthesized());
});

type Statement = {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  Principal?: unknown;
  Condition?: Record<string, any>;
};

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
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
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
    const rules = json.Resources[result.uploadsBucketLogicalId]!.Properties!.LifecycleConfiguration.Rules as Record<
      string,
      any
    >[];
    expect(rules).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
    );
    const abandoned = rules.find((rule) => rule.Prefix === UPLOADS_INCOMING_PREFIX)!;
    expect(abandoned).toMatchObject({ ExpirationInDays: 2, Status: 'Enabled' });
    expect(UPLOADS_INCOMING_PREFIX).toBe('incoming/');
  });

  it("deletes people's data archives (exports/) a day after their link expires, old versions too", () => {
    const rules = json.Resources[result.uploadsBucketLogicalId]!.Properties!.LifecycleConfiguration.Rules as Record<
      string,
      any
    >[];
    expect(rules.find((rule) => rule.Prefix === DATA_EXPORTS_PREFIX)).toMatchObject({
      ExpirationInDays: ARCHIVE_DAYS + 1,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      Status: 'Enabled',
    });
  });
});

describe('least privilege: each row’s grants, checked against what its handler’s code calls', () => {
  const statementsOf = (functionId: string): Statement[] => {
    const role = refOf(json.Resources[functionId]!.Properties!.Role)!;
    return policiesOf(json)
      .filter(([, p]) => (p.Roles as unknown[]).some((r) => refOf(r) === role))
      .flatMap(([, p]) => p.PolicyDocument.Statement as Statement[]);
  };
  const actionsOf = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat());
  const env = (functionId: string) =>
    json.Resources[functionId]!.Properties!.Environment.Variables as Record<string, unknown>;

  it('derives the grants from what the code calls', () => {
    expect(analyzeHandler(ROOT, 'functions/platform/http/health.ts').grants).toEqual([]);
    expect(analyzeHandler(ROOT, 'functions/features/users/reactions/cognito-groups.ts').grants).toContain(
      'identity:groups',
    );
    expect(analyzeHandler(ROOT, 'functions/features/users/triggers/post-confirmation.ts').grants).toEqual([
      'bus:publish',
      'events:append',
      'events:read',
      'views:read',
    ]);
    // A handler that reads events keeps the store's reading half, not the command that appends.
    const activity = analyzeHandler(ROOT, 'functions/features/activity/http/global.ts').grants;
    expect(activity).toEqual(expect.arrayContaining(['events:read', 'views:read']));
    for (const grant of ['events:append', 'events:mark', 'bus:publish', 'views:write'])
      expect(activity).not.toContain(grant);
    // One that reads only views keeps no event store at all, and a GET route no idempotency claims
    // (its bundle has no claim middleware: __ROUTE_TAKES_POST__).
    expect(analyzeHandler(ROOT, 'functions/features/projects/http/list.ts').grants).toEqual(['views:read']);
    expect(analyzeHandler(ROOT, 'functions/features/projects/http/create.ts').grants).toContain('views:claim');
    // A module kept only for its import of a package brings no grant: the team's reads send no
    // mail, the WebSocket's $connect posts to no connection.
    expect(analyzeHandler(ROOT, 'functions/features/teams/http/get.ts').grants).not.toContain('mail:send');
    expect(analyzeHandler(ROOT, 'functions/features/teams/http/invite-create.ts').grants).toContain('mail:send');
    expect(analyzeHandler(ROOT, 'functions/features/live/socket/connect.ts').grants).not.toContain('realtime:post');
    expect(analyzeHandler(ROOT, 'functions/app/projections-consumer.ts').grants).toContain('views:write');
    expect(analyzeHandler(ROOT, 'functions/app/outbox-sweeper.ts').grants).toEqual([
      'bus:publish',
      'events:mark',
      'events:read',
      'views:read',
    ]);
  });

  const rows = [...routes, ...consumers, ...triggers, ...schedules, ...realtimeRoutes];

  it.each(
    rows.map(
      (row) => ['method' in row ? `${row.method} ${row.path}` : 'route' in row ? row.route : row.name, row] as const,
    ),
  )('%s declares exactly the grants its handler’s code calls', (_name, row) => {
    const { grants } = analyzeHandler(ROOT, row.handler);
    // Covers what the code calls (missing: AccessDenied in the cloud) and holds nothing it never uses.
    expect([...row.grants].sort(), row.handler).toEqual(grants);
    for (const grant of row.grants) expect(GRANTS).toContain(grant);
  });

  it('gives each function the capabilities of its rows’ grants, and only those', () => {
    for (const fn of result.functions)
      expect(fn.capabilities, fn.handler).toEqual(capabilitiesOf(declaredGrants(fn.handler)));
  });

  it(
    'lets the function of the password-reset routes set a password and verify the e-mail, and the sessions reactor ' +
      'sign out (Cognito admin API)',
    () => {
      const fn = result.functions.find((entry) => entry.handler === 'functions/features/users/http/password-reset.ts')!;
      expect(fn.capabilities).toContain('cognito');
      const actions = actionsOf(statementsOf(fn.logicalId));
      for (const action of ['AdminSetUserPassword', 'AdminGetUser', 'AdminUpdateUserAttributes'])
        expect(actions).toContain(`cognito-idp:${action}`);
      // The reset ends the sessions with an event; the sessions reactor signs the account out.
      const reactor = result.functions.find(
        (entry) => entry.handler === 'functions/features/users/reactions/sessions.ts',
      )!;
      expect(actionsOf(statementsOf(reactor.logicalId)).filter((a) => a.startsWith('cognito-idp:'))).toEqual([
        'cognito-idp:AdminUserGlobalSignOut',
      ]);
    },
  );

  it(
    'names adapter modules that still exist (a rename must update capabilities.ts; permissions stay with ' +
      'the rows)',
    () => {
      const named = [
        ...Object.keys(MODULE_GRANTS),
        ...Object.keys(ADAPTER_OPERATIONS),
        ...OPERATION_GRANTS.map((operation) => operation.definedIn),
      ];
      for (const module of named) expect(existsSync(path.join(ROOT, module)), module).toBe(true);
    },
  );

  const handlers = [
    ...new Set([...routes, ...consumers, ...triggers, ...schedules, ...realtimeRoutes].map((row) => row.handler)),
  ];

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
      actionsOf(statements.filter((s) => JSON.stringify(s.Resource).includes(logicalId))).some((a) =>
        a.startsWith('dynamodb:'),
      );
    expect(onTable(result.eventsTableLogicalId)).toBe(has('eventStore'));
    expect('EVENTS_TABLE' in variables).toBe(has('eventStore'));
    // Reading events opens personal fields, appending seals them (functions/platform/privacy).
    expect('KMS_KEY_ID' in variables && 'KEYS_TABLE' in variables).toBe(has('dataKeysOpen'));
    expect(actions.includes('kms:Decrypt')).toBe(has('dataKeysOpen'));
    expect(actions.includes('kms:GenerateDataKey')).toBe(has('dataKeysSeal'));
    expect(onTable(result.viewsTableLogicalId)).toBe(has('views'));
    expect('VIEWS_TABLE' in variables).toBe(has('views'));
    expect(onTable(result.connectionsTableLogicalId)).toBe(has('connections'));
    expect('CONNECTIONS_TABLE' in variables).toBe(has('connections'));
    expect(actions.includes('execute-api:ManageConnections')).toBe(has('realtime'));
    expect('REALTIME_MANAGEMENT_ENDPOINT' in variables).toBe(has('realtime'));
    expect('USER_POOL_CLIENT_ID' in variables).toBe(has('cognitoTokens'));
    expect(actions.includes('events:PutEvents')).toBe(has('publish'));
    expect('EVENT_BUS_NAME' in variables).toBe(has('eventbridge'));
    expect(actions.some((a) => a.startsWith('cognito-idp:'))).toBe(
      ['cognitoGroups', 'cognitoSignOut', 'cognitoPassword', 'cognitoDelete', 'cognitoAttributes', 'cognitoRead'].some(
        has,
      ),
    );
    expect(actions.includes('cognito-idp:AdminAddUserToGroup')).toBe(has('cognitoGroups'));
    expect(actions.includes('cognito-idp:AdminUserGlobalSignOut')).toBe(has('cognitoSignOut'));
    expect(actions.includes('cognito-idp:AdminDeleteUser')).toBe(has('cognitoDelete'));
    expect(actions.some((a) => a.startsWith('s3:'))).toBe(
      has('uploadsPut') || has('uploadsGet') || has('uploadsDelete') || has('uploadsErase'),
    );
    expect(actions.includes('s3:PutObject')).toBe(has('uploadsPut'));
    expect(actions.includes('s3:GetObject')).toBe(has('uploadsGet'));
    expect(actions.includes('s3:DeleteObject')).toBe(has('uploadsDelete') || has('uploadsErase'));
    // Only an erasure deletes a folder's every version.
    expect(actions.includes('s3:DeleteObjectVersion')).toBe(has('uploadsErase'));
    expect(actions.includes('s3:ListBucketVersions')).toBe(has('uploadsErase'));
    expect('UPLOADS_BUCKET' in variables).toBe(has('uploads'));
    expect(actions.some((a) => a.startsWith('bedrock:'))).toBe(has('bedrock'));
    expect(actions.some((a) => a.startsWith('ses:'))).toBe(has('ses'));
    expect(actions.some((a) => a.startsWith('secretsmanager:'))).toBe(has('stripe'));
    expect('STRIPE_SECRET_ARN' in variables).toBe(has('stripe'));
    // By the verb: only appenders write the events table, only the projector writes the views.
    const actionsOn = (logicalId: string) =>
      actionsOf(statements.filter((s) => JSON.stringify(s.Resource).includes(logicalId)));
    expect(actionsOn(result.eventsTableLogicalId).includes('dynamodb:PutItem')).toBe(has('eventStoreAppend'));
    expect(actionsOn(result.eventsTableLogicalId).includes('dynamodb:UpdateItem')).toBe(
      has('eventStoreAppend') || has('eventStoreMark'),
    );
    const onViews = actionsOn(result.viewsTableLogicalId);
    expect(onViews.some((a) => /PutItem|UpdateItem|DeleteItem|BatchWriteItem/.test(a))).toBe(
      has('viewsWrite') || has('viewsCount') || has('viewsClaim'),
    );
    expect(onViews.includes('dynamodb:BatchWriteItem')).toBe(has('viewsWrite'));
    expect(onViews.includes('dynamodb:DeleteItem')).toBe(has('viewsClaim'));
    expect(onViews.includes('dynamodb:UpdateItem')).toBe(has('viewsWrite') || has('viewsCount') || has('viewsClaim'));
    expect(
      actionsOn(result.eventsTableLogicalId).filter((a) =>
        /Scan|DeleteItem|BatchWriteItem|DescribeTable|ConditionCheckItem/.test(a),
      ),
    ).toEqual([]);
    expect(onViews.filter((a) => /Scan|DescribeTable|ConditionCheckItem/.test(a))).toEqual([]);
    // Cognito administration only where the identity adapter is in the bundle.
    const analysis = analyzeHandler(ROOT, handler);
    const identity = 'functions/platform/aws/identity.ts';
    if (actions.some((a) => a.startsWith('cognito-idp:'))) {
      expect(
        analysis.modules.includes(identity) || analysis.packages.includes('@aws-sdk/client-cognito-identity-provider'),
      ).toBe(true);
    }
    // No action wildcards anywhere in our functions' policies.
    expect(actions.filter((a) => a.includes('*'))).toEqual([]);

    if (has('bedrock')) {
      // cdk.json leaves it unset: the default model through the stack's geography (us-east-1 → us.).
      const model = context.bedrockModelId || defaultBedrockModel('us-east-1');
      expect(model).toMatch(/^us\./);
      expect(variables.BEDROCK_MODEL_ID).toBe(model);
      const resources = JSON.stringify(
        statements.filter((s) => actionsOf([s]).includes('bedrock:InvokeModel')).map((s) => s.Resource),
      );
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

  it('gives the handler of GET /api/projects (it reads views only) nothing on the events table nor the bus', () => {
    const fn = result.functions.find(
      (entry) => entry.handler === routes.find((r) => r.method === 'GET' && r.path === '/api/projects')!.handler,
    )!;
    const onEvents = actionsOf(
      statementsOf(fn.logicalId).filter((s) => JSON.stringify(s.Resource).includes(result.eventsTableLogicalId)),
    );
    expect(onEvents).toEqual([]);
    expect(actionsOf(statementsOf(fn.logicalId))).not.toContain('events:PutEvents');
  });

  it('lets the handler of GET /api/activity read the events table but not write it', () => {
    const fn = result.functions.find((entry) => entry.handler === 'functions/features/activity/http/global.ts')!;
    const onEvents = actionsOf(
      statementsOf(fn.logicalId).filter((s) => JSON.stringify(s.Resource).includes(result.eventsTableLogicalId)),
    );
    expect(onEvents.sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    expect(actionsOf(statementsOf(fn.logicalId))).not.toContain('events:PutEvents');
  });

  it('grants only the actions the adapters call', () => {
    const all = new Set(policiesOf(json).flatMap(([, p]) => actionsOf(p.PolicyDocument.Statement as Statement[])));
    const ours = result.functions.flatMap((fn) => actionsOf(statementsOf(fn.logicalId)));
    const fnActions = (handler: string) =>
      actionsOf(statementsOf(result.functions.find((fn) => fn.handler === handler)!.logicalId));
    expect(
      fnActions('functions/features/files/http/download.ts')
        .filter((a) => a.startsWith('s3:'))
        .sort(),
    ).toEqual(['s3:GetObject', 's3:ListBucket']);
    expect(fnActions('functions/features/files/http/upload.ts').filter((a) => a.startsWith('s3:'))).toEqual([
      's3:PutObject',
    ]);
    // 'Sign Out All Designers' ends sessions with events; the sessions reactor signs the accounts out.
    expect(
      fnActions('functions/features/designers/http/revoke-sessions.ts').filter((a) => a.startsWith('cognito-idp:')),
    ).toEqual([]);
    expect(
      fnActions('functions/features/users/reactions/sessions.ts').filter((a) => a.startsWith('cognito-idp:')),
    ).toEqual(['cognito-idp:AdminUserGlobalSignOut']);
    expect(new Set(ours.filter((a) => a.startsWith('cognito-idp:')))).toEqual(
      new Set([
        'cognito-idp:AdminAddUserToGroup',
        'cognito-idp:AdminRemoveUserFromGroup',
        'cognito-idp:AdminUserGlobalSignOut',
        // The password reset by our mailed link: the new password, the proven e-mail.
        'cognito-idp:AdminSetUserPassword',
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminUpdateUserAttributes',
        // An erasure deletes the account's user.
        'cognito-idp:AdminDeleteUser',
      ]),
    );
    // The designer invitation link's functions (one per route) hold no password rights; accepting
    // reads whether the caller's address is verified (AdminGetUser), nothing more.
    expect(
      fnActions('functions/features/designers/http/invite-details.ts').filter((a) => a.startsWith('cognito-idp:')),
    ).toEqual([]);
    expect(
      fnActions('functions/features/designers/http/invite-accept.ts').filter((a) => a.startsWith('cognito-idp:')),
    ).toEqual(['cognito-idp:AdminGetUser']);
    expect(new Set(ours.filter((a) => a.startsWith('s3:')))).toEqual(
      new Set([
        's3:GetObject',
        's3:PutObject',
        's3:DeleteObject',
        // An erasure: a folder's every version.
        's3:DeleteObjectVersion',
        's3:ListBucketVersions',
        's3:ListBucket',
      ]),
    );
    expect(new Set(ours.filter((a) => a.startsWith('ses:')))).toEqual(new Set(['ses:SendEmail']));
    expect(new Set(ours.filter((a) => a.startsWith('bedrock:')))).toEqual(new Set(['bedrock:InvokeModel']));
    expect(all.has('dynamodb:Scan')).toBe(false);
  });

  /** Files under functions/ whose text matches `pattern`, as repository paths. */
  const callers = (pattern: RegExp): string[] => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const file = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith('.ts') && pattern.test(readFileSync(path.join(ROOT, file), 'utf8'))) found.push(file);
      }
    };
    walk('functions');
    return found.sort();
  };
  it('recognises every call of the event store’s writing verbs', () => {
    // Appending goes through runCommand, publishing through the publisher, marking through the sweep.
    const calling = (operation: RegExp) =>
      callers(operation).filter(
        (file) => !OPERATION_GRANTS.some((known) => known.definedIn === file && known.call.source === operation.source),
      );
    expect(calling(/\.append\(/)).toEqual(['functions/platform/event-store/command.ts']);
    expect(calling(/\.publish\(/)).toEqual(['functions/platform/event-store/command.ts']);
    expect(calling(/\bsweepOutbox\(/)).toEqual(['functions/app/outbox-sweeper.ts']);
    // Any other module that sends its own DynamoDB writes must say which grant it needs.
    const ownWriters = callers(/\bnew (PutCommand|UpdateCommand|DeleteCommand|BatchWriteCommand)\(/).filter(
      (file) =>
        file !== 'functions/platform/event-store/event-store.ts' &&
        file !== 'functions/platform/event-store/event-log.ts',
    );
    // (A module no function bundles yet, such as the privacy keys before they are wired, needs none.)
    const bundled = new Set(handlers.flatMap((handler) => analyzeHandler(ROOT, handler).modules));
    for (const file of ownWriters.filter((writer) => bundled.has(writer)))
      expect(Object.keys(MODULE_GRANTS), `${file} writes DynamoDB items itself`).toContain(file);
  });

  it('knows every operation of the identity and storage adapters', () => {
    for (const [adapter, operations] of Object.entries(ADAPTER_OPERATIONS)) {
      const source = readFileSync(path.join(ROOT, adapter), 'utf8');
      // Every method or exported function that returns a promise is a call to the service.
      const offered = [
        ...source.matchAll(/^\s*(?:export\s+)?(?:async\s+)?(?:function\s+)?(\w+)\([^)]*\)\s*:\s*Promise</gm),
      ].map((m) => m[1]!);
      expect(offered.sort(), adapter).toEqual(Object.keys(operations).sort());
    }
  });

  it('lets the quota counters and idempotency claims write only their own items in the views table', () => {
    expect(readFileSync(path.join(ROOT, 'functions/platform/quotas.ts'), 'utf8')).toContain(
      `pk: \`${QUOTA_KEY_PREFIX}`,
    );
    expect(readFileSync(path.join(ROOT, 'functions/platform/event-store/idempotency.ts'), 'utf8')).toContain(
      `pk: \`${IDEMPOTENCY_KEY_PREFIX}`,
    );
    const notifications = readFileSync(path.join(ROOT, 'functions/features/notifications/store.ts'), 'utf8');
    for (const prefix of NOTIFICATION_KEY_PREFIXES) expect(notifications).toContain(`pk: \`${prefix}`);
    expect(readFileSync(path.join(ROOT, 'functions/features/users/sign-in-answers.ts'), 'utf8')).toContain(
      `pk: \`${SIGN_IN_ANSWER_KEY_PREFIX}`,
    );
    const statements = policiesOf(json).flatMap(
      ([, p]) => p.PolicyDocument.Statement as (Statement & { Sid?: string })[],
    );
    const bySid = (sid: string) => statements.filter((s) => s.Sid === sid);
    expect(bySid('ViewsQuotaCounters').length).toBeGreaterThan(0);
    expect(bySid('ViewsIdempotencyClaims').length).toBeGreaterThan(0);
    for (const s of bySid('ViewsQuotaCounters'))
      expect(s.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${QUOTA_KEY_PREFIX}*`] } });
    for (const s of bySid('ViewsIdempotencyClaims')) {
      expect(s.Condition).toEqual({
        'ForAllValues:StringLike': {
          'dynamodb:LeadingKeys': [IDEMPOTENCY_KEY_PREFIX, ...NOTIFICATION_KEY_PREFIXES, SIGN_IN_ANSWER_KEY_PREFIX].map(
            (prefix) => `${prefix}*`,
          ),
        },
      });
    }
  });

  it('lets only the stack’s publishing roles put the product’s events on the bus', () => {
    const policies = resourcesOf(json, 'AWS::Events::EventBusPolicy').filter(
      ([, p]) => refOf(p.EventBusName) === result.busLogicalId,
    );
    expect(policies).toHaveLength(1);
    const statement = policies[0]![1].Statement as Statement & { Sid: string };
    expect(statement).toMatchObject({ Effect: 'Deny', Action: 'events:PutEvents', Principal: { AWS: '*' } });
    expect(statement.Condition!.StringEquals).toEqual({ 'events:source': 'design-club' });
    expect(statement.Condition!.Null).toEqual({ 'aws:PrincipalArn': 'false' });
    const allowed = new Set((statement.Condition!.ArnNotEquals['aws:PrincipalArn'] as unknown[]).map(refOf));
    const publishers = new Set(
      result.functions
        .filter((fn) => fn.capabilities.includes('publish'))
        .map((fn) => refOf(json.Resources[fn.logicalId]!.Properties!.Role)),
    );
    expect(allowed).toEqual(publishers);
    // Every role that may put events is one of them.
    for (const fn of result.functions) {
      const puts = actionsOf(statementsOf(fn.logicalId)).includes('events:PutEvents');
      expect(puts, fn.handler).toBe(allowed.has(refOf(json.Resources[fn.logicalId]!.Properties!.Role)));
    }
  });

  it('gives the billing, upload and checklist handlers the capabilities the product needs', () => {
    const caps = (handler: string) => result.functions.find((fn) => fn.handler === handler)?.capabilities ?? [];
    expect(caps('functions/features/billing/http/webhook.ts')).toContain('stripe');
    expect(caps('functions/features/files/http/upload.ts')).toContain('uploads');
    expect(caps('functions/features/checklists/http/generate.ts')).toContain('bedrock');
  });
});
