import { beforeAll, describe, expect, it } from 'vitest';
import { connectionsTable, eventsTable, viewsTable, type TableDefinition } from '../../shared/tables.js';
import { policiesOf, synthesized, type SynthResult, type TemplateJson } from './support/synth.js';

let json: TemplateJson;
let result: SynthResult;

beforeAll(async () => {
  ({ json, result } = await synthesized());
});

/** The CloudFormation shape shared/tables.ts describes. */
function expectTable(props: Record<string, any>, definition: TableDefinition) {
  expect(props.KeySchema).toEqual([
    { AttributeName: definition.partitionKey, KeyType: 'HASH' },
    { AttributeName: definition.sortKey.name, KeyType: 'RANGE' },
  ]);
  const types = Object.fromEntries(
    (props.AttributeDefinitions as { AttributeName: string; AttributeType: string }[]).map((a) => [
      a.AttributeName,
      a.AttributeType,
    ]),
  );
  expect(types[definition.partitionKey]).toBe('S');
  expect(types[definition.sortKey.name]).toBe(definition.sortKey.type);
  const indexes = props.GlobalSecondaryIndexes as {
    IndexName: string;
    KeySchema: unknown;
    Projection: { ProjectionType: string };
  }[];
  expect(indexes.map((index) => index.IndexName).sort()).toEqual(definition.indexes.map((index) => index.name).sort());
  for (const index of definition.indexes) {
    const found = indexes.find((candidate) => candidate.IndexName === index.name)!;
    expect(found.KeySchema).toEqual([
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ]);
    expect(types[index.partitionKey]).toBe('S');
    expect(types[index.sortKey]).toBe('S');
    expect(found.Projection.ProjectionType).toBe(index.projection);
  }
  expect(props.BillingMode).toBe('PAY_PER_REQUEST');
  if (definition.timeToLiveAttribute) {
    expect(props.TimeToLiveSpecification).toEqual({ AttributeName: definition.timeToLiveAttribute, Enabled: true });
  } else {
    expect(props.TimeToLiveSpecification).toBeUndefined();
  }
}

describe('events table (the event store)', () => {
  it('has the keys and indexes of shared/tables.ts', () => {
    expect(json.Resources[result.eventsTableLogicalId]!.Properties!.PointInTimeRecoverySpecification).toEqual({
      PointInTimeRecoveryEnabled: true,
    });
    expectTable(json.Resources[result.eventsTableLogicalId]!.Properties!, eventsTable);
  });

  it('has point-in-time recovery, deletion protection, and is retained with the stack gone', () => {
    const table = json.Resources[result.eventsTableLogicalId]! as {
      Properties: Record<string, unknown>;
      DeletionPolicy?: string;
    };
    // On once the first create has succeeded: the stack's DeletionProtection parameter (first-create.test.ts).
    expect(table.Properties.DeletionProtectionEnabled).toEqual({ 'Fn::If': ['DeletionProtectionOn', true, false] });
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.DeletionPolicy).toBe('RetainExceptOnCreate');
  });

  it('is append-only for every function: no DeleteItem, no BatchWriteItem', () => {
    for (const [, policy] of policiesOf(json)) {
      for (const statement of policy.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]) {
        if (!JSON.stringify(statement.Resource).includes(result.eventsTableLogicalId)) continue;
        const actions = [statement.Action].flat();
        expect(actions).not.toContain('dynamodb:DeleteItem');
        expect(actions).not.toContain('dynamodb:BatchWriteItem');
        expect(actions.some((action) => action.includes('*'))).toBe(false);
      }
    }
  });
});

describe('views table (projections)', () => {
  it('has the keys and indexes of shared/tables.ts and point-in-time recovery', () => {
    const props = json.Resources[result.viewsTableLogicalId]!.Properties!;
    expectTable(props, viewsTable);
    expect(props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
  });
});

describe('connections table (live updates)', () => {
  it('has the keys, indexes and time-to-live of shared/tables.ts', () => {
    expectTable(json.Resources[result.connectionsTableLogicalId]!.Properties!, connectionsTable);
  });
});
