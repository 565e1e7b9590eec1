import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BOOTSTRAP_PARAMETER, type StackNeeds } from '../../infra/deploy/assembly.js';
import { formatReport, type CheckResult } from '../../infra/deploy/outcome.js';
import { gate, PREFLIGHT_FAILED, runPreflight } from '../../infra/deploy/preflight.js';
import { answerAs, healthyAccount, MODEL, PROFILE, type AwsAccount } from '../support/aws-endpoints/account.js';
import { FAKE_CREDENTIALS, startAwsEndpoint, type AwsEndpoint } from '../support/aws-endpoints/server.js';

/**
 * `npm run deploy`'s checks through the SDK's own clients (STS, SSM, Lambda, SESv2, Bedrock, API
 * Gateway, Secrets Manager, CloudFormation) and their transport, against one local endpoint answering in each
 * service's wire format as a given account would.
 */
let wire: AwsEndpoint;
let account: AwsAccount;

beforeAll(async () => {
  wire = await startAwsEndpoint();
  wire.answer((request) => answerAs(account)(request));
});
afterAll(() => wire.close());
beforeEach(() => {
  account = healthyAccount();
  wire.reset();
});

const stackNeeds = (overrides: Partial<StackNeeds> = {}): StackNeeds => ({
  stackName: 'DesignClub-dev',
  region: 'us-east-1',
  bootstrap: { version: 6, parameter: DEFAULT_BOOTSTRAP_PARAMETER },
  concurrency: { functions: 67, reserved: 0, provisioned: 0 },
  senders: ['no-reply@designclub.test'],
  modelIds: [PROFILE],
  stripeSecretName: 'design-club/dev/stripe',
  eventsGeneration: 1,
  apiGatewayLogging: { stagesNeedingRole: ['RealtimeStage'], createsRole: true },
  ...overrides,
});

const check = (needs: StackNeeds = stackNeeds()) =>
  runPreflight(needs, { endpoint: wire.url, credentials: FAKE_CREDENTIALS });
const find = (results: CheckResult[], name: string) => {
  const found = results.filter((result) => result.check.startsWith(name));
  expect(found, `no result for ${name}: ${results.map((result) => result.check).join(', ')}`).toHaveLength(1);
  return found[0]!;
};
const fixText = (result: CheckResult) => (result.fix ?? []).join('\n');

describe('a healthy account', () => {
  it('passes every check: nothing missing, the deploy goes on', async () => {
    const { account: id, region, results } = await check();
    expect({ id, region }).toEqual({ id: '123456789012', region: 'us-east-1' });
    expect(results.filter((result) => result.outcome === 'missing' || result.outcome === 'unchecked')).toEqual([]);
    expect(gate(results)).toBe(0);
    for (const name of [
      'AWS credentials',
      'CDK bootstrap',
      'Lambda concurrency',
      'SES production access',
      'SES sender',
      `Bedrock model ${PROFILE}`,
      `Bedrock model access ${PROFILE}`,
      'Stripe secret',
      'Events table generation',
    ]) {
      expect(find(results, name).outcome).toBe('ok');
    }
    expect(find(results, 'CDK bootstrap').detail).toContain('version 27');
    expect(formatReport(results, 'DesignClub-dev')).toMatch(/Ready: nothing missing\.$/);
  });

  it('asks each service what the stack needs, as the SDK serializes it', async () => {
    await check();
    const asked = wire.seen.map(({ service, operation, method, path, body }) => {
      const call = operation ?? `${method} ${path}`;
      return `${service} ${call}${operation && operation !== 'GetCallerIdentity' ? ` ${body}` : ''}`;
    });
    expect(asked).toEqual(
      expect.arrayContaining([
        'sts GetCallerIdentity',
        `ssm GetParameter {"Name":"${DEFAULT_BOOTSTRAP_PARAMETER}"}`,
        'lambda GET /2016-08-19/account-settings',
        'ses GET /v2/email/account',
        'ses GET /v2/email/identities/no-reply@designclub.test',
        'ses GET /v2/email/identities/designclub.test',
        `bedrock GET /inference-profiles/${PROFILE}`,
        `bedrock GET /foundation-model-availability/${MODEL}`,
        'apigateway GET /account',
        'secretsmanager DescribeSecret {"SecretId":"design-club/dev/stripe"}',
      ]),
    );
    const describeStacks = wire.seen.filter((request) => request.operation === 'DescribeStacks');
    expect(describeStacks.map((request) => request.service)).toEqual(['cloudformation']);
    expect(Object.fromEntries(new URLSearchParams(describeStacks[0]!.body))).toMatchObject({
      Action: 'DescribeStacks',
      StackName: 'DesignClub-dev',
    });
  });
});

