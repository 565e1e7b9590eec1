import { expiredGuards, guardAttribute, guardFloor, guardValue } from './counter-guards.js';
import { BatchGetCommand, BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export type IndexName = 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4' | 'gsi5';
const INDEX_NAMES: IndexName[] = ['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5'];

/** Where a page stopped: the DynamoDB key of its last item, without the generation prefix. */
export type PageKey = Record<string, string>;

export interface Page {
  items: ViewItem[];
  /** Absent on the last page. */
  next?: PageKey;
  /** Items DynamoDB read for this page (tombstones included): what the page cost. */
  read: number;
}

/** A sort-key condition of a page query. */
export type SortRange = { prefix: string } | { between: [string, string] };

/** An item of the read side as projections write it and readers get it (keys without generation). */
export interface ViewItem {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
  gsi3pk?: string;
  gsi3sk?: string;
  gsi4pk?: string;
  gsi4sk?: string;
  gsi5pk?: string;
  gsi5sk?: string;
  [attribute: string]: unknown;
}

export interface Generations {
  active: number;
  building: number | null;
}

const POINTER_KEY = { pk: '$generation', sk: 'pointer' };

/**
 * The views table, split into generations. Readers see the active one; consumers write the active
 * one and, during an audit rebuild, the one being built, so a rebuild can switch over without losing
 * what happened while it ran. Keys are stored as `<generation>#<key>`.
 */
export class ViewStore {
  private cached: { value: Generations; until: number } | null = null;
  private readonly commits = new Map<string, number>();

  constructor(
    readonly client: DynamoDBDocumentClient,
    readonly tableName: string,
    private readonly pointerTtlMs = 2_000,
  ) {}

  async generations(fresh = false): Promise<Generations> {
    if (!fresh && this.cached && this.cached.until > Date.now()) return this.cached.value;
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: POINTER_KEY, ConsistentRead: true }));
    const value: Generations = { active: (result.Item?.active as number) ?? 1, building: (result.Item?.building as number | null) ?? null };
    this.cached = { value, until: Date.now() + this.pointerTtlMs };
    return value;
  }

  /** Counts a projection's commits made through this process (see `changesOf`). */
  committed(projection: string): void {
    this.commits.set(projection, (this.commits.get(projection) ?? 0) + 1);
  }

  /**
   * A stamp that moves whenever this process commits a change to one of these projections: a cache
   * of reads from them, taken under the same stamp, is still what the views say here.
   */
  changesOf(...projections: string[]): string {
    return projections.map((projection) => this.commits.get(projection) ?? 0).join('.');
  }

  /** Generations a consumer writes: the active one and the one being rebuilt, if any. */
  async writeGenerations(): Promise<number[]> {
    const { active, building } = await this.generations();
    return building !== null && building !== active ? [active, building] : [active];
  }

  async setGenerations(next: Generations): Promise<void> {
    await this.client.send(new PutCommand({ TableName: this.tableName, Item: { ...POINTER_KEY, ...next } }));
    this.cached = null;
  }

  async get(gen: number, pk: string, sk: string, consistent = false): Promise<ViewItem | undefined> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: `${gen}#${pk}`, sk }, ConsistentRead: consistent }),
    );
    return result.Item ? fromStored(result.Item) : undefined;
  }

  /** Items by key, tombstones left out; `consistent`: strongly consistent reads (a projector's lookups). */
  async batchGet(gen: number, keys: { pk: string; sk: string }[], consistent = false): Promise<ViewItem[]> {
    const out: ViewItem[] = [];
    const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
    for (let i = 0; i < unique.length; i += 100) {
      let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
        [this.tableName]: { Keys: unique.slice(i, i + 100).map((k) => ({ pk: `${gen}#${k.pk}`, sk: k.sk })), ...(consistent ? { ConsistentRead: true } : {}) },
      };
      for (let attempt = 0; request && Object.keys(request).length > 0 && attempt < 8; attempt += 1) {
        const result = await this.client.send(new BatchGetCommand({ RequestItems: request }));
        out.push(...(result.Responses?.[this.tableName] ?? []).map(fromStored));
        request = result.UnprocessedKeys as typeof request;
      }
    }
    return out.filter((item) => !item.deleted);
  }

  /** Items of one partition (of the table or of an index), newest first by default. */
  async query(gen: number, partition: { index?: IndexName; pk: string; skPrefix?: string }, options: { limit?: number; ascending?: boolean } = {}): Promise<ViewItem[]> {
    const pkName = partition.index ? `${partition.index}pk` : 'pk';
    const skName = partition.index ? `${partition.index}sk` : 'sk';
    const values: Record<string, unknown> = { ':pk': `${gen}#${partition.pk}` };
    let condition = `${pkName} = :pk`;
    if (partition.skPrefix) {
      condition += ` AND begins_with(${skName}, :sk)`;
      values[':sk'] = partition.skPrefix;
    }
    const items: ViewItem[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: partition.index,
          KeyConditionExpression: condition,
          ExpressionAttributeValues: values,
          ScanIndexForward: options.ascending ?? false,
          ExclusiveStartKey: startKey,
          Limit: options.limit ? Math.min(options.limit - items.length, 1000) : undefined,
        }),
      );
      for (const stored of page.Items ?? []) {
        const item = fromStored(stored);
        if (!item.deleted) items.push(item);
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey && (!options.limit || items.length < options.limit));
    return items;
  }

  /**
   * One page of a partition, newest first by default: at most `limit` items read, from after `start`
   * (a key this method returned). Reading stops at the limit even when tombstones were among them,
   * so a page may hold fewer items and still have a next one: the cost of a page is its limit.
   */
  async page(
    gen: number,
    partition: { index?: IndexName; pk: string; range?: SortRange },
    options: { limit: number; start?: PageKey; ascending?: boolean },
  ): Promise<Page> {
    const pkName = partition.index ? `${partition.index}pk` : 'pk';
    const skName = partition.index ? `${partition.index}sk` : 'sk';
    const values: Record<string, unknown> = { ':pk': `${gen}#${partition.pk}` };
    let condition = '#pk = :pk';
    const names: Record<string, string> = { '#pk': pkName };
    if (partition.range && 'prefix' in partition.range) {
      condition += ' AND begins_with(#sk, :sk)';
      names['#sk'] = skName;
      values[':sk'] = partition.range.prefix;
    } else if (partition.range) {
      condition += ' AND #sk BETWEEN :from AND :to';
      names['#sk'] = skName;
      values[':from'] = partition.range.between[0];
      values[':to'] = partition.range.between[1];
    }
    const result = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: partition.index,
        KeyConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: options.ascending ?? false,
        ExclusiveStartKey: options.start ? toStoredKey(gen, options.start) : undefined,
        Limit: options.limit,
      }),
    );
    const stored = result.Items ?? [];
    return {
      items: stored.map(fromStored).filter((item) => !item.deleted),
      next: result.LastEvaluatedKey ? fromStoredKey(result.LastEvaluatedKey) : undefined,
      read: stored.length,
    };
  }

  /**
   * Adds `delta` to a counter item's `n` (ADD: atomic, so concurrent writers never lose a step), once
   * per step of its owner (a projection's checkpoint of a stream): see counter-guards.ts for the
   * guard that refuses a step already applied, and why guards expire. The update returns the item,
   * so its expired guards are removed right after (each only if no step refreshed it meanwhile).
   * A counter back at 0 stays: its guards still refuse a late settle, and readers show 0 for it as
   * for a missing one.
   */
  async addCount(gen: number, key: { pk: string; sk: string }, delta: number, step: { owner: string; version: number }, now = Date.now()): Promise<void> {
    if (delta === 0) return;
    const Key = { pk: `${gen}#${key.pk}`, sk: key.sk };
    let result;
    try {
      result = await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key,
          UpdateExpression: 'ADD #n :d SET #g = :g',
          ConditionExpression: 'attribute_not_exists(#g) OR #g < :floor',
          ExpressionAttributeNames: { '#n': 'n', '#g': guardAttribute(step.owner) },
          ExpressionAttributeValues: { ':d': delta, ':g': guardValue(step.version, now), ':floor': guardFloor(step.version) },
          ReturnValues: 'ALL_NEW',
        }),
      );
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return;
      throw error;
    }
    const item = result.Attributes ?? {};
    const expired = expiredGuards(item, now);
    if (expired.length === 0) return;
    const names = Object.fromEntries(expired.map((name, i) => [`#x${i}`, name]));
    const values = Object.fromEntries(expired.map((name, i) => [`:x${i}`, item[name]]));
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key,
          UpdateExpression: `REMOVE ${Object.keys(names).join(', ')}`,
          ConditionExpression: Object.keys(names).map((name, i) => `${name} = :x${i}`).join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    } catch (error) {
      // A step refreshed one of them meanwhile: a later update removes the others.
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }

  /** Removes a checkpoint's settled mark (applied count changes, done re-projection), unless the checkpoint moved on meanwhile. */
  async clearPending(gen: number, key: { pk: string; sk: string }, version: number, attribute = 'pending'): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: `${gen}#${key.pk}`, sk: key.sk },
          UpdateExpression: 'REMOVE #p',
          ConditionExpression: '#version = :version',
          ExpressionAttributeNames: { '#p': attribute, '#version': 'version' },
          ExpressionAttributeValues: { ':version': version },
        }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }

  /**
   * Writes an item unless a newer version of it is already there (`v` is the source stream's
   * version). A stale or repeated write changes nothing. An item shown from looked-up items (another
   * stream's, see Projection.lookups) also carries `lv`, the version of what it looked up: the write
   * regresses neither (a newer stream version with an older lookup is refused, and so is an equal
   * one with an equal lookup).
   */
  async putGuarded(gen: number, item: ViewItem, v: number, lv?: number): Promise<boolean> {
    const put = (condition: string, values: Record<string, unknown>) =>
      this.client.send(new PutCommand({ TableName: this.tableName, Item: toStored(gen, { ...item, v, ...(lv === undefined ? {} : { lv }) }), ConditionExpression: condition, ExpressionAttributeValues: values }));
    try {
      if (lv === undefined) await put('attribute_not_exists(pk) OR v < :v', { ':v': v });
      else {
        // Kept flat: the embedded DynamoDB spends far longer on nested conditions, on every write.
        try {
          await put('attribute_not_exists(pk) OR (v < :v AND lv <= :lv) OR (v = :v AND lv < :lv)', { ':v': v, ':lv': lv });
        } catch (error) {
          if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
          // An item written before it showed a lookup (no `lv`: a stage not yet replayed) yields to a newer version.
          await put('attribute_not_exists(lv) AND v < :v', { ':v': v });
        }
      }
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  /** Writes an item that never changes once written (e.g. an activity entry per event). */
  async putOnce(gen: number, item: ViewItem): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({ TableName: this.tableName, Item: toStored(gen, item), ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  /**
   * Replaces an item only if its `version` is still `expected` (0: absent). The projector's commit
   * point. With `lv` (a checkpoint of a projection with lookups), also only if the lookups it
   * recorded are not newer than `lv`: a writer that looked up an older state must look again.
   */
  async putIfVersion(gen: number, item: ViewItem & { version: number }, expected: number, lv?: number): Promise<boolean> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const parts: string[] = [];
    if (expected === 0) parts.push('attribute_not_exists(pk)');
    else {
      names['#version'] = 'version';
      values[':expected'] = expected;
      parts.push('#version = :expected');
      if (lv !== undefined) {
        names['#lv'] = 'lv';
        values[':lv'] = lv;
        parts.push('(attribute_not_exists(#lv) OR #lv <= :lv)');
      }
    }
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toStored(gen, { ...item, ...(lv === undefined ? {} : { lv }) }),
          ConditionExpression: parts.join(' AND '),
          ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
          ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  /**
   * Writes many items without conditions, 25 a request. Only for a generation nobody reads yet (the
   * audit rebuild), which then replays whatever arrived meanwhile through the projector.
   */
  async putMany(gen: number, items: ViewItem[]): Promise<void> {
    for (let i = 0; i < items.length; i += 25) {
      let request: Record<string, any> | undefined = { [this.tableName]: items.slice(i, i + 25).map((item) => ({ PutRequest: { Item: toStored(gen, item) } })) };
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt += 1) {
        if (attempt === 10) throw new Error('The views table kept refusing a batch write');
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
        const result: { UnprocessedItems?: Record<string, any> } = await this.client.send(new BatchWriteCommand({ RequestItems: request }));
        request = result.UnprocessedItems;
      }
    }
  }

  /** Sets a few attributes of an existing item (counters, revocation instants). */
  async update(gen: number, key: { pk: string; sk: string }, set: Record<string, unknown>): Promise<void> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const parts = Object.entries(set).map(([name, value], i) => {
      names[`#a${i}`] = name;
      values[`:v${i}`] = value;
      return `#a${i} = :v${i}`;
    });
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: `${gen}#${key.pk}`, sk: key.sk },
        UpdateExpression: `SET ${parts.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }
}

function toStored(gen: number, item: ViewItem): Record<string, unknown> {
  const stored: Record<string, unknown> = { ...item, pk: `${gen}#${item.pk}` };
  for (const index of INDEX_NAMES) {
    const pk = item[`${index}pk`];
    if (pk !== undefined) stored[`${index}pk`] = `${gen}#${pk}`;
  }
  return stored;
}

const keyAttributes = (stored: Record<string, unknown>) => Object.keys(stored).filter((name) => name === 'pk' || name === 'sk' || /^gsi\d(pk|sk)$/.test(name));

function toStoredKey(gen: number, key: PageKey): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const name of keyAttributes(key)) stored[name] = name === 'pk' || name.endsWith('pk') ? `${gen}#${key[name]}` : key[name];
  return stored;
}

function fromStoredKey(stored: Record<string, unknown>): PageKey {
  const key: PageKey = {};
  for (const name of keyAttributes(stored)) {
    const value = String(stored[name]);
    key[name] = name.endsWith('pk') ? value.slice(value.indexOf('#') + 1) : value;
  }
  return key;
}

function fromStored(stored: Record<string, unknown>): ViewItem {
  const strip = (value: unknown) => (typeof value === 'string' ? value.slice(value.indexOf('#') + 1) : value);
  const item: Record<string, unknown> = { ...stored, pk: strip(stored.pk) };
  for (const index of INDEX_NAMES) if (stored[`${index}pk`] !== undefined) item[`${index}pk`] = strip(stored[`${index}pk`]);
  return item as ViewItem;
}
