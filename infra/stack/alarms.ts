import { Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  type Alarm,
  AlarmRule,
  AlarmState,
  CompositeAlarm,
  MathExpression,
  Metric,
  type IAlarm,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import {
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  METRICS_SERVICE_DIMENSION,
  MetricNames,
  type MetricName,
} from '../../shared/metrics.js';
import { findRoute } from '../routes.js';
import { routeMetric, stageMetric } from './api-metrics.js';
import type { Mail } from './mail.js';
import type { Monitoring } from './monitoring.js';

/**
 * The routes whose p99 pages: what the screens wait on when people work (lists, details, the project
 * commands). The checklist AI route is left out on purpose: a model call takes 5–25 s by nature and
 * would set every p99 it is part of. A metric-math alarm may read at most 10 metrics.
 */
export const LATENCY_ALARM_ROUTES = [
  'GET /api/me',
  'GET /api/projects',
  'GET /api/projects/{id}',
  'POST /api/projects',
  'PATCH /api/projects/{id}',
  'PATCH /api/projects/{id}/tasks/{taskId}',
  'GET /api/projects/{id}/activity',
  'GET /api/team',
] as const;

/** Thresholds, in one place (docs/operations.md's alarm table quotes them). */
export const THRESHOLDS = {
  apiP99Ms: 2000,
  api5xxPercent: 5,
  /** The 5xx rate is computed over at least this many requests, so a quiet hour needs 5 errors to page. */
  api5xxMinimumRequests: 100,
  lambdaThrottles: 5,
  dynamoThrottles: 10,
  outboxOldestAgeSeconds: 300,
  consumerLagP99Ms: 120_000,
  sesBouncePercent: 5,
  sesComplaintPercent: 0.1,
  /** SES rates are computed over at least this many sends. */
  sesMinimumSends: 100,
  cloudFront5xxPercent: 5,
  /** Checklists the local estimator answered because the model could not (any reason) in an hour. */
  checklistFallbacks: 3,
} as const;

/** A custom metric of the shared contract (shared/metrics.ts). */
export function serviceMetric(name: MetricName, statistic: string, period = Duration.minutes(5)): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { [METRICS_SERVICE_DIMENSION]: METRICS_SERVICE },
    statistic,
    period,
  });
}

export interface ServiceAlarmsProps {
  monitoring: Monitoring;
  api: IHttpApi;
  tables: ITable[];
  mail: Mail;
  distribution: Distribution;
}

/**
 * The alarms that page because users feel it, each with its runbook line in the description, all
 * notifying the alarm topic when they fire and when they clear; and one composite alarm, "users are
 * affected", that is in ALARM while any of the user-facing ones is.
 */
export class ServiceAlarms extends Construct {
  readonly apiLatency: Alarm;
  readonly apiServerErrors: Alarm;
  readonly lambdaThrottles: Alarm;
  readonly dynamoThrottles: Alarm;
  readonly outboxAge: Alarm;
  readonly consumerLag: Alarm;
  readonly sesBounces: Alarm;
  readonly sesComplaints: Alarm;
  readonly checklistFallbacks: Alarm;
  /** Only where CloudFront's metrics are (us-east-1): an alarm cannot read another region's metrics. */
  readonly cloudFront5xx?: Alarm;
  readonly usersAffected: CompositeAlarm;

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    const { monitoring, api } = props;
    const five = Duration.minutes(5);

    const latencyMetrics = Object.fromEntries(
      LATENCY_ALARM_ROUTES.map((key, index) => {
        const route = findRoute(key);
        if (!route) throw new Error(`alarms.ts: ${key} is not a route of infra/routes.ts`);
        return [`r${index}`, routeMetric(api, route, 'Latency', five)];
      }),
    );
    this.apiLatency = monitoring.alarm(
      this,
      'ApiLatencyP99',
      new MathExpression({
        expression: `MAX([${Object.keys(latencyMetrics).join(',')}])`,
        usingMetrics: latencyMetrics,
        label: 'slowest route p99 (ms)',
        period: five,
      }),
      `API p99 latency of the screens' routes (${LATENCY_ALARM_ROUTES.length} routes, slowest of them) ` +
        `≥ ${THRESHOLDS.apiP99Ms} ms for 15 minutes: people wait. Runbook: dashboard "API by route group" shows ` +
        `which group; then that route's function Duration and DynamoDB throttles; right after a deployment, ` +
        `CodeDeploy is rolling back (this alarm is in every API function's deployment group).`,
      THRESHOLDS.apiP99Ms,
      { evaluationPeriods: 3, datapointsToAlarm: 3 },
    );