describe('each missing item is reported with its fix, and stops the deploy', () => {
  const missing = async (needs?: StackNeeds) => {
    const { results } = await check(needs);
    expect(gate(results)).toBe(PREFLIGHT_FAILED);
    expect(formatReport(results, 'DesignClub-dev')).toMatch(/\d+ missing: fix .* or deploy with --skip-checks/);
    return results;
  };

  it('an account never bootstrapped in the region', async () => {
    account.parameters = {};
    const result = find(await missing(), 'CDK bootstrap');
    expect(result).toMatchObject({ outcome: 'missing', detail: expect.stringContaining('not bootstrapped') });
    expect(fixText(result)).toBe('npx cdk bootstrap aws://123456789012/us-east-1');
  });

  it('a bootstrap older than the assembly requires', async () => {
    account.parameters[DEFAULT_BOOTSTRAP_PARAMETER] = '14';
    const result = find(
      await missing(stackNeeds({ bootstrap: { version: 21, parameter: DEFAULT_BOOTSTRAP_PARAMETER } })),
      'CDK bootstrap',
    );
    expect(result.detail).toBe('version 14 in us-east-1; the stack needs 21 or later.');
    expect(fixText(result)).toContain('npx cdk bootstrap aws://123456789012/us-east-1');
  });

  it("a new account's concurrency quota of 10", async () => {
    account.concurrentExecutions = 10;
    const result = find(await missing(), 'Lambda concurrency');
    expect(result.detail).toContain('allows 10 concurrent executions');
    expect(result.detail).toContain('need at least 100 (0 reserved + 100 unreserved)');
    expect(fixText(result)).toContain(
      'aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 ' +
        '--desired-value 1000 --region us-east-1',
    );
  });

  it('a quota below what the stack reserves plus the unreserved 100', async () => {
    account.concurrentExecutions = 120;
    const result = find(
      await missing(stackNeeds({ concurrency: { functions: 67, reserved: 40, provisioned: 5 } })),
      'Lambda concurrency',
    );
    expect(result.detail).toContain('need at least 145 (40 reserved + 5 provisioned + 100 unreserved)');
  });

  it('SES still in the sandbox, no request made', async () => {
    account.ses.productionAccess = false;
    const result = find(await missing(), 'SES production access');
    expect(result.detail).toContain('SES sandbox');
    expect(result.detail).toContain('No request was made.');
    expect(fixText(result)).toContain('https://us-east-1.console.aws.amazon.com/ses/home?region=us-east-1#/get-set-up');
    expect(fixText(result)).toContain(
      'aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL',
    );
  });

  it('SES production access requested and pending', async () => {
    account.ses.productionAccess = false;
    account.ses.review = { Status: 'PENDING', CaseId: '17012345678' };
    const result = find(await missing(), 'SES production access');
    expect(result.detail).toContain('The request is pending (support case 17012345678).');
    expect(fixText(result)).toMatch(/^Wait for the answer/);
  });

  it('SES sending paused for the account', async () => {
    account.ses.sendingEnabled = false;
    expect(fixText(find(await missing(), 'SES sending'))).toBe(
      'aws sesv2 put-account-sending-attributes --sending-enabled --region us-east-1',
    );
  });

  it('a sender whose address and domain are not SES identities', async () => {
    account.ses.identities = {};
    const result = find(await missing(), 'SES sender');
    expect(result.detail).toContain(
      'neither no-reply@designclub.test nor designclub.test is an SES identity in us-east-1',
    );
    expect(fixText(result)).toContain(
      'aws sesv2 create-email-identity --email-identity designclub.test --region us-east-1',
    );
    expect(fixText(result)).toContain(
      'aws sesv2 create-email-identity --email-identity no-reply@designclub.test --region us-east-1',
    );
  });

  it('a domain whose DKIM records are not published yet: the records to publish', async () => {
    account.ses.identities['designclub.test']!.status = 'PENDING';
    const result = find(await missing(), 'SES sender');
    expect(result.detail).toContain('the domain designclub.test is pending');
    expect(fixText(result)).toContain('tok1._domainkey.designclub.test  CNAME  tok1.dkim.amazonses.com');
    expect(fixText(result)).toContain('tok3._domainkey.designclub.test  CNAME  tok3.dkim.amazonses.com');
  });

  it('the placeholder sender of a reserved example domain', async () => {
    const result = find(await missing(stackNeeds({ senders: ['no-reply@example.com'] })), 'SES sender');
    expect(result.detail).toContain('placeholder');
    expect(fixText(result)).toContain('-c senderEmail=');
  });

  it('a stack that names no sender at all', async () => {
    expect(fixText(find(await missing(stackNeeds({ senders: [] })), 'SES sender'))).toContain('-c senderEmail=');
  });

  it('Cognito sending through an address identity when only the domain is verified', async () => {
    const result = find(
      await missing(stackNeeds({ cognitoSesIdentity: 'no-reply@designclub.test' })),
      'Cognito mail through SES',
    );
    expect(result.detail).toContain('a verified domain does not count here');
    expect(fixText(result)).toContain(
      'aws sesv2 create-email-identity --email-identity no-reply@designclub.test --region us-east-1',
    );
    expect(fixText(result)).toContain('-c cognitoEmailViaSes=false');
  });

  it('an inference profile the region does not have', async () => {
    account.bedrock.inferenceProfiles = {};
    const result = find(await missing(stackNeeds({ region: 'eu-west-1' })), `Bedrock model ${PROFILE}`);
    expect(result.detail).toBe(`no inference profile ${PROFILE} in eu-west-1.`);
    expect(fixText(result)).toContain('aws bedrock list-inference-profiles --region eu-west-1');
    expect(fixText(result)).toContain('-c bedrockModelId=');
  });

  it("Anthropic's first-use form not submitted", async () => {
    account.bedrock.availability[MODEL]!.authorization = 'NOT_AUTHORIZED';
    const result = find(await missing(), `Bedrock model access ${PROFILE}`);
    expect(result.detail).toContain('first-use form');
    expect(result.detail).toContain('falls back to the local estimator');
    expect(fixText(result)).toContain('Submit use case details');
  });

  it('no Marketplace subscription yet: invoke once with aws-marketplace:Subscribe', async () => {
    account.bedrock.availability[MODEL] = {
      agreement: 'NOT_AVAILABLE',
      authorization: 'AUTHORIZED',
      entitlement: 'NOT_AVAILABLE',
      region: 'AVAILABLE',
    };
    const text = fixText(find(await missing(), `Bedrock model access ${PROFILE}`));
    expect(text).toContain('aws-marketplace:Subscribe');
    expect(text).toContain(`aws bedrock-runtime converse --model-id ${PROFILE} --region us-east-1`);
  });

  it('a foundation model that cannot be invoked on demand', async () => {
    const result = find(await missing(stackNeeds({ modelIds: [MODEL] })), `Bedrock model ${MODEL}`);
    expect(result.detail).toContain('only through an inference profile');
  });

  it('an on-demand model the region does not offer', async () => {
    account.bedrock.foundationModels[MODEL]!.inferenceTypes = ['ON_DEMAND'];
    account.bedrock.availability[MODEL]!.region = 'NOT_AVAILABLE';
    const result = find(await missing(stackNeeds({ modelIds: [MODEL] })), `Bedrock model access ${MODEL}`);
    expect(result.detail).toContain('the model is not available in us-east-1');
  });

  it('no API Gateway logging role when the stack does not set one', async () => {
    const result = find(
      await missing(stackNeeds({ apiGatewayLogging: { stagesNeedingRole: ['RealtimeStage'], createsRole: false } })),
      'API Gateway logging role',
    );
    expect(result.detail).toContain('CloudWatch Logs role ARN must be set in account settings');
    expect(fixText(result)).toContain(
      'aws apigateway update-account --region us-east-1 --patch-operations ' +
        'op=replace,path=/cloudwatchRoleArn,value=arn:aws:iam::123456789012:role/APIGatewayCloudWatchLogs',
    );
  });

  it('no Stripe secret', async () => {
    account.secrets = {};
    const result = find(await missing(), 'Stripe secret');
    expect(result.detail).toContain('no secret design-club/dev/stripe in us-east-1');
    expect(fixText(result)).toContain(
      'aws secretsmanager create-secret --name design-club/dev/stripe --region us-east-1',
    );
  });

  it('a Stripe secret scheduled for deletion', async () => {
    account.secrets['design-club/dev/stripe'] = { deletedDate: new Date('2026-11-20T10:00:00Z') };
    const result = find(await missing(), 'Stripe secret');
    expect(result.detail).toContain('scheduled for deletion (since 2026-11-20)');
    expect(fixText(result)).toBe(
      'aws secretsmanager restore-secret --secret-id design-club/dev/stripe --region us-east-1',
    );
  });

  it('credentials STS refuses: reported alone, nothing else is asked, and no --skip-checks offered', async () => {
    account.credentialsRejected = true;
    const { results } = await check();
    expect(gate(results)).toBe(PREFLIGHT_FAILED);
    // Nothing can be deployed without credentials: no flag to offer.
    expect(formatReport(results, 'DesignClub-dev')).toMatch(/1 missing: fix it as shown, then run the deploy again\.$/);
    expect(formatReport(results, 'DesignClub-dev')).not.toContain('--skip-checks');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      check: 'AWS credentials',
      outcome: 'missing',
      detail: expect.stringContaining('InvalidClientTokenId'),
    });
    expect(wire.seen.map((request) => request.service)).toEqual(['sts']);
  });
});

