/**
 * `npm run deploy` as an operator meets it: where it deploys is asked first (region and credentials,
 * before any build or synth), and what it reads through the AWS CLI after and around a deploy (the
 * certificate, the alarm subscriptions, a failed stack's state) through a stand-in `aws` executable
 * that answers as the CLI does (JSON on stdout, the service's error on stderr).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readCertificateWithCli } from '../../infra/deploy/checks/certificate.js';
import { prepareRetry } from '../../infra/deploy/retry.js';
import { listSubscriptionsWithCli, pendingSubscriptionsReport } from '../../infra/deploy/subscriptions.js';
import { resolveTarget } from '../../infra/deploy/target.js';
import { healthyAccount, answerAs } from '../support/aws-endpoints/account.js';
import { FAKE_CREDENTIALS, startAwsEndpoint, type AwsEndpoint } from '../support/aws-endpoints/server.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;
let calls: string;

/** The stand-in CLI: records its arguments, answers with the next scripted answer (stdout, stderr, exit code). */
function scriptAnswers(...answers: { stdout?: unknown; stderr?: string; exit?: number }[]) {
  writeFileSync(path.join(dir, 'answers.json'), JSON.stringify(answers));
  writeFileSync(calls, '');
}
const argsSeen = () =>
  readFileSync(calls, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string[]);

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fake-aws-'));
  calls = path.join(dir, 'calls.jsonl');
  const cli = path.join(dir, 'aws');
  writeFileSync(
    cli,
    `#!/usr/bin/env node
const fs = require('fs'); const path = require('path');
const dir = ${JSON.stringify(dir)};
fs.appendFileSync(path.join(dir, 'calls.jsonl'), JSON.stringify(process.argv.slice(2)) + '\\n');
const answers = JSON.parse(fs.readFileSync(path.join(dir, 'answers.json'), 'utf8'));
const seen = fs.readFileSync(path.join(dir, 'calls.jsonl'), 'utf8').split('\\n').filter(Boolean).length;
const answer = answers[Math.min(seen, answers.length) - 1] || {};
if (answer.stdout !== undefined) process.stdout.write(JSON.stringify(answer.stdout));
if (answer.stderr) process.stderr.write(answer.stderr + '\\n');
process.exit(answer.exit || 0);
`,
  );
  chmodSync(cli, 0o755);
  process.env.AWS_CLI = cli;
});
afterAll(() => {
  delete process.env.AWS_CLI;
  rmSync(dir, { recursive: true, force: true });
});

describe('the certificate through the CLI', () => {
  it('asks ACM in us-east-1 for the ARN and reads its status and names', async () => {
    scriptAnswers({
      stdout: {
        Certificate: {
          Status: 'ISSUED',
          DomainName: 'designclub.studio',
          SubjectAlternativeNames: ['designclub.studio', '*.designclub.studio'],
        },
      },
    });
    const answer = await readCertificateWithCli('arn:aws:acm:us-east-1:123456789012:certificate/abc');
    expect(answer).toEqual({
      found: true,
      certificate: {
        Status: 'ISSUED',
        DomainName: 'designclub.studio',
        SubjectAlternativeNames: ['designclub.studio', '*.designclub.studio'],
      },
    });
    expect(argsSeen()[0]).toEqual([
      'acm',
      'describe-certificate',
      '--region',
      'us-east-1',
      '--certificate-arn',
      'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      '--output',
      'json',
      '--no-cli-pager',
    ]);
  });

  it('tells a missing certificate from a denied call', async () => {
    scriptAnswers({
      stderr:
        'An error occurred (ResourceNotFoundException) when calling the DescribeCertificate operation: Could not find certificate',
      exit: 254,
    });
    expect(await readCertificateWithCli('arn:aws:acm:us-east-1:123456789012:certificate/gone')).toEqual({
      found: false,
    });
    scriptAnswers({
      stderr:
        'An error occurred (AccessDeniedException) when calling the DescribeCertificate operation: not authorized',
      exit: 254,
    });
    expect(await readCertificateWithCli('arn:aws:acm:us-east-1:123456789012:certificate/x')).toMatchObject({
      error: 'denied',
    });
  });
});