    this.apiServerErrors = monitoring.alarm(
      this,
      'ApiServerErrorRate',
      new MathExpression({
        expression:
          `100 * FILL(errors, 0) / IF(FILL(requests, 0) > ${THRESHOLDS.api5xxMinimumRequests}, ` +
          `FILL(requests, 0), ${THRESHOLDS.api5xxMinimumRequests})`,
        usingMetrics: {
          errors: stageMetric(api, '5xx', 'Sum', five),
          requests: stageMetric(api, 'Count', 'Sum', five),
        },
        label: '5xx % of requests',
        period: five,
      }),
      `API 5xx ≥ ${THRESHOLDS.api5xxPercent}% of requests in 5 minutes (of at ` +
        `least ${THRESHOLDS.api5xxMinimumRequests}): requests fail. Runbook: the functions' log group, filter ` +
        `"level":"ERROR" (correlation id = API request id); dashboard "5xx by route group" shows which handler. ` +
        `After a deployment CodeDeploy rolls back on this alarm; otherwise check DynamoDB throttles and Lambda ` +
        `throttles.`,
      THRESHOLDS.api5xxPercent,
    );

    // Concurrency is an account-wide pool: throttles anywhere in it throttle this service too.
    this.lambdaThrottles = monitoring.alarm(
      this,
      'LambdaThrottles',
      new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: five }),
      `Lambda throttled ≥ ${THRESHOLDS.lambdaThrottles} invocations in 5 minutes (account and region wide: ` +
        `concurrency is one pool): API calls answer 429/500, consumers fall behind. Runbook: dashboard "Lambda ` +
        `throttles"; Service Quotas → Lambda concurrent executions (raise it), or find the function that took the ` +
        `pool (ConcurrentExecutions by function). Pages only: deployments roll back on each function's own ` +
        `throttles, not on this account-wide count.`,
      THRESHOLDS.lambdaThrottles,
    );

    const throttleMetrics: Record<string, Metric> = {};
    props.tables.forEach((table, index) => {
      throttleMetrics[`r${index}`] = table.metric('ReadThrottleEvents', { statistic: 'Sum', period: five });
      throttleMetrics[`w${index}`] = table.metric('WriteThrottleEvents', { statistic: 'Sum', period: five });
    });
    this.dynamoThrottles = monitoring.alarm(
      this,
      'DynamoThrottles',
      new MathExpression({
        expression: `SUM([${Object.keys(throttleMetrics)
          .map((m) => `FILL(${m},0)`)
          .join(',')}])`,
        usingMetrics: throttleMetrics,
        label: 'throttled reads + writes',
        period: five,
      }),
      `DynamoDB throttled ≥ ${THRESHOLDS.dynamoThrottles} reads or writes in 5 minutes (events, views, connections ` +
        `tables; the SDK retries, so this is what its retries did not absorb). Runbook: dashboard "DynamoDB" ` +
        `shows which table; on-demand tables throttle on a sudden multiple of the previous peak or a hot key: ` +
        `look for a replay or bulk job running, spread it out; the outbox and the redrive deliver what failed.`,
      THRESHOLDS.dynamoThrottles,
    );

    this.outboxAge = monitoring.alarm(
      this,
      'OutboxOldestAge',
      serviceMetric(MetricNames.OutboxOldestAge, 'Maximum', Duration.minutes(1)),
      `A commit has waited ≥ ${THRESHOLDS.outboxOldestAgeSeconds / 60} minutes to be published (outbox backlog): ` +
        `screens and e-mails do not follow changes. Runbook: the outbox-sweeper's logs (PutEvents errors, ` +
        `EventBridge throttling) and the bus's "EventBridge" dashboard row; nothing is lost, the sweeper ` +
        `publishes it once the bus takes it.`,
      THRESHOLDS.outboxOldestAgeSeconds,
      { evaluationPeriods: 2, datapointsToAlarm: 2 },
    );

    this.consumerLag = monitoring.alarm(
      this,
      'ConsumerLag',
      serviceMetric(MetricNames.ConsumerLag, 'p99', five),
      `Consumers apply events ≥ ${THRESHOLDS.consumerLagP99Ms / 1000} s after they happened (p99, 10 minutes): ` +
        `lists and dashboards show old data. Runbook: dashboard rows "Consumers" and "EventBridge" ` +
        `(failed invocations, throttles, DLQ depth); ` +
        `a poison event is in a dead-letter queue: npm run redrive -- --list.`,
      THRESHOLDS.consumerLagP99Ms,
      { evaluationPeriods: 2, datapointsToAlarm: 2 },
    );

    const hour = Duration.hours(1);
    const sends = `IF(FILL(sends, 0) > ${THRESHOLDS.sesMinimumSends}, FILL(sends, 0), ${THRESHOLDS.sesMinimumSends})`;
    this.sesBounces = monitoring.alarm(
      this,
      'SesBounceRate',
      new MathExpression({
        expression: `100 * FILL(bounces, 0) / ${sends}`,
        usingMetrics: { bounces: props.mail.metric('Bounce', hour), sends: props.mail.metric('Send', hour) },
        label: 'bounce % of sends',
        period: hour,
      }),
      `E-mail bounces ≥ ${THRESHOLDS.sesBouncePercent}% of sends in an hour (configuration ` +
        `set ${props.mail.configurationSetName}; SES reviews an account at 5% and may pause sending at 10%): ` +
        `invitations and resets stop arriving. Runbook: SES → Suppression list and the bounce notifications; look ` +
        `for a bulk invite to a bad list; pause the sender if it keeps rising.`,
      THRESHOLDS.sesBouncePercent,
    );
    this.sesComplaints = monitoring.alarm(
      this,
      'SesComplaintRate',
      new MathExpression({
        expression: `100 * FILL(complaints, 0) / ${sends}`,
        usingMetrics: { complaints: props.mail.metric('Complaint', hour), sends: props.mail.metric('Send', hour) },
        label: 'complaint % of sends',
        period: hour,
      }),
      `E-mail complaints ≥ ${THRESHOLDS.sesComplaintPercent}% of sends in an hour (SES reviews an account at 0.1% ` +
        `and may pause sending at 0.5%). Runbook: which mail (tag) people mark as spam; stop that mail; the ` +
        `complainers are suppressed by the configuration set.`,
      THRESHOLDS.sesComplaintPercent,
    );

    // Not user-facing: clients still get a checklist, only a worse one, so it pages without joining
    // usersAffected. The fallback's log line carries the reason and the fix.
    this.checklistFallbacks = monitoring.alarm(
      this,
      'ChecklistFallbacks',
      serviceMetric(MetricNames.ChecklistFallback, 'Sum', hour),
      `The local estimator answered ≥ ${THRESHOLDS.checklistFallbacks} checklists in an hour because the Bedrock ` +
        `model could not: clients get the rule-based checklist instead of the AI's. Runbook: the checklist ` +
        `function's log, message "Bedrock checklist failed; the local estimator answered": its reason ` +
        `(access_denied, model_not_in_region, subscription_required, throttled, timeout, invalid_answer) and fix; ` +
        `the metric's reason dimension shows which; docs/deploy.md §1.5 for model access.`,
      THRESHOLDS.checklistFallbacks,
    );

    if (Stack.of(this).region === 'us-east-1') {
      this.cloudFront5xx = monitoring.alarm(
        this,
        'CloudFront5xxRate',
        props.distribution.metric5xxErrorRate({ statistic: 'Average', period: five }),
        `CloudFront answered 5xx to ≥ ${THRESHOLDS.cloudFront5xxPercent}% of requests for 10 minutes: the site or ` +
          `the API is down for users. Runbook: if ApiServerErrorRate is also in ALARM, follow it; otherwise the ` +
          `origin (S3 site bucket, the API's origin header/WAF) or CloudFront's status page.`,
        THRESHOLDS.cloudFront5xxPercent,
        { evaluationPeriods: 2, datapointsToAlarm: 2 },
      );
    }

    const userFacing: IAlarm[] = [
      this.apiLatency,
      this.apiServerErrors,
      this.lambdaThrottles,
      this.dynamoThrottles,
      this.outboxAge,
      this.consumerLag,
    ];
    if (this.cloudFront5xx) userFacing.push(this.cloudFront5xx);
    this.usersAffected = new CompositeAlarm(this, 'UsersAffected', {
      alarmRule: AlarmRule.anyOf(...userFacing.map((alarm) => AlarmRule.fromAlarm(alarm, AlarmState.ALARM))),
      alarmDescription:
        'Users are affected: at least one of API latency, API 5xx, CloudFront 5xx, Lambda or DynamoDB throttles, ' +
        'outbox age or consumer lag is in ALARM. Runbook: open the dashboard (stack output DashboardUrl); the ' +
        'alarm-status row says which; each alarm’s description says what to do; a deployment in progress is ' +
        'rolled back by CodeDeploy.',
    });
    this.usersAffected.addAlarmAction(new SnsAction(monitoring.topic));
    this.usersAffected.addOkAction(new SnsAction(monitoring.topic));
  }

  /**
   * The alarms CodeDeploy watches while it shifts an API function's alias (with the function's own
   * throttles; the account-wide throttles alarm is no rollback trigger, throttle-alarms.ts).
   */
  get apiDeploymentAlarms(): IAlarm[] {
    return [this.apiServerErrors, this.apiLatency];
  }
}
