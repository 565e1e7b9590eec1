import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SOURCE as PUBLISHED_SOURCE } from '../../functions/platform/event-store/publisher.js';
import { EVENT_SOURCE } from '../../infra/stack/functions.js';
import { consumers, schedules } from '../../infra/routes.js';
import { MAX_PATTERN_CHARS, patternChunks } from '../../infra/stack/events.js';
import { redriveSource } from '../../infra/redrive/names.js';
import { refOf, resourcesOf, synthesized, type SynthResult, type TemplateJson } from './support/synth.js';

let json: TemplateJson;
let result: SynthResult;

beforeAll(async () => {
  ({ json, result } = await synthesized());
});

const functionId = (handler: string) => result.functions.find((fn) => fn.handler === handler)!.logicalId;
/** Rules invoke the function's live alias. */
const aliasId = (handler: string) => result.functions.find((fn) => fn.handler === handler)!.aliasLogicalId;

const rulesTargeting = (logicalId: string) =>
  resourcesOf(json, 'AWS::Events::Rule').filter(([, props]) =>
    (props.Targets as { Arn: unknown }[]).some((target) => refOf(target.Arn) === logicalId),
  );

/** The queue behind a function's failures: the rule target's DLQ and the async on-failure destination. */
function deadLetters(logicalId: string, rule: Record<string, any>) {
  const alias = result.functions.find((fn) => fn.logicalId === logicalId)!.aliasLogicalId;
  const target = (rule.Targets as { Arn: unknown; DeadLetterConfig?: { Arn: unknown } }[]).find(
    (t) => refOf(t.Arn) === alias,
  )!;
  const targetQueue = refOf(target.DeadLetterConfig?.Arn);
  const invokeConfigs = resourcesOf(json, 'AWS::Lambda::EventInvokeConfig').filter(
    ([, props]) => refOf(props.FunctionName) === logicalId,
  );
  expect(invokeConfigs).toHaveLength(1);
  const onFailure = refOf(invokeConfigs[0]![1].DestinationConfig?.OnFailure?.Destination);
  return { targetQueue, onFailure, invokeConfig: invokeConfigs[0]![1] };
}

function alarmsOn(dimension: { Name: string; ref: string }) {
  return resourcesOf(json, 'AWS::CloudWatch::Alarm').filter(([, props]) =>
    (props.Dimensions as { Name: string; Value: unknown }[] | undefined)?.some(
      (d) => d.Name === dimension.Name && refOf(d.Value) === dimension.ref,
    ),
  );
}

function expectDlqAndAlarms(logicalId: string, rule: Record<string, any>) {
  const { targetQueue, onFailure } = deadLetters(logicalId, rule);
  expect(targetQueue).toBeDefined();
  expect(onFailure).toBe(targetQueue);
  const queue = json.Resources[targetQueue!]!;
  expect(queue.Type).toBe('AWS::SQS::Queue');
  expect(queue.Properties!.SqsManagedSseEnabled).toBe(true);
  expect(queue.Properties!.MessageRetentionPeriod).toBe(14 * 24 * 3600);

  const queueAlarms = alarmsOn({ Name: 'QueueName', ref: targetQueue! });
  expect(queueAlarms.map(([, a]) => a.MetricName)).toContain('ApproximateNumberOfMessagesVisible');
  const [, depth] = queueAlarms.find(([, a]) => a.MetricName === 'ApproximateNumberOfMessagesVisible')!;
  expect(depth).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
  expect(depth.AlarmActions).toHaveLength(1);

  const errorAlarms = alarmsOn({ Name: 'FunctionName', ref: logicalId }).filter(([, a]) => a.MetricName === 'Errors');
  expect(errorAlarms).toHaveLength(1);
  expect(errorAlarms[0]![1].AlarmActions).toHaveLength(1);
}

describe('event bus', () => {
  it('publishes and routes with the source the publisher uses', () => {
    expect(EVENT_SOURCE).toBe(PUBLISHED_SOURCE);
  });

  it('archives everything the service publishes', () => {
    const archives = resourcesOf(json, 'AWS::Events::Archive');
    expect(archives).toHaveLength(1);
    const [, archive] = archives[0]!;
    expect(JSON.stringify(archive.SourceArn)).toContain(result.busLogicalId);
    expect(archive.EventPattern).toEqual({ source: [EVENT_SOURCE] });
    expect(archive.RetentionDays).toBe(365);
  });

  it('has no rule that is not generated from the table', () => {
    // Plus one redrive rule per consumer (infra/redrive/names.ts).
    const expected =
      consumers.reduce((sum, consumer) => sum + patternChunks(consumer.eventTypes).length + 1, 0) + schedules.length;
    expect(resourcesOf(json, 'AWS::Events::Rule')).toHaveLength(expected);
  });
});

