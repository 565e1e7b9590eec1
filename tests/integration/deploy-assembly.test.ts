import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, CfnOutput, NestedStack, Stack } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { CfnApi, CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { UserPool, UserPoolEmail } from 'aws-cdk-lib/aws-cognito';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readStackNeeds } from '../../infra/deploy/assembly.js';
import { answerAs, healthyAccount, PROFILE, type AwsAccount } from '../support/aws-endpoints/account.js';
import { FAKE_CREDENTIALS, startAwsEndpoint, type AwsEndpoint } from '../support/aws-endpoints/server.js';

/**
 * What the deploy checks read from a synthesized assembly (CDK's own output: manifest, asset
 * manifest, parent and nested templates), and `npm run deploy -- --checks-only --app <assembly>`
 * end to end: the script's SDK clients reach the local wire endpoint through AWS_ENDPOINT_URL, the
 * SDK's own setting, so nothing in the script knows it is being tested.
 */
const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'deploy-assembly-'));
const STACK = 'DesignClub-dev';

/** A stack shaped as ours is where the checks look: env vars, outputs, pool, stages, nested stack. */
function synthesize(
  outdir: string,
  {
    setsLoggingRole,
    cognitoViaSes,
    eventsGeneration,
  }: { setsLoggingRole: boolean; cognitoViaSes: boolean; eventsGeneration?: string },
): string {
  const app = new App({ outdir });
  const stack = new Stack(app, STACK, { env: { region: 'us-east-1' } });
  const stripe = Secret.fromSecretNameV2(stack, 'StripeSecret', 'design-club/dev/stripe');
  const code = Code.fromInline('export const handler = async () => ({})');
  const checklist = new LambdaFunction(stack, 'Checklist', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code,
    reservedConcurrentExecutions: 5,
    environment: {
      BEDROCK_MODEL_ID: PROFILE,
      MAIL_FROM: 'no-reply@designclub.test',
      STRIPE_SECRET_ARN: stripe.secretArn,
    },
  });
  checklist.addAlias('live', { provisionedConcurrentExecutions: 2 });
  new LambdaFunction(new NestedStack(stack, 'Deploys'), 'Nested', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code,
    reservedConcurrentExecutions: 3,
  });
  const websocket = new CfnApi(stack, 'Realtime', {
    name: 'realtime',
    protocolType: 'WEBSOCKET',
    routeSelectionExpression: '$request.body.action',
  });
  new CfnStage(stack, 'RealtimeStage', {
    apiId: websocket.ref,
    stageName: 'live',
    accessLogSettings: {
      destinationArn: 'arn:aws:logs:us-east-1:123456789012:log-group:ws',
      format: '$context.requestId',
    },
  });
  const http = new CfnApi(stack, 'Api', { name: 'api', protocolType: 'HTTP' });
  new CfnStage(stack, 'ApiStage', {
    apiId: http.ref,
    stageName: '$default',
    accessLogSettings: {
      destinationArn: 'arn:aws:logs:us-east-1:123456789012:log-group:http',
      format: '$context.requestId',
    },
  });
  if (setsLoggingRole)
    new CfnAccount(stack, 'ApiGatewayAccount', {
      cloudWatchRoleArn: 'arn:aws:iam::123456789012:role/DesignClub-dev-ApiGatewayLogs',
    });
  new UserPool(
    stack,
    'Users',
    cognitoViaSes
      ? {
          email: UserPoolEmail.withSES({
            fromEmail: 'no-reply@designclub.test',
            fromName: 'Design Club',
            sesRegion: 'us-east-1',
          }),
        }
      : {},
  );
  new CfnOutput(stack, 'StripeSecretName', { value: 'design-club/dev/stripe' });
  // As app-stack.ts publishes it; the plain assembly has none, as a stack from before generations.
  if (eventsGeneration) new CfnOutput(stack, 'EventsGeneration', { value: eventsGeneration });
  app.synth();
  return outdir;
}

