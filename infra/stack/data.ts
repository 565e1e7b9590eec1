import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { AttributeType, BillingMode, ProjectionType, Table, type CfnTable } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { connectionsTable, eventsTable, keysTable, viewsTable, type TableDefinition } from '../../shared/tables.js';
import { DeletionProtection } from './deletion-protection.js';
import { acknowledgeGuard } from './guard.js';
import { acknowledge } from './nag.js';

/**
 * The tables, built from shared/tables.ts (the embedded runtime builds its tables from the same
 * definitions). Key attributes are strings except the events table's sort key (version, a number).
 */
export class Data extends Construct {
  /**
   * The event store: the system of record. Kept when the stack is deleted; deletion-protected from
   * the deploy after the first successful create (deletion-protection.ts). The table of generation
   * `eventsGeneration`: raising it moves the handlers, the backups and the alarms to a new table, and
   * CloudFormation retains the one left (it is retained on delete), for the operator to delete.
   */
  readonly eventsTable: Table;
  /**
   * The next generation's table, when `nextEventsGeneration` is set: built as the events table is,
   * used by nothing until `eventsGeneration` names it (the sealing migration's target).
   */
  readonly nextEventsTable?: Table;
  /** Projections: rebuildable from the events (`npm run replay`). */
  readonly viewsTable: Table;
  /** Open WebSocket connections: ephemeral, expiring by TTL. */
  readonly connectionsTable: Table;
  /**
   * Each person's and each stream's data key, wrapped by `dataKey` (functions/platform/privacy/data-keys.ts):
   * crypto-shredding. No point-in-time recovery and no backup plan: destroying a key must leave no copy a
   * restore could bring back (docs/decisions/crypto-shredding.md). Kept when the stack is deleted, and
   * deletion-protected like the events: losing it loses every personal field of the history.
   */
  readonly keysTable: Table;
  /** The stage's one KMS key: it wraps the data keys (GenerateDataKey, Decrypt). Never deleted by a stack change. */
  readonly dataKey: Key;

  constructor(
    scope: Construct,
    id: string,
    props: { stage: string; eventsGeneration?: number; nextEventsGeneration?: number },
  ) {
    super(scope, id);
    this.eventsTable = this.eventStore(props.eventsGeneration ?? 1);
    if (props.nextEventsGeneration !== undefined) this.nextEventsTable = this.eventStore(props.nextEventsGeneration);
    this.viewsTable = buildTable(this, 'ViewsTable', viewsTable, {
      deletionProtection: false,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.connectionsTable = buildTable(this, 'ConnectionsTable', connectionsTable, {
      deletionProtection: false,
      removalPolicy: RemovalPolicy.DESTROY,
      pointInTimeRecovery: false,
    });
    this.keysTable = buildTable(this, 'KeysTable', keysTable, {
      deletionProtection: false,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
      pointInTimeRecovery: false,
    });
    DeletionProtection.of(Stack.of(this)).protectTable(this.keysTable.node.defaultChild as CfnTable);
    this.dataKey = new Key(this, 'DataKey', {
      description: `Design Club ${props.stage}: wraps the data keys of personal fields (crypto-shredding)`,
      enableKeyRotation: true,
      // Kept when the stack is deleted or the key replaced; a failed first create removes it (nothing sealed yet).
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    const noRecovery =
      'The data keys of crypto-shredding: erasing a person destroys their key, and a point-in-time or backup copy ' +
      'would bring it back. Losing the table loses only personal fields; it is deletion-protected and retained.';
    acknowledgeGuard(this.keysTable, 'dynamodb_table_pitr_enabled_check', noRecovery);
    acknowledgeGuard(
      this.dataKey,
      'kms_create_grant_aws_service_check',
      "CDK's default key policy: it delegates the key to IAM in this account. No role is given kms:CreateGrant; the " +
        'functions get only Decrypt and GenerateDataKey, bound to an encryption context of `subject`.',
    );
    acknowledge(this.keysTable, 'AwsSolutions-DDB3', noRecovery);
    acknowledgeGuard(
      this,
      'dynamodb_table_encrypted_kms_check',
      'DynamoDB encrypts every table at rest (AWS owned key); only the functions’ roles can read them, ' +
        'so a customer key would add cost and a key policy without narrowing who reads.',
    );
    acknowledgeGuard(
      this.connectionsTable,
      'dynamodb_table_pitr_enabled_check',
      'Open WebSocket connections only: every item expires within two hours and a lost table just means browsers ' +
        'reconnect; there is nothing to recover to a point in time.',
    );
    acknowledge(
      this.connectionsTable,
      'AwsSolutions-DDB3',
      'Open WebSocket connections only: every item expires within two hours and a lost table just means browsers ' +
        'reconnect; there is nothing to recover to a point in time.',
    );
  }

  private eventStore(generation: number): Table {
    const table = buildTable(this, eventsTableId(generation), eventsTable, {
      deletionProtection: false,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    DeletionProtection.of(Stack.of(this)).protectTable(table.node.defaultChild as CfnTable);
    return table;
  }
}

/** The construct id of an events table generation: the first keeps the id it always had. */
export const eventsTableId = (generation: number) => (generation === 1 ? 'EventsTable' : `EventsTable${generation}`);

function buildTable(
  scope: Construct,
  id: string,
  definition: TableDefinition,
  options: { deletionProtection: boolean; removalPolicy: RemovalPolicy; pointInTimeRecovery?: boolean },
): Table {
  const { pointInTimeRecovery = true, ...rest } = options;
  const table = new Table(scope, id, {
    partitionKey: { name: definition.partitionKey, type: AttributeType.STRING },
    sortKey: {
      name: definition.sortKey.name,
      type: definition.sortKey.type === 'N' ? AttributeType.NUMBER : AttributeType.STRING,
    },
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: pointInTimeRecovery },
    timeToLiveAttribute: definition.timeToLiveAttribute,
    ...rest,
  });
  for (const index of definition.indexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.name,
      partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
      sortKey: { name: index.sortKey, type: AttributeType.STRING },
      projectionType: index.projection === 'ALL' ? ProjectionType.ALL : ProjectionType.KEYS_ONLY,
    });
  }
  return table;
}
