import { beforeAll, describe, expect, it } from 'vitest';
import { connectionsTable, eventsTable, keysTable, viewsTable, type TableDefinition } from '../../shared/tables.js';
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

describe('keys table and data key (crypto-shredding)', () => {
  const resourceOf = (type: string, test: (resource: Record<string, any>) => boolean = () => true) => {
    const found = Object.entries(json.Resources).filter(
      ([, resource]) => resource.Type === type && test(resource as Record<string, any>),
    );
    expect(found).toHaveLength(1);
    return found[0]! as [string, Record<string, any>];
  };
  const keysTableResource = () =>
    resourceOf('AWS::DynamoDB::Table', (resource) =>
      JSON.stringify(resource.Properties?.KeySchema).includes(keysTable.partitionKey),
    );

  it('keeps no copy of a destroyed key: no point-in-time recovery, no backup plan; retained and protected', () => {
    const [logicalId, table] = keysTableResource();
    expect(table.Properties.KeySchema).toEqual([
      { AttributeName: keysTable.partitionKey, KeyType: 'HASH' },
      { AttributeName: keysTable.sortKey.name, KeyType: 'RANGE' },
    ]);
    expect(table.Properties.GlobalSecondaryIndexes).toBeUndefined();
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: false });
    expect(table.Properties.DeletionProtectionEnabled).toEqual({ 'Fn::If': ['DeletionProtectionOn', true, false] });
    expect(table.DeletionPolicy).toBe('RetainExceptOnCreate');
    for (const [, resource] of Object.entries(json.Resources))
      if (resource.Type === 'AWS::Backup::BackupSelection') expect(JSON.stringify(resource)).not.toContain(logicalId);
  });

  it('wraps the data keys with one rotating KMS key per stage, never deleted by the stack', () => {
    const [, key] = resourceOf('AWS::KMS::Key', (resource) =>
      String(resource.Properties?.Description ?? '').includes('crypto-shredding'),
    );
    expect(key.Properties.EnableKeyRotation).toBe(true);
    // Kept when the stack is deleted or the key replaced; only a failed first create removes it.
    expect(key.DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(key.UpdateReplacePolicy).toBe('Retain');
  });

  it('lets functions only get and make keys, bound to a subject: none destroys one', () => {
    const [tableId] = keysTableResource();
    const [keyId] = resourceOf('AWS::KMS::Key', (resource) =>
      String(resource.Properties?.Description ?? '').includes('crypto-shredding'),
    );
    let kmsStatements = 0;
    for (const [, policy] of policiesOf(json)) {
      for (const statement of policy.PolicyDocument.Statement as Record<string, any>[]) {
        const actions = [statement.Action].flat() as string[];
        if (JSON.stringify(statement.Resource).includes(tableId))
          for (const action of actions) expect(['dynamodb:GetItem', 'dynamodb:PutItem']).toContain(action);
        if (JSON.stringify(statement.Resource).includes(keyId)) {
          kmsStatements += 1;
          for (const action of actions) expect(['kms:Decrypt', 'kms:GenerateDataKey']).toContain(action);
          expect(statement.Condition['ForAllValues:StringEquals']).toEqual({
            'kms:EncryptionContextKeys': ['subject'],
          });
        }
      }
    }
    expect(kmsStatements).toBeGreaterThan(0);
  });
});