describe('checks the credentials may not run', () => {
  const cases: [action: string, check: string][] = [
    ['ssm:GetParameter', 'CDK bootstrap'],
    ['lambda:GetAccountSettings', 'Lambda concurrency'],
    ['ses:GetAccount', 'SES production access'],
    ['ses:GetEmailIdentity', 'SES sender'],
    ['bedrock:GetInferenceProfile', `Bedrock model ${PROFILE}`],
    ['bedrock:GetFoundationModelAvailability', `Bedrock model access ${PROFILE}`],
    ['apigateway:GET', 'API Gateway logging role'],
    ['secretsmanager:DescribeSecret', 'Stripe secret'],
  ];

  it.each(cases)(
    'AccessDenied on %s: "%s" could not be checked, with the action named, and the deploy goes on',
    async (action, name) => {
      account.denied = [action];
      const { results } = await check();
      const result = find(results, name);
      expect(result.outcome).toBe('unchecked');
      expect(result.detail).toMatch(/^could not check: your credentials may not call .* \(AccessDeniedException\)\.$/);
      expect(result.detail).toContain(action);
      expect(fixText(result)).toContain(`Allow the IAM action ${action}`);
      expect(gate(results)).toBe(0);
    },
  );

  it('every check denied at once: nothing missing, each could not be checked', async () => {
    account.denied = cases.map(([action]) => action);
    const { results } = await check();
    expect(gate(results)).toBe(0);
    expect(results.filter((result) => result.outcome === 'unchecked').length).toBeGreaterThanOrEqual(7);
    expect(formatReport(results, 'DesignClub-dev')).toMatch(
      /Ready: nothing missing \(\d+ could not be checked with these credentials\)\.$/,
    );
  });
});

