import { Duration } from 'aws-cdk-lib';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { AnyPrincipal, Effect, PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Construct } from 'constructs';
import { redriveSource } from '../redrive/names.js';
import { handlerName, type ConsumerDefinition, type ScheduleDefinition } from '../routes.js';
import { EVENT_SOURCE, type HandlerFunctions } from './functions.js';
import type { Monitoring } from './monitoring.js';

/** The bus the handlers publish to, with an archive of everything they publish. */
export class EventsBus extends Construct {
  readonly bus: EventBus;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus', { eventBusName: `design-club-${props.stage}` });
    // The event store is the system of record; the archive lets a consumer be replayed from the bus.
    this.bus.archive('Archive', {
      description: 'Every event the service published (replay into the bus to re-drive consumers)',
      eventPattern: { source: [EVENT_SOURCE] },
      retention: Duration.days(365),
    });
  }

  /**
   * Events of the product's source are put only by the stack's publishing roles: any other
   * principal (another role of the account, an operator's shell) is refused, so nothing can make a
   * consumer believe the store recorded something it did not. The publishing roles still need their
   * own PutEvents grant; this policy only denies.
   */
  restrictPublishers(roles: readonly IRole[]): void {
    if (roles.length === 0) throw new Error('No function publishes events: the bus policy would deny everyone.');
    this.bus.addToResourcePolicy(
      new PolicyStatement({
        sid: 'OnlyTheServicePublishesItsEvents',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['events:PutEvents'],
        resources: [this.bus.eventBusArn],
        conditions: {
          StringEquals: { 'events:source': EVENT_SOURCE },
          ArnNotEquals: { 'aws:PrincipalArn': roles.map((role) => role.roleArn) },
          // Only callers with an IAM identity: EventBridge's own deliveries (an archive replay) have none.
          Null: { 'aws:PrincipalArn': 'false' },
        },
      }),
    );
  }
}

/**
 * One rule per row of `consumers` (matching the row's event types) and one per row of `schedules`,
 * each with a dead-letter queue and alarms. Delivery is asynchronous: EventBridge retries delivery,
 * Lambda retries a failed invocation twice, and what still fails lands in the queue. Every consumer
 * also has a redrive rule (infra/redrive.ts) through which `npm run redrive` re-delivers a dead
 * letter to that consumer alone. Targets are the functions' `live` aliases.
 */
export class Consumers extends Construct {
  readonly rules = new Map<string, Rule>();
  /** Per consumer: the rule `npm run redrive` re-delivers through. */
  readonly redriveRules = new Map<string, Rule>();

  constructor(
    scope: Construct,
    id: string,
    props: {
      bus: EventBus;
      consumers: readonly ConsumerDefinition[];
      schedules: readonly ScheduleDefinition[];
      functions: HandlerFunctions;
      monitoring: Monitoring;
    },
  ) {
    super(scope, id);
    const { bus, functions, monitoring } = props;

    for (const consumer of props.consumers) {
      if (consumer.eventTypes.length === 0) throw new Error(`Consumer ${consumer.name} has no event types`);
      const scopeFor = new Construct(this, `Consumer-${consumer.name}`);
      const fn = functions.forHandler(consumer.handler, 'consumer');
      const dlq = monitoring.deadLetterQueue(scopeFor, `consumer ${consumer.name}`, {
        kind: 'consumer',
        row: consumer.name,
      });
      fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6), onFailure: new SqsDestination(dlq) });
      // One rule per slice of event types that fits EventBridge's pattern size (2,048 characters).
      patternChunks(consumer.eventTypes).forEach((eventTypes, index) => {
        const rule = new Rule(scopeFor, index === 0 ? 'Rule' : `Rule${index + 1}`, {
          eventBus: bus,
          description: `${consumer.name}: ${consumer.summary}`.slice(0, 512),
          eventPattern: { source: [EVENT_SOURCE], detailType: eventTypes },
          targets: [
            new LambdaFunction(fn, { deadLetterQueue: dlq, retryAttempts: 8, maxEventAge: Duration.hours(24) }),
          ],
        });
        this.rules.set(index === 0 ? consumer.name : `${consumer.name}#${index + 1}`, rule);
      });
      this.redriveRules.set(
        consumer.name,
        new Rule(scopeFor, 'RedriveRule', {
          eventBus: bus,
          description: `${consumer.name}: dead letters re-delivered by npm run redrive (to this consumer only)`,
          eventPattern: { source: [redriveSource(consumer.name)] },
          targets: [
            new LambdaFunction(fn, { deadLetterQueue: dlq, retryAttempts: 8, maxEventAge: Duration.hours(24) }),
          ],
        }),
      );
      monitoring.functionErrors(scopeFor, `consumer ${consumer.name}`, fn);
    }

    for (const schedule of props.schedules) {
      const scopeFor = new Construct(this, `Schedule-${schedule.name}`);
      const fn = functions.forHandler(schedule.handler, 'schedule');
      const dlq = monitoring.deadLetterQueue(scopeFor, `schedule ${schedule.name}`, {
        kind: 'schedule',
        row: schedule.name,
      });
      // The next tick does the work again: no retries that could overlap it.
      fn.configureAsyncInvoke({
        retryAttempts: 0,
        maxEventAge: Duration.minutes(5),
        onFailure: new SqsDestination(dlq),
      });
      const rule = new Rule(scopeFor, 'Rule', {
        description: `${schedule.name} (${handlerName(schedule.handler)}): ${schedule.summary}`.slice(0, 512),
        schedule: schedule.dailyAt
          ? Schedule.cron({ hour: String(schedule.dailyAt.hour), minute: String(schedule.dailyAt.minute) })
          : Schedule.rate(Duration.minutes(schedule.everyMinutes)),
        targets: [new LambdaFunction(fn, { deadLetterQueue: dlq, retryAttempts: 2, maxEventAge: Duration.minutes(5) })],
      });
      monitoring.functionErrors(scopeFor, `schedule ${schedule.name}`, fn);
      this.rules.set(schedule.name, rule);
    }
  }
}

/** EventBridge's default limit on an event pattern's size, in characters. */
export const MAX_PATTERN_CHARS = 2048;

/** Splits event types into groups whose rule pattern stays within MAX_PATTERN_CHARS. */
export function patternChunks(eventTypes: readonly string[]): string[][] {
  const size = (types: string[]) => JSON.stringify({ source: [EVENT_SOURCE], 'detail-type': types }).length;
  const chunks: string[][] = [[]];
  for (const type of eventTypes) {
    const current = chunks[chunks.length - 1]!;
    if (current.length > 0 && size([...current, type]) > MAX_PATTERN_CHARS) chunks.push([type]);
    else current.push(type);
  }
  return chunks;
}
