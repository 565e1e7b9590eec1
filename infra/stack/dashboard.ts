import {
  Aws,
  DefaultTokenResolver,
  Duration,
  Lazy,
  StringConcat,
  Tokenization,
  type IPostProcessor,
  type IResolvable,
  type IResolveContext,
} from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AlarmStatusWidget,
  type CfnDashboard,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  type IAlarm,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus, Rule } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';
import { MetricNames } from '../../shared/metrics.js';
import type { RouteDefinition } from '../routes.js';
import { groupExpression, routeGroups, stageMetric, type ApiMetricName } from './api-metrics.js';
import { serviceMetric } from './alarms.js';
import type { FunctionKind, HandlerFunction } from './functions.js';
import type { Mail } from './mail.js';
import { accountGlobalName } from './names.js';
import type { DeadLetterQueue } from './monitoring.js';

export interface OperationsDashboardProps {
  stage: string;
  api: IHttpApi;
  routes: readonly RouteDefinition[];
  functions: readonly HandlerFunction[];
  tables: { name: string; table: ITable }[];
  bus: IEventBus;
  /** Rules on the service's bus (onBus) or the default bus (schedules). */
  rules: { name: string; rule: Rule; onBus: boolean }[];
  deadLetterQueues: readonly DeadLetterQueue[];
  realtimeApiId: string;
  realtimeStage: string;
  mail: Mail;
  distribution: Distribution;
  alarms: IAlarm[];
}

const FIVE = Duration.minutes(5);
const KINDS: FunctionKind[] = ['api', 'consumer', 'schedule', 'trigger', 'realtime'];
const WIDE = 12;
const HIGH = 6;

/**
 * The operator's one page (CloudWatch dashboard `design-club-<stage>`), top to bottom in the order
 * one asks at 3 a.m.: are alarms firing; what do the API's route groups answer and how fast; are
 * commands accepted; do the functions fail or throttle; does DynamoDB throttle; does the bus deliver;
 * what waits in the dead-letter queues and the outbox, and how late the consumers are; live-update
 * connections; e-mail bounces and complaints; CloudFront.
 */