let plain: string;
let withRole: string;
beforeAll(() => {
  plain = synthesize(join(dir, 'plain'), { setsLoggingRole: false, cognitoViaSes: true });
  withRole = synthesize(join(dir, 'with-role'), { setsLoggingRole: true, cognitoViaSes: false, eventsGeneration: '2' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the needs read from a synthesized assembly', () => {
  it(
    'finds the region, the bootstrap requirement, the ' + 'concurrency of every template, the sender, model and secret',
    () => {
      expect(readStackNeeds(plain, STACK)).toEqual({
        stackName: STACK,
        region: 'us-east-1',
        account: undefined,
        bootstrap: { version: 6, parameter: '/cdk-bootstrap/hnb659fds/version' },
        // The checklist in the parent, one function in the nested stack.
        concurrency: { functions: 2, reserved: 8, provisioned: 2 },
        senders: ['no-reply@designclub.test'],
        cognitoSesIdentity: 'no-reply@designclub.test',
        modelIds: [PROFILE],
        stripeSecretName: 'design-club/dev/stripe',
        // No EventsGeneration output: the first generation.
        eventsGeneration: 1,
        // The HTTP API's stage logs through a service-linked role; only the WebSocket stage needs the account's.
        apiGatewayLogging: { stagesNeedingRole: ['RealtimeStage'], createsRole: false },
      });
    },
  );

  it('sees the logging role the stack sets, and no Cognito identity when Cognito sends its own mail', () => {
    const needs = readStackNeeds(withRole, STACK);
    expect(needs.apiGatewayLogging).toEqual({ stagesNeedingRole: ['RealtimeStage'], createsRole: true });
    expect(needs.cognitoSesIdentity).toBeUndefined();
  });

  it("reads the events generation from the parent template's EventsGeneration output", () => {
    expect(readStackNeeds(withRole, STACK).eventsGeneration).toBe(2);
  });

  it('refuses an assembly without the stack', () => {
    expect(() => readStackNeeds(plain, 'DesignClub-prod')).toThrow(/DesignClub-prod/);
  });
});

describe('npm run deploy -- --checks-only --app <assembly>', () => {
  let wire: AwsEndpoint;
  let account: AwsAccount;
  beforeAll(async () => {
    wire = await startAwsEndpoint();
    wire.answer((request) => answerAs(account)(request));
  });
  afterAll(() => wire.close());
  beforeEach(() => {
    account = healthyAccount();
    // The plain assembly's pool sends through the address identity, so verify it too.
    account.ses.identities['no-reply@designclub.test'] = { type: 'EMAIL_ADDRESS', status: 'SUCCESS' };
    account.apiGatewayRoleArn = 'arn:aws:iam::123456789012:role/APIGatewayCloudWatchLogs';
    wire.reset();
  });

  const deploy = (...args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['bin/deploy.ts', ...args], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: dir,
          AWS_ENDPOINT_URL: wire.url,
          AWS_ACCESS_KEY_ID: FAKE_CREDENTIALS.accessKeyId,
          AWS_SECRET_ACCESS_KEY: FAKE_CREDENTIALS.secretAccessKey,
          AWS_REGION: 'us-east-1',
          AWS_CONFIG_FILE: join(dir, 'no-config'),
          AWS_SHARED_CREDENTIALS_FILE: join(dir, 'no-credentials'),
        },
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (out += chunk));
      child.on('close', (code) => resolve({ code, out }));
    });

  it('a healthy account: the report says ready, exit 0', async () => {
    const { code, out } = await deploy('--checks-only', '--app', plain);
    expect(out).toContain(`Checks before deploying ${STACK} to account 123456789012, us-east-1:`);
    expect(out).toContain('Ready: nothing missing.');
    expect(code).toBe(0);
    // The checks asked about what the assembly names, not about cdk.json's defaults.
    expect(wire.seen.map(({ service, path }) => `${service} ${path}`)).toEqual(
      expect.arrayContaining([
        'ses /v2/email/identities/no-reply@designclub.test',
        `bedrock /inference-profiles/${PROFILE}`,
      ]),
    );
  });

  it('a fresh account: each missing item with its fix, exit 5', async () => {
    account.concurrentExecutions = 10;
    account.secrets = {};
    account.apiGatewayRoleArn = undefined;
    const { code, out } = await deploy('--checks-only', '--app', plain);
    expect(out).toContain(
      "[MISSING] Lambda concurrency: the account allows 10 concurrent executions in us-east-1; the stack's 2 " +
        'functions need at least 110 (8 reserved + 2 provisioned + 100 unreserved).',
    );
    expect(out).toContain(
      'aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384',
    );
    expect(out).toContain('aws secretsmanager create-secret --name design-club/dev/stripe --region us-east-1');
    expect(out).toContain('[MISSING] API Gateway logging role: none set in us-east-1');
    expect(out).toContain('3 missing: fix them as shown, or deploy with --skip-checks if you know better.');
    expect(code).toBe(5);
  });

  it('a deploy with something missing stops before cdk runs: nothing diffed, nothing deployed', async () => {
    account.ses.productionAccess = false;
    const { code, out } = await deploy('--yes', '--app', plain);
    expect(out).toContain('[MISSING] SES production access');
    expect(out).toContain(
      'Nothing was deployed: fix what is missing above, or deploy with --skip-checks if you know better.',
    );
    expect(out).not.toContain('$ npx cdk');
    expect(code).toBe(5);
  });

  it('an assembly for a lower events generation than the deployed stack: stopped, with the command', async () => {
    account.stacks[STACK] = { outputs: { EventsGeneration: '2' } };
    const { code, out } = await deploy('--checks-only', '--app', plain);
    expect(out).toContain(
      '[MISSING] Events table generation: DesignClub-dev runs on events generation 2, this assembly on 1',
    );
    expect(out).toContain('npm run deploy -- --stage dev -c eventsGeneration=2');
    expect(code).toBe(5);
  });

  it('a stack that sets the logging role: no failure for a region without one', async () => {
    account.apiGatewayRoleArn = undefined;
    const { code, out } = await deploy('--checks-only', '--app', withRole);
    expect(out).toContain('[note   ] API Gateway logging role: none set in us-east-1; the stack sets its own.');
    expect(code).toBe(0);
  });

  it('refuses contradicting flags and an assembly without the stage', async () => {
    expect((await deploy('--checks-only', '--skip-checks', '--app', plain)).code).toBe(2);
    expect((await deploy('--checks-only', '--app', plain, '-c', 'senderEmail=a@b.test')).code).toBe(2);
    const missingStage = await deploy('--checks-only', '--stage', 'prod', '--app', plain);
    expect(missingStage.out).toContain('has no readable DesignClub-prod');
    expect(missingStage.code).toBe(1);
    expect(wire.seen).toEqual([]);
  });
});
