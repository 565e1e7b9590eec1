import { beforeAll, describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE, MetricNames } from '../../shared/metrics.js';
import { consumers, routes, schedules } from '../../infra/routes.js';
import { LATENCY_ALARM_ROUTES, THRESHOLDS } from '../../infra/stack/alarms.js';
import { routeGroups } from '../../infra/stack/api-metrics.js';
import { BACKUP_RETENTION_DAYS } from '../../infra/stack/backup.js';
import {
  refOf,
  refsIn,
  resourcesOf,
  synthesized,
  synthesizedNested,
  type SynthResult,
  type TemplateJson,
} from './support/synth.js';

/**
 * The parent with the feature stacks folded in (support/synth.ts foldFeatureStacks): every alarm, group and function.
 */
let json: TemplateJson;
let result: SynthResult;

beforeAll(async () => {
  ({ json, result } = await synthesized());
});

/** What a group's alarm name points at (in the folded template, a plain reference). */
const alarmTarget = (value: unknown): string | undefined => refOf(value);
/**
 * Per-function throttles alarms: CodeDeploy's rollback triggers, notifying nobody (throttle-alarms.ts);
 * `Throttles…` in each feature's stack, `MonitoringTriggerThrottles…` for the triggers in the parent.
 */
const isRollbackOnly = (id: string) =>
  id.startsWith('MonitoringTriggerThrottles') || /^Throttles[A-Za-z0-9]+$/.test(id);

const alarms = () => resourcesOf(json, 'AWS::CloudWatch::Alarm');
const alarmById = (fragment: string) => {
  const found = alarms().filter(([id]) => id.startsWith(fragment));
  expect(found, fragment).toHaveLength(1);
  return found[0]!;
};
const topicId = () => resourcesOf(json, 'AWS::SNS::Topic')[0]![0];
/** The metrics an alarm reads: its own, or those of its math expression. */
const alarmMetrics = (props: Record<string, any>) =>
  props.MetricName
    ? [{ Namespace: props.Namespace, MetricName: props.MetricName, Dimensions: props.Dimensions ?? [] }]
    : (props.Metrics as { MetricStat?: { Metric: Record<string, any> } }[])
        .filter((m) => m.MetricStat)
        .map((m) => m.MetricStat!.Metric);
const expression = (props: Record<string, any>) =>
  (props.Metrics as { Expression?: string }[] | undefined)?.find((m) => m.Expression)?.Expression;