describe('notes that decide nothing', () => {
  it('the region already logs through another role: the stack replaces it, and says so', async () => {
    account.apiGatewayRoleArn = 'arn:aws:iam::123456789012:role/legacy-apigw-logs';
    const result = find((await check()).results, 'API Gateway logging role');
    expect(result.outcome).toBe('note');
    expect(result.detail).toContain(
      'logs through arn:aws:iam::123456789012:role/legacy-apigw-logs; the stack replaces it with its own role',
    );
  });

  it('CloudFront verification is not checkable: said so, with the console step, never as ok', async () => {
    const result = find((await check()).results, 'CloudFront account verification');
    expect(result.outcome).toBe('note');
    expect(result.detail).toMatch(/^not checkable/);
    expect(fixText(result)).toContain('https://console.aws.amazon.com/support/home#/case/create');
  });

  it('a profile whose model does not run in this region: fine, the profile routes elsewhere', async () => {
    account.bedrock.availability[MODEL]!.region = 'NOT_AVAILABLE';
    const { results } = await check();
    expect(find(results, `Bedrock model access ${PROFILE}`).outcome).toBe('ok');
  });

  it('the profile could not be checked: access is still asked', async () => {
    account.denied = ['bedrock:GetInferenceProfile'];
    const { results } = await check();
    expect(find(results, `Bedrock model ${PROFILE}`).outcome).toBe('unchecked');
    expect(find(results, `Bedrock model access ${PROFILE}`).outcome).toBe('ok');
  });

  it('a Marketplace agreement still pending', async () => {
    account.bedrock.availability[MODEL]!.agreement = 'PENDING';
    const { results } = await check();
    expect(find(results, `Bedrock model access ${PROFILE}`)).toMatchObject({
      outcome: 'note',
      detail: expect.stringContaining('pending'),
    });
    expect(gate(results)).toBe(0);
  });
});

