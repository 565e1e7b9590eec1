import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { acknowledgeGuard } from './guard.js';
import { acknowledge } from './nag.js';

/** A dead-letter queue and what it holds the failures of (the dashboard and `npm run redrive` list them). */
export interface DeadLetterQueue {
  /** "consumer projections", "schedule outbox-sweeper". */
  name: string;
  kind: 'consumer' | 'schedule';
  /** The row's name in infra/routes.ts. */
  row: string;
  queue: Queue;
}

/**
 * Alarms and where they go: one SNS topic (subscribe an address with the `alarmEmail` context, or
 * anything else in the console) that hears both when an alarm fires and when it is OK again, and for
 * every asynchronous consumer a dead-letter queue with an alarm on its depth and an alarm on the
 * function's errors. The alarms on what users feel are in alarms.ts.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly deadLetterQueues: DeadLetterQueue[] = [];
  /** Errors alarms per function handler (consumers, schedules, triggers): CodeDeploy rolls back on them. */
  readonly errorAlarms = new Map<IFunction, Alarm>();

  constructor(scope: Construct, id: string, props: { alarmEmail?: string }) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { enforceSSL: true, displayName: 'Design Club alarms' });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
  }

  /**
   * An alarm that notifies the topic when it fires and when it clears. `description` is the runbook
   * line: what it means and what to do first.
   */
  alarm(
    scope: Construct,
    id: string,
    metric: IMetric,
    description: string,
    threshold = 1,
    options: { evaluationPeriods?: number; datapointsToAlarm?: number; comparison?: ComparisonOperator } = {},
  ): Alarm {
    const alarm = new Alarm(scope, id, {
      metric,
      threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm,
      comparisonOperator: options.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  /**
   * The dead-letter queue of an asynchronous function (both the EventBridge target's and the
   * function's own), with alarms on its depth and on the function's errors.
   */
  deadLetterQueue(scope: Construct, name: string, source?: { kind: DeadLetterQueue['kind']; row: string }): Queue {
    const queue = new Queue(scope, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      queue,
      'AwsSolutions-SQS3',
      `This queue is itself a dead-letter queue (${name}: its EventBridge target and its Lambda asynchronous ` +
        `invocations); a DLQ has no DLQ of its own.`,
    );
    acknowledgeGuard(
      queue,
      'sqs_dlq_check',
      `This queue is itself a dead-letter queue (${name}); a dead-letter queue has none of its own.`,
    );
    this.alarm(
      scope,
      'DeadLettersAlarm',
      queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      `${name}: events that could not be delivered or failed every retry are waiting in its dead-letter queue. ` +
        `Runbook: \`npm run redrive -- --list\` shows each event (stream, version) and its error; fix the cause ` +
        `(logs of the function), then \`npm run redrive\`.`,
    );
    if (source) this.deadLetterQueues.push({ name, ...source, queue });
    return queue;
  }

  /**
   * The alarm goes in the function's own stack (a feature's nested stack, feature-stacks.ts), under
   * `scope`'s id: the function's deployment group there watches it, and an alarm in the parent on a
   * nested function would make the two stacks wait for each other.
   */
  functionErrors(scope: Construct, name: string, fn: IFunction): Alarm {
    const alarm = this.alarm(
      this.inStackOf(fn, scope),
      'ErrorsAlarm',
      fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      `${name}: the function failed (it is retried; repeated failures end in its dead-letter queue). Runbook: read ` +
        `its log group (Functions/Logs, stream = function name); during a deployment CodeDeploy rolls back on ` +
        `this alarm.`,
    );
    this.errorAlarms.set(fn, alarm);
    return alarm;
  }

  private readonly nestedScopes = new Map<string, Construct>();

  /** `scope` itself when it is in `member`'s stack; otherwise a construct of the same id there. */
  private inStackOf(member: Construct, scope: Construct): Construct {
    const stack = Stack.of(member);
    if (Stack.of(scope) === stack) return scope;
    const key = `${stack.node.path} ${scope.node.id}`;
    let home = this.nestedScopes.get(key);
    if (!home) {
      let errors = stack.node.tryFindChild('FunctionErrors') as Construct | undefined;
      if (!errors) errors = new Construct(stack, 'FunctionErrors');
      home = new Construct(errors, scope.node.id);
      this.nestedScopes.set(key, home);
    }
    return home;
  }
}