describe('after a deploy: subscriptions waiting for confirmation', () => {
  it('names each pending one and how to confirm it', async () => {
    scriptAnswers({
      stdout: {
        Subscriptions: [
          { SubscriptionArn: 'PendingConfirmation', Protocol: 'email', Endpoint: 'ops@designclub.studio' },
          {
            SubscriptionArn: 'arn:aws:sns:eu-west-1:123456789012:alarms:1',
            Protocol: 'email',
            Endpoint: 'oncall@designclub.studio',
          },
        ],
      },
    });
    const lines = await pendingSubscriptionsReport(
      'arn:aws:sns:eu-west-1:123456789012:alarms',
      'eu-west-1',
      listSubscriptionsWithCli,
    );
    expect(lines[0]).toBe('Alarm subscriptions waiting for confirmation (1): they receive no alarm until confirmed.');
    expect(lines.join('\n')).toContain(
      'email ops@designclub.studio: open the link in the mail "AWS Notification - Subscription Confirmation"',
    );
    expect(lines.join('\n')).not.toContain('oncall@');
    expect(argsSeen()[0]).toEqual([
      'sns',
      'list-subscriptions-by-topic',
      '--region',
      'eu-west-1',
      '--topic-arn',
      'arn:aws:sns:eu-west-1:123456789012:alarms',
      '--output',
      'json',
      '--no-cli-pager',
    ]);
  });

  it('says nothing when every subscription is confirmed, and gives the command when it cannot list them', async () => {
    scriptAnswers({
      stdout: {
        Subscriptions: [{ SubscriptionArn: 'arn:aws:sns:eu-west-1:1:alarms:1', Protocol: 'email', Endpoint: 'a@b.c' }],
      },
    });
    expect(await pendingSubscriptionsReport('arn:aws:sns:eu-west-1:1:alarms', 'eu-west-1')).toEqual([]);
    scriptAnswers({
      stderr: 'An error occurred (AuthorizationError) when calling the ListSubscriptionsByTopic operation',
      exit: 254,
    });
    const lines = await pendingSubscriptionsReport('arn:aws:sns:eu-west-1:1:alarms', 'eu-west-1');
    expect(lines.join('\n')).toContain('aws sns list-subscriptions-by-topic --region eu-west-1');
  });
});

describe('a deploy after a failed one', () => {
  it('goes on for a new stack', async () => {
    scriptAnswers({
      stderr:
        'An error occurred (ValidationError) when calling the DescribeStacks operation: Stack with id DesignClub-dev does not exist',
      exit: 254,
    });
    expect(await prepareRetry('DesignClub-dev', 'eu-west-1')).toEqual({ proceed: true, lines: [] });
  });

  it('clears the termination protection of a rolled-back first create, so that the CDK can delete it and create again', async () => {
    scriptAnswers(
      { stdout: { Stacks: [{ StackStatus: 'ROLLBACK_COMPLETE', EnableTerminationProtection: true }] } },
      { stdout: {} },
    );
    const verdict = await prepareRetry('DesignClub-prod', 'us-east-1');
    expect(verdict.proceed).toBe(true);
    expect(argsSeen()[1]).toEqual([
      'cloudformation',
      'update-termination-protection',
      '--region',
      'us-east-1',
      '--stack-name',
      'DesignClub-prod',
      '--no-enable-termination-protection',
      '--output',
      'json',
      '--no-cli-pager',
    ]);
  });

  it.each([
    ['ROLLBACK_FAILED', 'delete-stack'],
    ['UPDATE_ROLLBACK_FAILED', 'continue-update-rollback'],
  ])('stops on %s with the recovery command', async (status, command) => {
    scriptAnswers({ stdout: { Stacks: [{ StackStatus: status }] } });
    const verdict = await prepareRetry('DesignClub-dev', 'eu-west-1');
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

  it('stops without credentials before building or synthesizing, with the sign-in commands and no --skip-checks', async () => {
    const { code, out } = await deploy(noCredentials({ AWS_REGION: 'eu-west-1' }));
    expect(code).toBe(5);
    expect(out).toContain('AWS credentials: none usable');
    expect(out).toContain('aws sso login --profile <profile>');
    expect(out).toContain('Nothing was built or deployed.');
    // The order: nothing ran before the question (every step prints "$ <command>" as it starts).
    expect(out).not.toMatch(/\$ npx (vite|cdk)/);
    expect(out).not.toContain('--skip-checks');
  });

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