describe('alarms', () => {
  it('every alarm notifies the alarm topic when it fires and when it clears, and says what to do', () => {
    expect(alarms().length).toBeGreaterThanOrEqual(20);
    for (const [id, props] of alarms()) {
      if (isRollbackOnly(id)) {
        expect(props.AlarmActions, id).toBeUndefined();
        expect(props.AlarmDescription, id).toContain('Rollback trigger');
        continue;
      }
      expect(refOf(props.AlarmActions?.[0]), id).toBe(topicId());
      expect(refOf(props.OKActions?.[0]), id).toBe(topicId());
      expect(props.AlarmDescription, id).toMatch(/Runbook|npm run redrive/);
    }
  });

  const cases: [string, string, string, number][] = [
    ['AlarmsApiLatencyP99', 'AWS/ApiGateway', 'Latency', THRESHOLDS.apiP99Ms],
    ['AlarmsApiServerErrorRate', 'AWS/ApiGateway', '5xx', THRESHOLDS.api5xxPercent],
    ['AlarmsLambdaThrottles', 'AWS/Lambda', 'Throttles', THRESHOLDS.lambdaThrottles],
    ['AlarmsDynamoThrottles', 'AWS/DynamoDB', 'WriteThrottleEvents', THRESHOLDS.dynamoThrottles],
    ['AlarmsOutboxOldestAge', METRICS_NAMESPACE, MetricNames.OutboxOldestAge, THRESHOLDS.outboxOldestAgeSeconds],
    ['AlarmsConsumerLag', METRICS_NAMESPACE, MetricNames.ConsumerLag, THRESHOLDS.consumerLagP99Ms],
    ['AlarmsSesBounceRate', 'AWS/SES', 'Bounce', THRESHOLDS.sesBouncePercent],
    ['AlarmsSesComplaintRate', 'AWS/SES', 'Complaint', THRESHOLDS.sesComplaintPercent],
    ['AlarmsCloudFront5xxRate', 'AWS/CloudFront', '5xxErrorRate', THRESHOLDS.cloudFront5xxPercent],
    ['AlarmsChecklistFallbacks', METRICS_NAMESPACE, MetricNames.ChecklistFallback, THRESHOLDS.checklistFallbacks],
  ];
  it.each(cases)('%s reads %s %s with threshold %d', (id, namespace, metricName, threshold) => {
    const [, props] = alarmById(id);
    expect(props.Threshold).toBe(threshold);
    expect(props.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    expect(alarmMetrics(props)).toContainEqual(
      expect.objectContaining({ Namespace: namespace, MetricName: metricName }),
    );
  });

  it('reads the custom metrics with the contract’s one dimension, service = design-club', () => {
    for (const id of ['AlarmsOutboxOldestAge', 'AlarmsConsumerLag', 'AlarmsChecklistFallbacks']) {
      expect(alarmById(id)[1].Dimensions).toEqual([{ Name: 'service', Value: 'design-club' }]);
    }
    expect(alarmById('AlarmsConsumerLag')[1].ExtendedStatistic).toBe('p99');
  });

  it('pages on the p99 of the screens’ routes only (the model call is left out), per route', () => {
    const [, props] = alarmById('AlarmsApiLatencyP99');
    const metrics = alarmMetrics(props);
    expect(metrics).toHaveLength(LATENCY_ALARM_ROUTES.length);
    const keys = metrics.map((m) => {
      const dim = (name: string) =>
        (m.Dimensions as { Name: string; Value: unknown }[]).find((d) => d.Name === name)?.Value;
      expect(refOf(dim('ApiId'))).toBe(result.httpApiLogicalId);
      return `${dim('Method')} ${dim('Resource')}`;
    });
    expect(keys.sort()).toEqual([...LATENCY_ALARM_ROUTES].sort());
    expect(keys).not.toContain('POST /api/checklists');
    expect(expression(props)).toMatch(/^MAX\(\[/);
  });

  it('computes the 5xx and e-mail rates over a minimum volume, so one error in a quiet hour does not page', () => {
    expect(expression(alarmById('AlarmsApiServerErrorRate')[1])).toContain(`${THRESHOLDS.api5xxMinimumRequests}`);
    expect(expression(alarmById('AlarmsSesBounceRate')[1])).toContain(`${THRESHOLDS.sesMinimumSends}`);
  });

  it('watches every table for throttles', () => {
    const tables = alarmMetrics(alarmById('AlarmsDynamoThrottles')[1]).map((m) => refOf(m.Dimensions[0].Value));
    for (const table of [result.eventsTableLogicalId, result.viewsTableLogicalId, result.connectionsTableLogicalId])
      expect(tables).toContain(table);
  });

  it('has a composite "users are affected" alarm over the user-facing alarms, with alarm and OK actions', () => {
    const composites = resourcesOf(json, 'AWS::CloudWatch::CompositeAlarm');
    expect(composites).toHaveLength(1);
    const [, props] = composites[0]!;
    const rule = JSON.stringify(props.AlarmRule);
    for (const id of [
      'ApiLatencyP99',
      'ApiServerErrorRate',
      'LambdaThrottles',
      'DynamoThrottles',
      'OutboxOldestAge',
      'ConsumerLag',
      'CloudFront5xxRate',
    ]) {
      expect(rule).toContain(alarmById(`Alarms${id}`)[0]);
    }
    expect(refOf(props.AlarmActions[0])).toBe(topicId());
    expect(refOf(props.OKActions[0])).toBe(topicId());
    expect(props.AlarmDescription).toMatch(/Runbook/);
  });
});

describe('dashboard', () => {
  const body = () => {
    const dashboards = resourcesOf(json, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const [, props] = dashboards[0]!;
    // The body is a Fn::Join of literal JSON and references: the literal text is enough to check titles and metrics.
    return JSON.stringify(props.DashboardBody);
  };

  it.each([
    'Alarms',
    'API requests by route group',
    'API 4xx by route group',
    'API 5xx by route group',
    'API p99 latency by route group',
    'Commands (accepted',
    'Lambda errors by kind',
    'Lambda throttles by kind',
    'Lambda duration p99 by kind',
    'DynamoDB throttled reads / writes',
    'DynamoDB consumed capacity units',
    'EventBridge failed invocations',
    'Dead-letter queue depth',
    'Outbox backlog',
    'Consumer lag',
    'Live updates (WebSocket)',
    'E-mail (SES configuration set',
    'CloudFront requests',
  ])('has the widget "%s"', (title) => {
    expect(body()).toContain(title);
  });

  it('shows one line per route group and every metric of the contract', () => {
    const text = body();
    for (const group of routeGroups(routes).keys()) expect(text).toContain(`\\"label\\":\\"${group}\\"`);
    for (const name of Object.values(MetricNames)) expect(text).toContain(name);
    for (const name of [
      'ConsumedReadCapacityUnits',
      'WriteThrottleEvents',
      'FailedInvocations',
      'InvocationsSentToDlq',
      'ApproximateNumberOfMessagesVisible',
      'ConnectCount',
      'Bounce',
      'Complaint',
      '5xxErrorRate',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('shows the depth of every dead-letter queue', () => {
    const dashboard = resourcesOf(json, 'AWS::CloudWatch::Dashboard')[0]![1];
    const refs = refsIn(dashboard.DashboardBody);
    const queues = resourcesOf(json, 'AWS::SQS::Queue').map(([id]) => id);
    expect(queues.length).toBe(consumers.length + schedules.length);
    for (const queue of queues)
      expect(refs.has(queue) || JSON.stringify(dashboard.DashboardBody).includes(queue)).toBe(true);
  });
});

describe('safe deploys', () => {
  it('keeps CodeDeploy beside the aliases: one application, one service role, one group per function', () => {
    const applications = resourcesOf(json, 'AWS::CodeDeploy::Application');
    expect(applications).toHaveLength(1);
    expect(applications[0]![1]).toMatchObject({ ApplicationName: 'design-club-dev', ComputePlatform: 'Lambda' });
    const roles = resourcesOf(json, 'AWS::IAM::Role').filter(([, role]) =>
      JSON.stringify(role.AssumeRolePolicyDocument).includes('codedeploy.amazonaws.com'),
    );
    expect(roles).toHaveLength(1);
    const [roleId, role] = roles[0]!;
    expect(JSON.stringify(role.ManagedPolicyArns)).toContain('service-role/AWSCodeDeployRoleForLambdaLimited');
    for (const [id, group] of resourcesOf(json, 'AWS::CodeDeploy::DeploymentGroup')) {
      expect(refOf(group.ServiceRoleArn), id).toBe(roleId);
      expect(refOf(group.ApplicationName), id).toBe(applications[0]![0]);
    }
    expect(refOf(json.Outputs!.CodeDeployApplication!.Value)).toBe(applications[0]![0]);
  });

  it(
    'leaves no reference dangling across the nested stacks: every Ref and GetAtt names a resource or parameter of ' +
      'its own template',
    async () => {
      const { raw } = await synthesized();
      const nested = await Promise.all(
        Object.keys(result.nestedTemplatePaths).map(async (id) => [id, (await synthesizedNested(id)).json] as const),
      );
      for (const [name, template] of [['parent', raw] as const, ...nested]) {
        const known = new Set([...Object.keys(template.Resources), ...Object.keys(template.Parameters ?? {})]);
        const dangling = [...refsIn(template.Resources), ...refsIn(template.Outputs ?? {})].filter(
          (id) => !id.startsWith('AWS::') && !known.has(id),
        );
        expect(dangling, name).toEqual([]);
      }
    },
  );

  it('publishes every function behind a live alias on its current version, shifted by CodeDeploy', () => {
    const groups = resourcesOf(json, 'AWS::CodeDeploy::DeploymentGroup');
    const [applicationId] = resourcesOf(json, 'AWS::CodeDeploy::Application')[0]!;
    expect(groups).toHaveLength(result.functions.length);
    for (const fn of result.functions) {
      const alias = json.Resources[fn.aliasLogicalId]!;
      expect(alias.Type).toBe('AWS::Lambda::Alias');
      expect(alias.Properties!.Name).toBe('live');
      expect(refOf(alias.Properties!.FunctionName)).toBe(fn.logicalId);
      const version = json.Resources[refOf(alias.Properties!.FunctionVersion)!]!;
      expect(version.Type).toBe('AWS::Lambda::Version');
      const update = alias.UpdatePolicy?.CodeDeployLambdaAliasUpdate as
        | { ApplicationName: unknown; DeploymentGroupName: unknown }
        | undefined;
      // The group beside the alias, the application through a parameter (deploy.ts says why).
      expect(refOf(update?.ApplicationName), fn.handler).toBe(applicationId);
      const group = groups.find(([id]) => id === refOf(update?.DeploymentGroupName));
      expect(group, fn.handler).toBeDefined();
      const [, props] = group!;
      // Dev deploys all at once (the test synth is the dev stage); prod, a canary (deploy.ts, next test).
      expect(props.DeploymentConfigName).toBe('CodeDeployDefault.LambdaAllAtOnce');
      expect(props.AutoRollbackConfiguration.Events).toEqual(
        expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']),
      );
      const watched = (props.AlarmConfiguration.Alarms as { Name: unknown }[]).map((a) => alarmTarget(a.Name));
      // Its own throttles (deploy-gates.test.ts checks which function), never the account-wide count.
      expect(watched, fn.handler).not.toContain(alarmById('AlarmsLambdaThrottles')[0]);
      expect(
        watched.filter((id) => isRollbackOnly(id ?? '')),
        fn.handler,
      ).toHaveLength(1);
      if (fn.kinds.includes('api')) {
        expect(watched).toContain(alarmById('AlarmsApiServerErrorRate')[0]);
        expect(watched).toContain(alarmById('AlarmsApiLatencyP99')[0]);
      } else {
        // Consumers, schedules, triggers and realtime functions roll back on their own errors alarm.
        const own = alarms().find(
          ([id, a]) =>
            watched.includes(id) && a.MetricName === 'Errors' && refOf(a.Dimensions[0].Value) === fn.logicalId,
        );
        expect(own, fn.handler).toBeDefined();
      }
    }
  });

  it('uses a 10% canary for 5 minutes in prod', async () => {
    const { deploymentConfigFor } = await import('../../infra/stack/deploy.js');
    expect(deploymentConfigFor('prod').deploymentConfigName).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
    expect(deploymentConfigFor('dev').deploymentConfigName).toBe('CodeDeployDefault.LambdaAllAtOnce');
  });

  it(
    'with deployIgnoreAlarms, one deploy goes through while an alarm still fires (a failed deploy ' +
      'still rolls back)',
    async () => {
      const { App, Stack } = await import('aws-cdk-lib');
      const { Template } = await import('aws-cdk-lib/assertions');
      const { Alarm, Metric } = await import('aws-cdk-lib/aws-cloudwatch');
      const { Alias, Code, Function: LambdaFunction, Runtime } = await import('aws-cdk-lib/aws-lambda');
      const { SafeDeploys } = await import('../../infra/stack/deploy.js');
      const groupsWith = (ignoreAlarms: boolean) => {
        const stack = new Stack(new App(), 'Deploys');
        const fn = new LambdaFunction(stack, 'Fn', {
          runtime: Runtime.NODEJS_24_X,
          handler: 'index.handler',
          code: Code.fromInline('exports.handler=()=>1'),
        });
        const alias = new Alias(stack, 'Live', { aliasName: 'live', version: fn.currentVersion });
        const alarm = new Alarm(stack, 'A', {
          metric: new Metric({ namespace: 'N', metricName: 'M' }),
          threshold: 1,
          evaluationPeriods: 1,
        });
        new SafeDeploys(stack, 'D', {
          stage: 'prod',
          ignoreAlarms,
          functions: [
            { handler: 'h.ts', name: 'h', kinds: new Set(['api'] as const), fn: fn as never, alias, capabilities: [] },
          ],
          alarmsFor: () => [alarm],
        });
        return Object.values(Template.fromStack(stack).findResources('AWS::CodeDeploy::DeploymentGroup')).map(
          (r) => r.Properties,
        );
      };
      const [normal] = groupsWith(false);
      expect(normal.DeploymentConfigName).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
      expect(normal.AlarmConfiguration.Enabled).toBe(true);
      expect(normal.AutoRollbackConfiguration.Events).toContain('DEPLOYMENT_STOP_ON_ALARM');
      const [ignoring] = groupsWith(true);
      expect(ignoring.AlarmConfiguration.IgnorePollAlarmFailure ?? false).toBe(false);
      expect(ignoring.AlarmConfiguration.Enabled).toBe(false);
      expect(ignoring.AutoRollbackConfiguration.Events).toContain('DEPLOYMENT_FAILURE');
      expect(ignoring.AutoRollbackConfiguration.Events).not.toContain('DEPLOYMENT_STOP_ON_ALARM');
    },
  );

  it('keeps the previous SPA: the site bucket is versioned, old versions expire after 30 days', () => {
    const buckets = resourcesOf(json, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('Site'));
    expect(buckets).toHaveLength(1);
    const [, props] = buckets[0]!;
    expect(props.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(props.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
    );
  });
});

describe('backups', () => {
  it('backs up the events table and the uploads bucket daily, kept 35 days, in a retained vault', () => {
    const plans = resourcesOf(json, 'AWS::Backup::BackupPlan');
    expect(plans).toHaveLength(1);
    const rule = plans[0]![1].BackupPlan.BackupPlanRule[0];
    expect(rule.ScheduleExpression).toBe('cron(0 3 * * ? *)');
    expect(rule.Lifecycle).toEqual({ DeleteAfterDays: BACKUP_RETENTION_DAYS });
    expect(rule.CopyActions).toBeUndefined();
    const [vaultId] = resourcesOf(json, 'AWS::Backup::BackupVault')[0]!;
    // Kept when the stack goes, removed when a first create rolls back (its fixed name would block the retry).
    expect(json.Resources[vaultId] as { DeletionPolicy?: string }).toMatchObject({
      DeletionPolicy: 'RetainExceptOnCreate',
    });
    const selection = resourcesOf(json, 'AWS::Backup::BackupSelection')[0]![1];
    const selected = refsIn(selection.BackupSelection.Resources);
    expect(selected.has(result.eventsTableLogicalId)).toBe(true);
    expect(selected.has(result.uploadsBucketLogicalId)).toBe(true);
    const role = json.Resources[refOf(selection.BackupSelection.IamRoleArn)!]!;
    expect(JSON.stringify(role.Properties!.ManagedPolicyArns)).toContain('AWSBackupServiceRolePolicyForS3Backup');
  });

  it('copies to a second region when backupCopyRegion is set', async () => {
    const { App, Stack } = await import('aws-cdk-lib');
    const { Template } = await import('aws-cdk-lib/assertions');
    const { Table, AttributeType } = await import('aws-cdk-lib/aws-dynamodb');
    const { Bucket } = await import('aws-cdk-lib/aws-s3');
    const { Topic } = await import('aws-cdk-lib/aws-sns');
    const { Backups } = await import('../../infra/stack/backup.js');
    const stack = new Stack(new App(), 'BackupCopy', { env: { region: 'us-east-1', account: '111122223333' } });
    new Backups(stack, 'Backups', {
      stage: 'prod',
      eventsTable: new Table(stack, 'T', { partitionKey: { name: 'pk', type: AttributeType.STRING } }),
      uploadsBucket: new Bucket(stack, 'B', { versioned: true }),
      copyRegion: 'eu-west-1',
      topic: new Topic(stack, 'Topic'),
    });
    const rule = Object.values(Template.fromStack(stack).findResources('AWS::Backup::BackupPlan'))[0]!.Properties
      .BackupPlan.BackupPlanRule[0];
    expect(rule.CopyActions).toEqual([
      {
        DestinationBackupVaultArn: {
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, ':backup:eu-west-1:111122223333:backup-vault:design-club-prod-copy'],
          ],
        },
        Lifecycle: { DeleteAfterDays: BACKUP_RETENTION_DAYS },
      },
    ]);
  });
});

describe('mail', () => {
  it('sends through an SES configuration set that publishes bounces and complaints to CloudWatch', () => {
    const sets = resourcesOf(json, 'AWS::SES::ConfigurationSet');
    expect(sets).toHaveLength(1);
    const name = sets[0]![1].Name;
    const destination = resourcesOf(json, 'AWS::SES::ConfigurationSetEventDestination')[0]![1].EventDestination;
    expect(destination.MatchingEventTypes).toEqual(expect.arrayContaining(['bounce', 'complaint', 'send']));
    expect(destination.CloudWatchDestination.DimensionConfigurations).toEqual([
      { DimensionName: 'ses:configuration-set', DimensionValueSource: 'messageTag', DefaultDimensionValue: name },
    ]);
    const mailers = result.functions.filter((fn) => fn.capabilities.includes('ses'));
    expect(mailers.length).toBeGreaterThan(0);
    for (const fn of mailers)
      expect(json.Resources[fn.logicalId]!.Properties!.Environment.Variables.SES_CONFIGURATION_SET).toBe(name);
  });
});

describe('outputs for the operator', () => {
  it('names the dashboard, the CodeDeploy application, the backup vault and every dead-letter queue', () => {
    for (const output of [
      'DashboardUrl',
      'CodeDeployApplication',
      'BackupVaultName',
      'DeadLetterQueues',
      'SesConfigurationSet',
    ]) {
      expect(json.Outputs?.[output], output).toBeDefined();
    }
    const text = JSON.stringify(json.Outputs!.DeadLetterQueues!.Value);
    for (const consumer of consumers) expect(text).toContain(consumer.name);
  });

  it("publishes the events generation in use, which the deploy's checks compare (infra/deploy/checks)", () => {
    expect(json.Outputs?.EventsGeneration?.Value).toBe('1');
  });
});