describe('the events generation the assembly was synthesized for, against the deployed stack', () => {
  /** Names as CloudFormation makes them from the logical id (infra/stack/data.ts: EventsTable, EventsTable2, …). */
  const GENERATION_1_TABLE = 'DesignClub-dev-DataEventsTable12345678-1Q2W3E4R5T6Y';
  const GENERATION_2_TABLE = 'DesignClub-dev-DataEventsTable2A1B2C3D4-7U8I9O0P1A2S';
  const deployed = (outputs: Record<string, string>, stackName = 'DesignClub-dev') => {
    account.stacks[stackName] = { outputs };
  };
  const generationCheck = async (eventsGeneration: number, stackName?: string) => {
    const { results } = await check(stackNeeds({ eventsGeneration, ...(stackName ? { stackName } : {}) }));
    return { results, result: find(results, 'Events table generation') };
  };

  it('a first deploy: no such stack yet, nothing to compare', async () => {
    const { results, result } = await generationCheck(2);
    expect(result).toMatchObject({ outcome: 'ok', detail: expect.stringContaining('not deployed yet') });
    expect(gate(results)).toBe(0);
  });

  it('the generation deployed: ok', async () => {
    deployed({ EventsGeneration: '2', EventsTableName: GENERATION_2_TABLE });
    const { results, result } = await generationCheck(2);
    expect(result).toEqual({ check: 'Events table generation', outcome: 'ok', detail: 'generation 2, as deployed.' });
    expect(gate(results)).toBe(0);
  });

  it('a lower generation (-c eventsGeneration forgotten): stops the deploy, with the fix', async () => {
    deployed({ EventsGeneration: '2', EventsTableName: GENERATION_2_TABLE }, 'DesignClub-staging');
    const { results, result } = await generationCheck(1, 'DesignClub-staging');
    expect(result.outcome).toBe('missing');
    expect(result.detail).toContain(
      'DesignClub-staging runs on events generation 2, this assembly on 1: deploying it would create an empty ' +
        'generation-1 events table and point every handler at it',
    );
    expect(result.fix?.[0]).toBe('npm run deploy -- --stage staging -c eventsGeneration=2');
    expect(gate(results)).toBe(PREFLIGHT_FAILED);
    expect(formatReport(results, 'DesignClub-staging')).toContain(
      '[MISSING] Events table generation: DesignClub-staging runs on events generation 2',
    );
  });

  it('a stack switched before it published its generation: read from its events table’s name', async () => {
    deployed({ EventsTableName: GENERATION_2_TABLE });
    const { results, result } = await generationCheck(1);
    expect(result.outcome).toBe('missing');
    expect(fixText(result)).toContain('npm run deploy -- --stage dev -c eventsGeneration=2');
    expect(gate(results)).toBe(PREFLIGHT_FAILED);
  });

  it('a stack that publishes no generation and runs on the first table: generation 1, ok', async () => {
    deployed({ EventsTableName: GENERATION_1_TABLE });
    expect((await generationCheck(1)).result).toMatchObject({ outcome: 'ok', detail: 'generation 1, as deployed.' });
  });

  it('a higher generation (the runbook’s switch): a note pointing at the migration; the deploy goes on', async () => {
    deployed({
      EventsGeneration: '1',
      EventsTableName: GENERATION_1_TABLE,
      NextEventsTableName: GENERATION_2_TABLE,
    });
    const { results, result } = await generationCheck(2);
    expect(result.outcome).toBe('note');
    expect(result.detail).toContain('this deploy moves every handler to the generation-2 table');
    expect(result.detail).toContain('docs/operations.md#migrating-a-store-written-before-sealing');
    expect(result.detail).not.toContain('empty');
    expect(gate(results)).toBe(0);
  });

  it('a higher generation never created beside the old table: the note says it would be empty', async () => {
    deployed({ EventsGeneration: '1', EventsTableName: GENERATION_1_TABLE });
    const { result } = await generationCheck(2);
    expect(result.outcome).toBe('note');
    expect(result.detail).toContain('no output NextEventsTableName');
    expect(result.detail).toContain('would create the generation-2 table empty');
  });

  it('credentials that may not describe the stack: could not check, with the action; the deploy goes on', async () => {
    deployed({ EventsGeneration: '2', EventsTableName: GENERATION_2_TABLE });
    account.denied = ['cloudformation:DescribeStacks'];
    const { results, result } = await generationCheck(1);
    expect(result.outcome).toBe('unchecked');
    expect(result.detail).toContain('cloudformation:DescribeStacks on DesignClub-dev (AccessDenied)');
    expect(fixText(result)).toContain('Allow the IAM action cloudformation:DescribeStacks on DesignClub-dev');
    expect(gate(results)).toBe(0);
  });
});
