/**
 * What CloudFormation and a fresh account need for the first `cdk deploy` to succeed, on the dev and
 * prod templates: no update policy waiting on another stack (the CodeDeploy cycle), the region's API
 * Gateway logging role before a stage logs, RetainExceptOnCreate instead of Retain, Node.js 24,
 * account-global names that carry the region, and cfn-guard's rules with a reason for each exception.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAMBDA_NODE_TARGET } from '../../infra/stack/bundling.js';
import { LAMBDA_RUNTIME } from '../../infra/stack/functions.js';
import { GUARD_PLUGIN } from '../../infra/stack/guard.js';
import {
  refOf,
  refsIn,
  resourcesOf,
  sharedSynth,
  synthesized,
  type Stage,
  type TemplateJson,
} from './support/synth.js';

const load = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as TemplateJson;

async function templates(stage: Stage) {
  const result = await sharedSynth(stage);
  const nested = Object.fromEntries(Object.entries(result.nestedTemplatePaths).map(([id, file]) => [id, load(file)]));
  // `folded`: the parent with the feature stacks' resources in it, parameters resolved (support/synth.ts).
  const { json: folded } = await synthesized(stage);
  return {
    result,
    parent: load(result.templatePath),
    folded,
    nested,
    all: [['parent', load(result.templatePath)] as const, ...Object.entries(nested)],
  };
}

describe.each(['dev', 'prod'] as const)('%s: what the first deploy needs', (stage) => {
  it('no UpdatePolicy refers to another stack: each alias names its CodeDeploy group in its own template', async () => {
    const { result, folded, all } = await templates(stage);
    for (const [name, template] of all) {
      const stacks = new Set(resourcesOf(template, 'AWS::CloudFormation::Stack').map(([id]) => id));
      for (const [id, resource] of Object.entries(template.Resources)) {
        if (!resource.UpdatePolicy) continue;
        const refs = [...refsIn(resource.UpdatePolicy)];
        expect(
          refs.filter((ref) => stacks.has(ref)),
          `${name} ${id}`,
        ).toEqual([]);
        // A resource of this template, or (the application, in a feature's stack) a parameter the parent fills.
        for (const ref of refs)
          expect(template.Resources[ref] ?? template.Parameters?.[ref], `${name} ${id} → ${ref}`).toBeDefined();
        const group = refOf(resource.UpdatePolicy.CodeDeployLambdaAliasUpdate?.DeploymentGroupName);
        if (group) expect(template.Resources[group]?.Type, `${name} ${id}`).toBe('AWS::CodeDeploy::DeploymentGroup');
      }
    }
    expect(result.functions.length).toBeGreaterThan(60);
    for (const fn of result.functions) {
      const update = folded.Resources[fn.aliasLogicalId]!.UpdatePolicy?.CodeDeployLambdaAliasUpdate;
      expect(folded.Resources[refOf(update?.DeploymentGroupName)!]?.Type, fn.handler).toBe(
        'AWS::CodeDeploy::DeploymentGroup',
      );
      expect(folded.Resources[refOf(update?.ApplicationName)!]?.Type, fn.handler).toBe('AWS::CodeDeploy::Application');
    }
  });

  it('rolls a function back on its own throttles, never on the account-wide throttles alarm', async () => {
    const { result, folded } = await templates(stage);
    const accountWide = resourcesOf(folded, 'AWS::CloudWatch::Alarm').find(([id]) =>
      id.startsWith('AlarmsLambdaThrottles'),
    )![0];
    const groups = new Map(resourcesOf(folded, 'AWS::CodeDeploy::DeploymentGroup'));
    for (const fn of result.functions) {
      const groupId = refOf(
        folded.Resources[fn.aliasLogicalId]!.UpdatePolicy!.CodeDeployLambdaAliasUpdate.DeploymentGroupName,
      )!;
      const watched = (groups.get(groupId)!.AlarmConfiguration.Alarms as { Name: unknown }[]).map(
        (alarm) => refOf(alarm.Name)!,
      );
      expect(watched, fn.handler).not.toContain(accountWide);
      const own = watched.filter((id) => {
        const props = folded.Resources[id]!.Properties!;
        if (props.MetricName !== 'Throttles' || props.Namespace !== 'AWS/Lambda') return false;
        const dimension = (props.Dimensions as { Name: string; Value: unknown }[]).find(
          (d) => d.Name === 'FunctionName',
        )!;
        return refOf(dimension.Value) === fn.logicalId;
      });
      expect(own, fn.handler).toHaveLength(1);
      // Beside its function: in the feature's stack (or the parent, for a trigger), never reached through another
      // stack.
      const home = fn.stackId ? load(result.nestedTemplatePaths[fn.stackId]!) : load(result.templatePath);
      expect(home.Resources[own[0]!], fn.handler).toBeDefined();
    }
  });

  it('sets the region’s API Gateway logging role before the WebSocket stage logs', async () => {
    const { parent, all } = await templates(stage);
    const accounts = resourcesOf(parent, 'AWS::ApiGateway::Account');
    expect(accounts).toHaveLength(1);
    const [accountId, account] = accounts[0]!;
    const role = parent.Resources[refOf(account.CloudWatchRoleArn)!]!;
    expect(role.Type).toBe('AWS::IAM::Role');
    expect(JSON.stringify(role.Properties!.AssumeRolePolicyDocument)).toContain('apigateway.amazonaws.com');
    expect(JSON.stringify(role.Properties!.ManagedPolicyArns)).toContain(
      'service-role/AmazonAPIGatewayPushToCloudWatchLogs',
    );
    // Every REST or WebSocket stage with logs waits for it (HTTP APIs log without it).
    const webSocketApis = new Set(
      resourcesOf(parent, 'AWS::ApiGatewayV2::Api')
        .filter(([, p]) => p.ProtocolType === 'WEBSOCKET')
        .map(([id]) => id),
    );
    expect(webSocketApis.size).toBe(1);
    for (const [name, template] of all) {
      const logging = [
        ...resourcesOf(template, 'AWS::ApiGatewayV2::Stage').filter(
          ([, p]) =>
            webSocketApis.has(refOf(p.ApiId)!) && (p.AccessLogSettings || p.DefaultRouteSettings?.LoggingLevel),
        ),
        ...resourcesOf(template, 'AWS::ApiGateway::Stage'),
      ];
      if (name === 'parent') expect(logging.length).toBeGreaterThan(0);
      for (const [id] of logging) expect(template.Resources[id]!.DependsOn ?? [], `${name} ${id}`).toContain(accountId);
    }
  });

  it(
    'keeps no resource with DeletionPolicy Retain: what must outlive the stack is RetainExceptOnCreate, so a failed ' +
      'first create cleans up',
    async () => {
      const { all, parent } = await templates(stage);
      for (const [name, template] of all) {
        const retained = Object.entries(template.Resources)
          .filter(([, r]) => r.DeletionPolicy === 'Retain')
          .map(([id, r]) => `${id} (${r.Type})`);
        expect(retained, name).toEqual([]);
      }
      const kept = Object.values(parent.Resources)
        .filter((r) => r.DeletionPolicy === 'RetainExceptOnCreate')
        .map((r) => r.Type);
      for (const type of [
        'AWS::Cognito::UserPool',
        'AWS::DynamoDB::Table',
        'AWS::S3::Bucket',
        'AWS::SecretsManager::Secret',
        'AWS::Backup::BackupVault',
        'AWS::IAM::Role',
      ]) {
        expect(kept, type).toContain(type);
      }
      // Uploads and access logs; the site bucket holds only build outputs and goes with the stack
      // (first-create.test.ts).
      expect(kept.filter((type) => type === 'AWS::S3::Bucket')).toHaveLength(2);
    },
  );

  it('runs every project function on nodejs24.x, bundled for node24', async () => {
    const { result, folded } = await templates(stage);
    expect(LAMBDA_RUNTIME.name).toBe('nodejs24.x');
    expect(LAMBDA_NODE_TARGET).toBe(`node${/\d+/.exec(LAMBDA_RUNTIME.name)![0]}`);
    for (const fn of result.functions)
      expect(folded.Resources[fn.logicalId]!.Properties!.Runtime, fn.handler).toBe('nodejs24.x');
  });

  it('puts the region in every name an account holds once for all regions', async () => {
    const { parent } = await templates(stage);
    const names = [
      ...resourcesOf(parent, 'AWS::CloudFront::ResponseHeadersPolicy').map(
        ([, p]) => p.ResponseHeadersPolicyConfig.Name,
      ),
      ...resourcesOf(parent, 'AWS::CloudFront::OriginAccessControl').map(([, p]) => p.OriginAccessControlConfig.Name),
      ...resourcesOf(parent, 'AWS::CloudFront::Function').map(([, p]) => p.Name),
      ...resourcesOf(parent, 'AWS::CloudWatch::Dashboard').map(([, p]) => p.DashboardName),
    ];
    expect(names).toHaveLength(4);
    for (const name of names) expect(name).toContain('us-east-1');
  });

  it('passes cfn-guard on the parent and nested templates, every exception acknowledged with its reason', async () => {
    const { result } = await templates(stage);
    const file = path.join(result.outdir, 'validation-report.json');
    const report = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as {
          pluginReports: {
            pluginName: string;
            violations?: { ruleName: string; violatingConstructs: { constructPath: string }[] }[];
          }[];
        })
      : { pluginReports: [] };
    const guard = report.pluginReports
      .filter((plugin) => plugin.pluginName === GUARD_PLUGIN)
      .flatMap((plugin) => plugin.violations ?? []);
    expect(guard.flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} ${c.constructPath}`))).toEqual([]);
    // It ran, on the parent and on each nested template.
    const expected = [result.templatePath, ...Object.values(result.nestedTemplatePaths)]
      .map((template) => path.basename(template))
      .sort();
    expect([...result.guardChecked].sort()).toEqual(expected);
    const acknowledged = result.acknowledgments.filter((ack) => ack.id.startsWith(`${GUARD_PLUGIN}::`));
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const ack of acknowledged) expect(ack.reason.length, `${ack.path} ${ack.id}`).toBeGreaterThanOrEqual(40);
    // The exceptions inside the nested stacks are acknowledged there, which only matters if they are checked.
    expect(acknowledged.some((ack) => ack.path.includes('/Api/Routes'))).toBe(true);
  });
});

describe('cfn-guard as the app wires it', () => {
  it('fails a synth on a finding inside a nested stack, and an acknowledgment with a reason clears it', async () => {
    const { App, NestedStack, Stack, Validations } = await import('aws-cdk-lib');
    const { Queue, QueueEncryption } = await import('aws-cdk-lib/aws-sqs');
    const { CfnGuardOnAllTemplates, acknowledgeGuard } = await import('../../infra/stack/guard.js');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const attempt = (acknowledged: boolean) => {
      const app = new App({ outdir: mkdtempSync(path.join(tmpdir(), 'guard-')) });
      Validations.of(app).addPlugins(new CfnGuardOnAllTemplates());
      const nested = new NestedStack(new Stack(app, 'Parent'), 'Nested');
      const queue = new Queue(nested, 'Queue', { encryption: QueueEncryption.SQS_MANAGED });
      if (acknowledged)
        acknowledgeGuard(
          queue,
          'sqs_dlq_check',
          'A test queue standing in for a dead-letter queue, which has none of its own.',
        );
      try {
        app.synth();
        return '';
      } catch (error) {
        return String(error);
      }
    };
    expect(attempt(false)).toMatch(/CT\.SQS\.PR\.1[\s\S]*Parent\/Nested\/Queue/);
    expect(attempt(true)).toBe('');
  });
});
