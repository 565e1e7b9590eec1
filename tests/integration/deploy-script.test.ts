/**
 * `npm run deploy` as an operator meets it: where it deploys is asked first (region and credentials,
 * before any build or synth), and what it reads from AWS after and around a deploy (the certificate,
 * the alarm subscriptions, a failed stack's state) through the SDK's own clients, against a local
 * endpoint that answers in each service's wire format (ACM awsJson 1.1, SNS and CloudFormation awsQuery).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { certificateReader } from '../../infra/deploy/checks/certificate.js';
import { prepareRetry } from '../../infra/deploy/retry.js';
import { pendingSubscriptionsReport, subscriptionsReader } from '../../infra/deploy/subscriptions.js';
import { resolveTarget } from '../../infra/deploy/target.js';
import { healthyAccount, answerAs } from '../support/aws-endpoints/account.js';
import { awsJsonAnswer, awsJsonError, targetOf } from '../support/aws-endpoints/aws-json.js';
import { awsQueryError, awsQueryXml } from '../support/aws-endpoints/aws-query.js';
import { FAKE_CREDENTIALS, startAwsEndpoint, type AwsEndpoint } from '../support/aws-endpoints/server.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SNS_XMLNS = 'http://sns.amazonaws.com/doc/2010-03-31/';
const CFN_XMLNS = 'http://cloudformation.amazonaws.com/doc/2010-05-15/';
let dir: string;
let aws: AwsEndpoint;
const local = () => ({ endpoint: aws.url, credentials: FAKE_CREDENTIALS });
/** The form fields of the n-th awsQuery request. */
const formOf = (index: number) => Object.fromEntries(new URLSearchParams(aws.seen[index]!.body));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'deploy-script-'));
  aws = await startAwsEndpoint();
});
afterAll(async () => {
  await aws.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => aws.reset());

describe('the certificate, from ACM', () => {
  it('asks ACM in us-east-1 for the ARN and reads its status and names', async () => {
    aws.answer(() =>
      awsJsonAnswer('1.1', {
        Certificate: {
          Status: 'ISSUED',
          DomainName: 'designclub.studio',
          SubjectAlternativeNames: ['designclub.studio', '*.designclub.studio'],
        },
      }),
    );
    const answer = await certificateReader({ ...local(), region: 'eu-west-1' })(
      'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    );
    expect(answer).toEqual({
      found: true,
      certificate: {
        Status: 'ISSUED',
        DomainName: 'designclub.studio',
        SubjectAlternativeNames: ['designclub.studio', '*.designclub.studio'],
      },
    });
    expect(aws.seen[0]!.service).toBe('acm');
    expect(targetOf(aws.seen[0]!)).toBe('CertificateManager.DescribeCertificate');
    // Signed for us-east-1 whatever region the caller named: CloudFront reads certificates there only.
    expect(String(aws.seen[0]!.headers.authorization)).toContain('/us-east-1/acm/aws4_request');
    expect(aws.json(0)).toEqual({ CertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' });
  });

  it('tells a missing certificate from a denied call', async () => {
    const read = certificateReader(local());
    aws.answer(() => awsJsonError('1.1', 'ResourceNotFoundException', 'Could not find certificate'));
    expect(await read('arn:aws:acm:us-east-1:123456789012:certificate/gone')).toEqual({ found: false });
    aws.answer(() => awsJsonError('1.1', 'AccessDeniedException', 'not authorized', 403));
    expect(await read('arn:aws:acm:us-east-1:123456789012:certificate/x')).toMatchObject({ error: 'denied' });
  });
});

const member = (subscription: Record<string, string>) =>
  `<member>${Object.entries(subscription)
    .map(([name, value]) => `<${name}>${value}</${name}>`)
    .join('')}</member>`;

describe('after a deploy: subscriptions waiting for confirmation', () => {
  it('names each pending one and how to confirm it, reading every page', async () => {
    const pending = member({
      SubscriptionArn: 'PendingConfirmation',
      Protocol: 'email',
      Endpoint: 'ops@designclub.studio',
    });
    const confirmed = member({
      SubscriptionArn: 'arn:aws:sns:eu-west-1:123456789012:alarms:1',
      Protocol: 'email',
      Endpoint: 'oncall@designclub.studio',
    });
    aws.answerInTurn(
      awsQueryXml(
        'ListSubscriptionsByTopic',
        SNS_XMLNS,
        `<Subscriptions>${pending}</Subscriptions><NextToken>page-2</NextToken>`,
      ),
      awsQueryXml('ListSubscriptionsByTopic', SNS_XMLNS, `<Subscriptions>${confirmed}</Subscriptions>`),
    );
    const lines = await pendingSubscriptionsReport(
      'arn:aws:sns:eu-west-1:123456789012:alarms',
      'eu-west-1',
      subscriptionsReader(local()),
    );
    expect(lines[0]).toBe('Alarm subscriptions waiting for confirmation (1): they receive no alarm until confirmed.');
    expect(lines.join('\n')).toContain(
      'email ops@designclub.studio: open the link in the mail "AWS Notification - Subscription Confirmation"',
    );
    expect(lines.join('\n')).not.toContain('oncall@');
    expect(aws.seen.map((request) => request.service)).toEqual(['sns', 'sns']);
    expect(formOf(0)).toMatchObject({
      Action: 'ListSubscriptionsByTopic',
      TopicArn: 'arn:aws:sns:eu-west-1:123456789012:alarms',
    });
    expect(formOf(1)).toMatchObject({ NextToken: 'page-2' });
    expect(String(aws.seen[0]!.headers.authorization)).toContain('/eu-west-1/sns/aws4_request');
  });

  it('says nothing when every subscription is confirmed, and gives the command when it cannot list them', async () => {
    const read = subscriptionsReader(local());
    const confirmed = member({
      SubscriptionArn: 'arn:aws:sns:eu-west-1:1:alarms:1',
      Protocol: 'email',
      Endpoint: 'a@b.c',
    });
    aws.answer(() => awsQueryXml('ListSubscriptionsByTopic', SNS_XMLNS, `<Subscriptions>${confirmed}</Subscriptions>`));
    expect(await pendingSubscriptionsReport('arn:aws:sns:eu-west-1:1:alarms', 'eu-west-1', read)).toEqual([]);
    aws.answer(() => awsQueryError(403, SNS_XMLNS, 'AuthorizationError', 'not authorized to ListSubscriptionsByTopic'));
    const lines = await pendingSubscriptionsReport('arn:aws:sns:eu-west-1:1:alarms', 'eu-west-1', read);
    expect(lines[0]).toContain('could not list them (not authorized to ListSubscriptionsByTopic)');
    expect(lines.join('\n')).toContain('aws sns list-subscriptions-by-topic --region eu-west-1');
  });
});

const stacks = (status: string, terminationProtection = false) =>
  awsQueryXml(
    'DescribeStacks',
    CFN_XMLNS,
    `<Stacks><member><StackName>S</StackName><StackStatus>${status}</StackStatus>` +
      '<CreationTime>2026-11-28T10:00:00Z</CreationTime>' +
      `<EnableTerminationProtection>${terminationProtection}</EnableTerminationProtection></member></Stacks>`,
  );

describe('a deploy after a failed one', () => {
  it('goes on for a new stack', async () => {
    aws.answer(() => awsQueryError(400, CFN_XMLNS, 'ValidationError', 'Stack with id DesignClub-dev does not exist'));
    expect(await prepareRetry('DesignClub-dev', 'eu-west-1', local())).toEqual({ proceed: true, lines: [] });
    expect(formOf(0)).toMatchObject({ Action: 'DescribeStacks', StackName: 'DesignClub-dev' });
  });

  it(
    'clears the termination protection of a rolled-back first create, so that the CDK can delete it and create ' +
      'again',
    async () => {
      aws.answerInTurn(
        stacks('ROLLBACK_COMPLETE', true),
        awsQueryXml('UpdateTerminationProtection', CFN_XMLNS, '<StackId>arn:aws:cloudformation:x</StackId>'),
      );
      const verdict = await prepareRetry('DesignClub-prod', 'us-east-1', local());
      expect(verdict.proceed).toBe(true);
      expect(formOf(1)).toMatchObject({
        Action: 'UpdateTerminationProtection',
        StackName: 'DesignClub-prod',
        EnableTerminationProtection: 'false',
      });
    },
  );

  it('stops when the protection cannot be switched off, with the command', async () => {
    aws.answerInTurn(
      stacks('ROLLBACK_COMPLETE', true),
      awsQueryError(403, CFN_XMLNS, 'AccessDenied', 'not authorized to UpdateTerminationProtection'),
    );
    const verdict = await prepareRetry('DesignClub-prod', 'us-east-1', local());
    expect(verdict.proceed).toBe(false);
    expect(verdict.lines.join('\n')).toContain('aws cloudformation update-termination-protection');
  });

  it.each([
    ['ROLLBACK_FAILED', 'delete-stack'],
    ['UPDATE_ROLLBACK_FAILED', 'continue-update-rollback'],
  ])('stops on %s with the recovery command', async (status, command) => {
    aws.answer(() => stacks(status));
    const verdict = await prepareRetry('DesignClub-dev', 'eu-west-1', local());
    expect(verdict.proceed).toBe(false);
    expect(verdict.lines.join('\n')).toContain(
      `aws cloudformation ${command} --stack-name DesignClub-dev --region eu-west-1`,
    );
  });
});

describe('where it deploys is asked first', () => {
  /** An environment where the SDK finds no credentials at once: no keys, no profile files, no instance metadata. */
  const noCredentials = (extra: Record<string, string> = {}) => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of Object.keys(env)) if (/^(AWS_|CDK_DEFAULT_)/.test(key)) delete env[key];
    return {
      ...env,
      AWS_CONFIG_FILE: path.join(dir, 'no-config'),
      AWS_SHARED_CREDENTIALS_FILE: path.join(dir, 'no-credentials'),
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...extra,
    };
  };

  const deploy = (env: NodeJS.ProcessEnv) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'bin/deploy.ts', '--stage', 'dev'], { cwd: ROOT, env });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (out += chunk));
      child.on('close', (code) => resolve({ code, out }));
    });

  it(
    'stops without credentials before building or synthesizing, ' + 'with the sign-in commands and no --skip-checks',
    async () => {
      const { code, out } = await deploy(noCredentials({ AWS_REGION: 'eu-west-1' }));
      expect(code).toBe(5);
      expect(out).toContain('AWS credentials: none usable');
      expect(out).toContain('aws sso login --profile <profile>');
      expect(out).toContain('Nothing was built or deployed.');
      // The order: nothing ran before the question (every step prints "$ <command>" as it starts).
      expect(out).not.toMatch(/\$ npx (vite|cdk)/);
      expect(out).not.toContain('--skip-checks');
    },
  );

  it('stops without a region instead of choosing us-east-1, and says where it looked', async () => {
    const { code, out } = await deploy(noCredentials());
    expect(code).toBe(5);
    expect(out).toContain('No AWS region: none in AWS_REGION, AWS_DEFAULT_REGION or the profile "default"');
    expect(out).toContain('export AWS_REGION=<region>');
    expect(out).not.toContain('us-east-1');
    expect(out).not.toMatch(/\$ npx (vite|cdk)/);
  });

  describe('with credentials', () => {
    let wire: AwsEndpoint;
    beforeAll(async () => {
      wire = await startAwsEndpoint();
      wire.answer((request) => answerAs(healthyAccount())(request));
    });
    afterAll(() => wire.close());
    beforeEach(() => wire.reset());

    it('names the account, the caller and the region with its source', async () => {
      process.env.AWS_REGION = 'eu-west-1';
      try {
        const answer = await resolveTarget('DesignClub-dev', { endpoint: wire.url, credentials: FAKE_CREDENTIALS });
        expect(answer).toMatchObject({
          ok: true,
          target: { account: '123456789012', region: 'eu-west-1', regionSource: 'AWS_REGION' },
        });
        expect(wire.seen.map((request) => `${request.service} ${request.operation}`)).toEqual([
          'sts GetCallerIdentity',
        ]);
      } finally {
        delete process.env.AWS_REGION;
      }
    });

    it('refuses an assembly synthesized for another region than the operator’s', async () => {
      process.env.AWS_REGION = 'eu-west-1';
      try {
        const answer = await resolveTarget('DesignClub-dev', {
          endpoint: wire.url,
          credentials: FAKE_CREDENTIALS,
          assemblyRegion: 'us-east-1',
        });
        expect(answer).toMatchObject({ ok: false });
        expect((answer as { message: string }).message).toContain(
          'synthesized for us-east-1, but your region is eu-west-1 (from AWS_REGION)',
        );
        expect(wire.seen).toEqual([]);
      } finally {
        delete process.env.AWS_REGION;
      }
    });
  });
});
