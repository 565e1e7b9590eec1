import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import type { HandlerFunction } from './functions.js';
import { acknowledgeGuard } from './guard.js';

/** Throttled invocations of one function in one minute that roll back its deployment. */
export const FUNCTION_THROTTLES_THRESHOLD = 5;

/**
 * One alarm per function on its own throttles: what CodeDeploy watches while it shifts that
 * function's alias. The account-wide LambdaThrottles alarm (alarms.ts) stays on the dashboard and
 * pages, but is no rollback trigger: concurrency is one pool per account and region (10 in a new
 * account), so a throttle anywhere in it would roll back any deploy.
 *
 * These alarms only gate deployments; they notify nobody (the account-wide alarm does).
 */
export class FunctionThrottleAlarms extends Construct {
  readonly byHandler = new Map<string, Alarm>();

  constructor(scope: Construct, id: string, props: { functions: readonly HandlerFunction[] }) {
    super(scope, id);
    acknowledgeGuard(
      this,
      'cloudwatch_alarm_action_check',
      'Rollback triggers of the CodeDeploy deployment groups, which read their state; the account-wide ' +
        'LambdaThrottles alarm notifies the alarm topic, so one per function would only repeat it.',
    );
    for (const entry of props.functions) {
      const alarm = new Alarm(this, entry.name, {
        metric: entry.fn.metricThrottles({ period: Duration.minutes(1), statistic: 'Sum' }),
        threshold: FUNCTION_THROTTLES_THRESHOLD,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription:
          `${entry.handler}: throttled ≥ ${FUNCTION_THROTTLES_THRESHOLD} invocations in a minute. ` +
          `Rollback trigger of its CodeDeploy deployment group only (the account-wide LambdaThrottles alarm ` +
          `pages).`,
      });
      this.byHandler.set(entry.handler, alarm);
    }
  }
}
