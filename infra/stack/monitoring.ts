import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { acknowledge } from './nag.js';

/**
 * Alarms and where they go: one SNS topic (subscribe an address with the `alarmEmail` context, or
 * anything else in the console), and for every asynchronous consumer a dead-letter queue with an
 * alarm on its depth and an alarm on the function's errors.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: { alarmEmail?: string }) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { enforceSSL: true, displayName: 'Design Club alarms' });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
  }

  alarm(scope: Construct, id: string, metric: IMetric, description: string, threshold = 1): Alarm {
    const alarm = new Alarm(scope, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  /**
   * The dead-letter queue of an asynchronous function (both the EventBridge target's and the
   * function's own), with alarms on its depth and on the function's errors.
   */
  deadLetterQueue(scope: Construct, name: string): Queue {
    const queue = new Queue(scope, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      queue,
      'AwsSolutions-SQS3',
      `This queue is itself a dead-letter queue (${name}: its EventBridge target and its Lambda asynchronous invocations); a DLQ has no DLQ of its own.`,
    );
    this.alarm(
      scope,
      'DeadLettersAlarm',
      queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      `${name}: events that could not be delivered or failed every retry are waiting in the dead-letter queue. Inspect, fix, redrive.`,
    );
    return queue;
  }

  functionErrors(scope: Construct, name: string, fn: IFunction): Alarm {
    return this.alarm(
      scope,
      'ErrorsAlarm',
      fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      `${name}: the function failed (it is retried; repeated failures end in its dead-letter queue).`,
    );
  }
}
