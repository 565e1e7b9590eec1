import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnTable } from 'aws-cdk-lib/aws-dynamodb';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../infra/stack/config.js';
import { Data, eventsTableId } from '../../infra/stack/data.js';
import cdkJson from '../../cdk.json' with { type: 'json' };

/**
 * Generations of the events table (data.ts): the sealing migration's target is created beside the
 * table in use, then the handlers move to it, and the table left is retained for the operator to
 * delete (docs/operations.md, "Migrating a store written before sealing"). The Data construct alone,
 * in a bare stack: no bundling, no whole synth.
 */
function data(props: { eventsGeneration?: number; nextEventsGeneration?: number }) {
  const stack = new Stack(new App(), 'Generations');
  const built = new Data(stack, 'Data', { stage: 'dev', ...props });
  const template = Template.fromStack(stack).toJSON() as { Resources: Record<string, any> };
  const id = (table: { node: { defaultChild?: unknown } } | undefined) =>
    table && stack.getLogicalId(table.node.defaultChild as CfnTable);
  const eventTables = Object.entries(template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::DynamoDB::Table')
    .filter(([, resource]) => resource.Properties.KeySchema?.[1]?.AttributeName === 'version')
    .map(([logicalId]) => logicalId);
  return { template, inUse: id(built.eventsTable), next: id(built.nextEventsTable), eventTables };
}

const config = (context: Record<string, unknown>) =>
  readConfig(new App({ context: { ...cdkJson.context, ...context } }).node);

describe('events table generations', () => {
  it('keeps the first table where it always was by default (no replacement on upgrade)', () => {
    const { inUse, next, eventTables } = data({});
    expect(eventTables).toEqual([inUse]);
    expect(inUse).toMatch(new RegExp(`^Data${eventsTableId(1)}[0-9A-F]{8}$`));
    expect(next).toBeUndefined();
    expect(config({})).toMatchObject({ eventsGeneration: 1, nextEventsGeneration: undefined });
  });

  it('builds the next generation beside it, protected and retained like it', () => {
    const { template, inUse, next, eventTables } = data({ nextEventsGeneration: 2 });
    expect(new Set(eventTables)).toEqual(new Set([inUse, next]));
    expect(inUse).toBe(data({}).inUse);
    for (const logicalId of [inUse!, next!]) {
      const table = template.Resources[logicalId];
      // Retained when it leaves the template (a failed first create still removes it, empty).
      expect(table.DeletionPolicy).toBe('RetainExceptOnCreate');
      expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(table.Properties.DeletionProtectionEnabled).toHaveProperty('Fn::If');
      expect(table.Properties.GlobalSecondaryIndexes[0].IndexName).toBe('byTime');
    }
  });

  it('moves to the new generation: the old table leaves the template (retained by CloudFormation)', () => {
    const before = data({ nextEventsGeneration: 2 });
    const after = data({ eventsGeneration: 2 });
    expect(after.inUse).toBe(before.next);
    expect(after.eventTables).toEqual([before.next]);
  });

  it('refuses a next generation that is not above the one in use', () => {
    expect(config({ eventsGeneration: 2, nextEventsGeneration: 3 })).toMatchObject({
      eventsGeneration: 2,
      nextEventsGeneration: 3,
    });
    expect(() => config({ eventsGeneration: 2, nextEventsGeneration: 2 })).toThrow(ConfigError);
    expect(() => config({ eventsGeneration: 0 })).toThrow(ConfigError);
  });
});
