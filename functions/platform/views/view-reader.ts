import { BatchGetCommand, GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inStep, PERIODIC_STEP } from '../observability/call-count.js';

export type IndexName = 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4' | 'gsi5';
export const INDEX_NAMES: IndexName[] = ['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5'];

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
  /** The views layout the active generation was fully rebuilt with (projections/layout.ts); absent before any. */
  layout?: number;
}

export const POINTER_KEY = { pk: '$generation', sk: 'pointer' };

/**
 * The views table, split into generations. Readers see the active one; consumers write the active
 * one and, during an audit rebuild, the one being built, so a rebuild can switch over without losing
 * what happened while it ran. Keys are stored as `<generation>#<key>`.
 *
 * This class reads; ViewStore (core/views.ts) adds the projector's writes. The runtime's `views`
 * is a ViewStore where views.ts is bundled (the projections' consumer, the replay), this class elsewhere.
 */
export class ViewReader {
  protected cached: { value: Generations; until: number } | null = null;
  private readonly commits = new Map<string, number>();
  /**
   * True where every projection commit to these views goes through this process's projector (the
   * embedded runtime): then `changesOf` tells every change, and what was read under a stamp holds
   * until the stamp moves, however long. Elsewhere (Lambda) others commit unseen: caches expire.
   */
  seesEveryCommit = false;

  constructor(
    readonly client: DynamoDBDocumentClient,
    readonly tableName: string,
    private readonly pointerTtlMs = 2_000,
  ) {}

  async generations(fresh = false): Promise<Generations> {
    if (!fresh && this.cached && this.cached.until > Date.now()) return this.cached.value;
    // Once per pointerTtlMs whatever the traffic: counted apart from any change's own calls.
    const result = await inStep(PERIODIC_STEP, () =>
      this.client.send(new GetCommand({ TableName: this.tableName, Key: POINTER_KEY, ConsistentRead: true })),
    );
    const layout = result.Item?.layout;
    const value: Generations = {
      active: (result.Item?.active as number) ?? 1,
      building: (result.Item?.building as number | null) ?? null,
      ...(typeof layout === 'number' ? { layout } : {}),
    };
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
        [this.tableName]: {
          Keys: unique.slice(i, i + 100).map((k) => ({ pk: `${gen}#${k.pk}`, sk: k.sk })),
          ...(consistent ? { ConsistentRead: true } : {}),
        },
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
  async query(
    gen: number,
    partition: { index?: IndexName; pk: string; skPrefix?: string },
    options: { limit?: number; ascending?: boolean } = {},
  ): Promise<ViewItem[]> {
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
}

export function toStored(gen: number, item: ViewItem): Record<string, unknown> {
  const stored: Record<string, unknown> = { ...item, pk: `${gen}#${item.pk}` };
  for (const index of INDEX_NAMES) {
    const pk = item[`${index}pk`];
    if (pk !== undefined) stored[`${index}pk`] = `${gen}#${pk}`;
  }
  return stored;
}

const keyAttributes = (stored: Record<string, unknown>) =>
  Object.keys(stored).filter((name) => name === 'pk' || name === 'sk' || /^gsi\d(pk|sk)$/.test(name));

function toStoredKey(gen: number, key: PageKey): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const name of keyAttributes(key))
    stored[name] = name === 'pk' || name.endsWith('pk') ? `${gen}#${key[name]}` : key[name];
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
  for (const index of INDEX_NAMES)
    if (stored[`${index}pk`] !== undefined) item[`${index}pk`] = strip(stored[`${index}pk`]);
  return item as ViewItem;
}