export class OperationsDashboard extends Construct {
  readonly dashboard: Dashboard;
  readonly dashboardName: string;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    this.dashboardName = accountGlobalName(this, props.stage);
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: this.dashboardName,
      defaultInterval: Duration.hours(3),
    });
    const rows: IWidget[][] = [];

    rows.push([
      new TextWidget({
        width: 24,
        height: 2,
        markdown:
          `# Design Club ${props.stage}\nEach alarm's description is its runbook. Stuck events: \`npm run ` +
          `redrive -- --list\`. Rollback: CodeDeploy (application design-club-${props.stage}). Runbook: ` +
          `docs/operations.md in the repository.`,
      }),
    ]);
    rows.push([new AlarmStatusWidget({ title: 'Alarms', width: 24, height: 4, alarms: props.alarms })]);

    // API by route group (detailed route metrics, api-metrics.ts).
    const groups = routeGroups(props.routes);
    const byGroup = (metric: ApiMetricName) =>
      [...groups].map(([group, routes]) => groupExpression(props.api, group, routes, metric));
    rows.push([
      graph('API requests by route group', byGroup('Count'), { stacked: true }),
      graph('API 4xx by route group', byGroup('4xx')),
    ]);
    rows.push([
      graph('API 5xx by route group', byGroup('5xx')),
      graph('API p99 latency by route group (ms, slowest route of the group)', byGroup('Latency')),
    ]);
    rows.push([
      graph('API totals', [
        stageMetric(props.api, 'Count', 'Sum'),
        stageMetric(props.api, '4xx', 'Sum'),
        stageMetric(props.api, '5xx', 'Sum'),
      ]),
      graph('Commands (accepted, conflicts answered 409, refused by the domain)', [
        serviceMetric(MetricNames.CommandAccepted, 'Sum'),
        serviceMetric(MetricNames.CommandConflict, 'Sum'),
        serviceMetric(MetricNames.CommandRefused, 'Sum'),
      ]),
    ]);

    // Lambda, per kind of function: sums of errors and throttles, the slowest p99.
    const byKind = (metricName: 'Errors' | 'Throttles' | 'Duration') =>
      KINDS.flatMap((kind) => {
        const members = props.functions.filter((entry) => entry.kinds.has(kind));
        if (members.length === 0) return [];
        const usingMetrics = Object.fromEntries(
          members.map((entry, index) => [
            `${kind}_${index}`,
            entry.fn.metric(metricName, { statistic: metricName === 'Duration' ? 'p99' : 'Sum', period: FIVE }),
          ]),
        );
        const ids = Object.keys(usingMetrics);
        const expression =
          metricName === 'Duration' ? `MAX([${ids.join(',')}])` : `SUM([${ids.map((m) => `FILL(${m},0)`).join(',')}])`;
        return [new MathExpression({ expression, usingMetrics, label: `${kind} (${members.length})`, period: FIVE })];
      });
    rows.push([
      graph('Lambda errors by kind', byKind('Errors'), { width: 8 }),
      graph('Lambda throttles by kind', byKind('Throttles'), { width: 8 }),
      graph('Lambda duration p99 by kind (ms, slowest function)', byKind('Duration'), { width: 8 }),
    ]);

    // DynamoDB.
    rows.push([
      graph(
        'DynamoDB throttled reads / writes',
        props.tables.flatMap(({ name, table }) => [
          table.metric('ReadThrottleEvents', { statistic: 'Sum', period: FIVE, label: `${name} reads` }),
          table.metric('WriteThrottleEvents', { statistic: 'Sum', period: FIVE, label: `${name} writes` }),
        ]),
      ),
      graph(
        'DynamoDB consumed capacity units',
        props.tables.flatMap(({ name, table }) => [
          table.metricConsumedReadCapacityUnits({ statistic: 'Sum', period: FIVE, label: `${name} RCU` }),
          table.metricConsumedWriteCapacityUnits({ statistic: 'Sum', period: FIVE, label: `${name} WCU` }),
        ]),
      ),
    ]);

    // EventBridge and the dead letters.
    // Rules on a custom bus publish per bus and rule; the default bus's rules per rule name.
    const ruleMetric = ({ rule, onBus }: { rule: Rule; onBus: boolean }, metricName: string, label: string) =>
      new Metric({
        namespace: 'AWS/Events',
        metricName,
        dimensionsMap: onBus
          ? { EventBusName: props.bus.eventBusName, RuleName: rule.ruleName }
          : { RuleName: rule.ruleName },
        statistic: 'Sum',
        period: FIVE,
        label,
      });
    rows.push([
      graph(
        'EventBridge failed invocations / sent to DLQ, per rule',
        props.rules.flatMap((entry) => [
          ruleMetric(entry, 'FailedInvocations', `${entry.name} failed`),
          ruleMetric(entry, 'InvocationsSentToDlq', `${entry.name} to DLQ`),
        ]),
      ),
      graph(
        'Dead-letter queue depth (npm run redrive -- --list)',
        props.deadLetterQueues.map((dlq) =>
          dlq.queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE, label: dlq.name }),
        ),
      ),
    ]);

    // The outbox and the consumers.
    rows.push([
      graph(
        'Outbox backlog (commits not yet published) and oldest age (s)',
        [serviceMetric(MetricNames.OutboxBacklog, 'Maximum', Duration.minutes(1))],
        {
          right: [serviceMetric(MetricNames.OutboxOldestAge, 'Maximum', Duration.minutes(1))],
          width: 8,
        },
      ),
      graph(
        'Consumer lag (ms from event to projection)',
        [
          serviceMetric(MetricNames.ConsumerLag, 'p50'),
          serviceMetric(MetricNames.ConsumerLag, 'p99'),
          serviceMetric(MetricNames.ConsumerLag, 'Maximum'),
        ],
        { width: 8 },
      ),
      graph(
        'Live updates (WebSocket)',
        ['ConnectCount', 'MessageCount', 'IntegrationError', 'ClientError'].map(
          (metricName) =>
            new Metric({
              namespace: 'AWS/ApiGateway',
              metricName,
              dimensionsMap: { ApiId: props.realtimeApiId, Stage: props.realtimeStage },
              statistic: 'Sum',
              period: FIVE,
            }),
        ),
        { width: 8 },
      ),
    ]);

    // E-mail and CloudFront (CloudFront's metrics live in us-east-1 whatever the stack's region).
    const hour = Duration.hours(1);
    const sends = props.mail.metric('Send', hour);
    rows.push([
      graph(
        'E-mail (SES configuration set, per hour)',
        (['Send', 'Delivery', 'Bounce', 'Complaint', 'Reject'] as const).map((name) => props.mail.metric(name, hour)),
        {
          right: [
            new MathExpression({
              expression: '100 * FILL(b,0) / IF(FILL(s,0) > 0, s, 1)',
              usingMetrics: { b: props.mail.metric('Bounce', hour), s: sends },
              label: 'bounce %',
              period: hour,
            }),
            new MathExpression({
              expression: '100 * FILL(c,0) / IF(FILL(s,0) > 0, s, 1)',
              usingMetrics: { c: props.mail.metric('Complaint', hour), s: sends },
              label: 'complaint %',
              period: hour,
            }),
          ],
        },
      ),
      graph(
        'CloudFront requests and error rates (%)',
        [props.distribution.metricRequests({ statistic: 'Sum', period: FIVE, region: 'us-east-1' })],
        {
          right: [
            props.distribution.metric4xxErrorRate({ statistic: 'Average', period: FIVE, region: 'us-east-1' }),
            props.distribution.metric5xxErrorRate({ statistic: 'Average', period: FIVE, region: 'us-east-1' }),
          ],
        },
      ),
    ]);

    for (const row of rows) this.dashboard.addWidgets(...row);
    // The body names the API, the functions and the tables hundreds of times; each name is a reference
    // into a nested stack's outputs. Written as Fn::Sub, each reference appears once, as a variable.
    const body = this.dashboard.node.defaultChild as CfnDashboard;
    const joined = body.dashboardBody;
    body.addPropertyOverride('DashboardBody', Lazy.any({ produce: () => bodyAsSub(this, joined) }));
  }

  /** The console address of the dashboard (a stack output). */
  get url(): string {
    const home = `https://${Aws.REGION}.console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}`;
    return `${home}#dashboards:name=${this.dashboardName}`;
  }
}