describe.each(consumers.map((consumer) => [consumer.name, consumer] as const))('consumer %s', (_, consumer) => {
  it('has rules on the bus matching exactly its event types, with a DLQ and alarms', () => {
    const logicalId = functionId(consumer.handler);
    const all = rulesTargeting(aliasId(consumer.handler)).filter(([, props]) => props.EventPattern);
    const rules = all.filter(([, props]) => props.EventPattern.source[0] === EVENT_SOURCE);
    // And its redrive rule: only events put for this consumer by npm run redrive, into the same DLQ.
    const redrive = all.filter(([, props]) => props.EventPattern.source[0] !== EVENT_SOURCE);
    expect(redrive.map(([, props]) => props.EventPattern)).toEqual([{ source: [redriveSource(consumer.name)] }]);
    expect(redrive[0]![1].EventBusName).toEqual({ Ref: result.busLogicalId });
    expect(deadLetters(logicalId, redrive[0]![1]).targetQueue).toBe(deadLetters(logicalId, rules[0]![1]).targetQueue);
    expect(rules.length).toBeGreaterThanOrEqual(1);
    const matched: string[] = [];
    for (const [, rule] of rules) {
      expect(rule.EventBusName).toEqual({ Ref: result.busLogicalId });
      expect(Object.keys(rule.EventPattern).sort()).toEqual(['detail-type', 'source']);
      expect(rule.EventPattern.source).toEqual([EVENT_SOURCE]);
      // EventBridge refuses patterns over 2,048 characters (default quota).
      expect(JSON.stringify(rule.EventPattern).length).toBeLessThanOrEqual(MAX_PATTERN_CHARS);
      matched.push(...(rule.EventPattern['detail-type'] as string[]));
      expectDlqAndAlarms(logicalId, rule);
    }
    expect(matched).toEqual([...consumer.eventTypes]);
    const permissions = resourcesOf(json, 'AWS::Lambda::Permission').filter(
      ([, p]) => refOf(p.FunctionName) === aliasId(consumer.handler) && p.Principal === 'events.amazonaws.com',
    );
    expect(permissions.length).toBe(rules.length + 1);
  });
});

describe('event pattern size', () => {
  it('splits a long list of event types into rules that each fit', () => {
    const types = Array.from({ length: 200 }, (_, i) => `SomethingRatherLongHappened${i}`);
    const chunks = patternChunks(types);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flat()).toEqual(types);
    for (const chunk of chunks) {
      expect(JSON.stringify({ source: [EVENT_SOURCE], 'detail-type': chunk }).length).toBeLessThanOrEqual(
        MAX_PATTERN_CHARS,
      );
    }
  });
});

describe.each(schedules.map((schedule) => [schedule.name, schedule] as const))('schedule %s', (_, schedule) => {
  const period = schedule.dailyAt
    ? `daily at ${schedule.dailyAt.hour}:${String(schedule.dailyAt.minute).padStart(2, '0')} UTC`
    : `every ${schedule.everyMinutes} minute(s)`;
  it(`runs ${period}, with a DLQ and alarms, shorter than its period`, () => {
    const logicalId = functionId(schedule.handler);
    const rules = rulesTargeting(aliasId(schedule.handler)).filter(([, props]) => props.ScheduleExpression);
    expect(rules).toHaveLength(1);
    const [, rule] = rules[0]!;
    const unit = schedule.everyMinutes === 1 ? 'minute' : 'minutes';
    expect(rule.ScheduleExpression).toBe(
      schedule.dailyAt
        ? `cron(${schedule.dailyAt.minute} ${schedule.dailyAt.hour} * * ? *)`
        : `rate(${schedule.everyMinutes} ${unit})`,
    );
    expectDlqAndAlarms(logicalId, rule);
    const timeout = json.Resources[logicalId]!.Properties!.Timeout as number;
    expect(timeout).toBeLessThan(schedule.everyMinutes * 60);
    // A failed sweep is not retried: the next tick sweeps again.
    expect(deadLetters(logicalId, rule).invokeConfig.MaximumRetryAttempts).toBe(0);
  });
});
