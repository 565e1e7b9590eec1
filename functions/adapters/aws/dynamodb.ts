import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { Credentials } from './credentials.js';
import { AwsJsonClient, type FaultInjector } from './json-client.js';

/** An item or key as the code sees it: plain values (the client converts to and from DynamoDB JSON). */
export type Item = Record<string, any>;

interface Expressions {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
}

export interface GetInput { TableName: string; Key: Item; ConsistentRead?: boolean; ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> }
export interface PutInput extends Expressions { TableName: string; Item: Item; ReturnValues?: 'NONE' | 'ALL_OLD' }
export interface UpdateInput extends Expressions { TableName: string; Key: Item; UpdateExpression: string; ReturnValues?: 'NONE' | 'ALL_OLD' | 'UPDATED_OLD' | 'ALL_NEW' | 'UPDATED_NEW' }
export interface DeleteInput extends Expressions { TableName: string; Key: Item; ReturnValues?: 'NONE' | 'ALL_OLD' }
export interface QueryInput {
  TableName: string;
  IndexName?: string;
  KeyConditionExpression: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
  ExclusiveStartKey?: Item;
  ScanIndexForward?: boolean;
  Limit?: number;
  ConsistentRead?: boolean;
  Select?: 'ALL_ATTRIBUTES' | 'COUNT' | 'SPECIFIC_ATTRIBUTES' | 'ALL_PROJECTED_ATTRIBUTES';
}
export interface ScanInput extends Omit<QueryInput, 'KeyConditionExpression' | 'ScanIndexForward'> { Segment?: number; TotalSegments?: number }
export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };
export interface BatchWriteInput { RequestItems: Record<string, WriteRequest[]> }
export interface BatchGetInput { RequestItems: Record<string, { Keys: Item[]; ConsistentRead?: boolean; ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> }> }

export interface GetOutput { Item?: Item }
export interface WriteOutput { Attributes?: Item }
export interface QueryOutput { Items?: Item[]; Count?: number; ScannedCount?: number; LastEvaluatedKey?: Item }
export interface BatchWriteOutput { UnprocessedItems?: Record<string, WriteRequest[]> }
export interface BatchGetOutput { Responses?: Record<string, Item[]>; UnprocessedKeys?: BatchGetInput['RequestItems'] }

/** A DynamoDB operation with its input, as the code builds it (the names of @aws-sdk/lib-dynamodb's). */
abstract class DynamoCommand<Input, Output> {
  declare readonly output: Output;
  abstract readonly operation: string;
  constructor(readonly input: Input) {}
}

export class GetCommand extends DynamoCommand<GetInput, GetOutput> { readonly operation = 'GetItem'; }
export class PutCommand extends DynamoCommand<PutInput, WriteOutput> { readonly operation = 'PutItem'; }
export class UpdateCommand extends DynamoCommand<UpdateInput, WriteOutput> { readonly operation = 'UpdateItem'; }
export class DeleteCommand extends DynamoCommand<DeleteInput, WriteOutput> { readonly operation = 'DeleteItem'; }
export class QueryCommand extends DynamoCommand<QueryInput, QueryOutput> { readonly operation = 'Query'; }
export class ScanCommand extends DynamoCommand<ScanInput, QueryOutput> { readonly operation = 'Scan'; }
export class BatchWriteCommand extends DynamoCommand<BatchWriteInput, BatchWriteOutput> { readonly operation = 'BatchWriteItem'; }
export class BatchGetCommand extends DynamoCommand<BatchGetInput, BatchGetOutput> { readonly operation = 'BatchGetItem'; }

const MARSHALL = { removeUndefinedValues: true, convertClassInstanceToMap: true } as const;
const toWire = (item: Item) => marshall(item, MARSHALL);
const fromWire = (item: Item) => unmarshall(item);
/** Attributes that hold one item or key, in inputs and outputs alike. */
const ITEM_FIELDS = ['Item', 'Key', 'ExpressionAttributeValues', 'ExclusiveStartKey', 'Attributes', 'LastEvaluatedKey'] as const;

function mapRequests(requests: Record<string, WriteRequest[]>, convert: (item: Item) => Item): Record<string, WriteRequest[]> {
  const out: Record<string, WriteRequest[]> = {};
  for (const [table, list] of Object.entries(requests)) {
    out[table] = list.map((request) => ('PutRequest' in request ? { PutRequest: { Item: convert(request.PutRequest.Item) } } : { DeleteRequest: { Key: convert(request.DeleteRequest.Key) } }));
  }
  return out;
}

function mapKeys(requests: BatchGetInput['RequestItems'], convert: (item: Item) => Item): BatchGetInput['RequestItems'] {
  const out: BatchGetInput['RequestItems'] = {};
  for (const [table, request] of Object.entries(requests)) out[table] = { ...request, Keys: request.Keys.map(convert) };
  return out;
}

/** Plain values → DynamoDB JSON in every place an operation's input holds items or keys. */
function encode(operation: string, input: Record<string, any>): Record<string, unknown> {
  const wire: Record<string, any> = { ...input };
  for (const field of ITEM_FIELDS) if (wire[field]) wire[field] = toWire(wire[field]);
  if (operation === 'BatchWriteItem') wire.RequestItems = mapRequests(input.RequestItems, toWire);
  if (operation === 'BatchGetItem') wire.RequestItems = mapKeys(input.RequestItems, toWire);
  return wire;
}

/** DynamoDB JSON → plain values in every place an operation's output holds items or keys. */
function decode(output: Record<string, any>): any {
  const plain: Record<string, any> = { ...output };
  for (const field of ITEM_FIELDS) if (plain[field]) plain[field] = fromWire(plain[field]);
  if (plain.Items) plain.Items = plain.Items.map(fromWire);
  if (plain.Responses) plain.Responses = Object.fromEntries(Object.entries(plain.Responses as Record<string, Item[]>).map(([table, items]) => [table, items.map(fromWire)]));
  if (plain.UnprocessedItems) plain.UnprocessedItems = Object.keys(plain.UnprocessedItems).length ? mapRequests(plain.UnprocessedItems, fromWire) : undefined;
  if (plain.UnprocessedKeys) plain.UnprocessedKeys = Object.keys(plain.UnprocessedKeys).length ? mapKeys(plain.UnprocessedKeys, fromWire) : undefined;
  return plain;
}

/**
 * DynamoDB for the event store, the views and the connections: `send(new PutCommand({...}))` with
 * plain values, as with @aws-sdk/lib-dynamodb's document client, over the lean JSON client.
 */
export class DynamoClient {
  private readonly http: AwsJsonClient;

  constructor(options: { endpoint?: string; region?: string; credentials?: Credentials; maxAttempts?: number; timeoutMs?: number } = {}) {
    this.http = new AwsJsonClient({ service: 'dynamodb', targetPrefix: 'DynamoDB_20120810', jsonVersion: '1.0', ...options });
  }

  get endpoint(): string {
    return this.http.endpoint;
  }

  async send<Output>(command: DynamoCommand<unknown, Output>): Promise<Output> {
    const output = await this.http.call<Record<string, unknown>>(command.operation, encode(command.operation, command.input as Record<string, unknown>));
    return decode(output) as Output;
  }

  /** Tests: answer some calls with an error, as DynamoDB would (the retries still apply). */
  addFault(name: string, injector: FaultInjector): void {
    this.http.addFault(name, injector);
  }

  removeFault(name: string): void {
    this.http.removeFault(name);
  }

  destroy(): void {
    this.http.destroy();
  }
}