function graph(
  title: string,
  left: IMetric[],
  options: { right?: IMetric[]; width?: number; stacked?: boolean } = {},
): GraphWidget {
  return new GraphWidget({
    title,
    left,
    right: options.right,
    width: options.width ?? WIDE,
    height: HIGH,
    stacked: options.stacked,
  });
}

/**
 * Resolves a string with every reference left out: each token that stands for a `Ref` or an `Fn::`
 * (a resource's attribute, a pseudo parameter such as the region) becomes a placeholder, and the
 * token itself is kept, once per distinct value.
 */
class ReferencePlaceholders extends DefaultTokenResolver {
  readonly references: IResolvable[] = [];
  private readonly seen = new Map<string, number>();
  constructor() {
    super(new StringConcat());
  }
  override resolveToken(token: IResolvable, context: IResolveContext, postProcessor: IPostProcessor): unknown {
    const resolved = super.resolveToken(token, context, postProcessor);
    if (!isIntrinsic(resolved)) return resolved;
    const key = JSON.stringify(resolved);
    let index = this.seen.get(key);
    if (index === undefined) {
      index = this.references.push(token) - 1;
      this.seen.set(key, index);
    }
    return `@@ref${index}@@`;
  }
}

const isIntrinsic = (value: unknown): boolean => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0]!.startsWith('Fn::'));
};

/**
 * A string token as `{ Fn::Sub: [text, variables] }`, one variable per distinct reference, the
 * references themselves kept as tokens (so the stack still turns those into another stack's outputs
 * into that stack's outputs). The value CloudFormation computes is the same string. A string that
 * holds other tokens than references is left as it is.
 */
export function bodyAsSub(scope: Construct, body: string): unknown {
  const resolver = new ReferencePlaceholders();
  const text = Tokenization.resolve(body, { scope, resolver, preparing: false });
  if (typeof text !== 'string') return body;
  const variables: Record<string, IResolvable> = {};
  const sub = text.replaceAll('${', '${!').replace(/@@ref(\d+)@@/g, (_match, index: string) => {
    variables[`R${index}`] = resolver.references[Number(index)]!;
    return `\${R${index}}`;
  });
  return { 'Fn::Sub': [sub, variables] };
}
