import { BatchWriteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { guardAttribute, guardFloor, guardsToSweep, guardValue } from '../event-store/counter-guards.js';
import { sharedDynamoClient } from '../aws/dynamodb.js';
import { perProcess, required } from '../runtime.js';
import { counterAttribute } from './counters.js';
import { requireItemWithin } from './item-size.js';
import { POINTER_KEY, toStored, ViewReader, type Generations, type ViewItem } from './view-reader.js';

export type { Generations, IndexName, PageKey, SortRange, ViewItem } from './view-reader.js';

/** The views with the projector's writes (items under version guards, checkpoints, counters, generations). */
export class ViewStore extends ViewReader {
  /** Generations a consumer writes: the active one and the one being rebuilt, if any. */
  async writeGenerations(): Promise<number[]> {
    const { active, building } = await this.generations();
    return building !== null && building !== active ? [active, building] : [active];
  }

  async setGenerations(next: Generations): Promise<void> {
    await this.client.send(new PutCommand({ TableName: this.tableName, Item: { ...POINTER_KEY, ...next } }));
    this.cached = null;
  }

  /**
   * Adds each of `deltas` (field -> delta) to its field of a counter item (ADD: atomic, so concurrent
   * writers never lose a step), all in one update under one guard, once per step of its owner (a
   * projection's checkpoint of a stream): see counter-guards.ts for the guard that refuses a step
   * already applied, and why guards expire. The update returns the item, so its expired guards are
   * removed right after (each only if no step refreshed it meanwhile). A field back at 0 stays: its
   * item's guards still refuse a late settle, and readers show 0 for it as for a missing one.
   */
  async addCounts(
    gen: number,
    key: { pk: string; sk: string },
    deltas: Readonly<Record<string, number>>,
    step: { owner: string; version: number },
    now = Date.now(),
  ): Promise<void> {
    const fields = Object.entries(deltas).filter(([, delta]) => delta !== 0);
    if (fields.length === 0) return;
    const Key = { pk: `${gen}#${key.pk}`, sk: key.sk };
    const updateNames: Record<string, string> = { '#g': guardAttribute(step.owner) };
    const updateValues: Record<string, unknown> = {
      ':g': guardValue(step.version, now),
      ':floor': guardFloor(step.version),
    };
    fields.forEach(([field, delta], i) => {
      updateNames[`#f${i}`] = counterAttribute(field);
      updateValues[`:d${i}`] = delta;
    });
    const adds = fields.map((_, i) => `#f${i} :d${i}`).join(', ');
    let result;
    try {
      result = await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key,
          UpdateExpression: `ADD ${adds} SET #g = :g`,
          ConditionExpression: 'attribute_not_exists(#g) OR #g < :floor',
          ExpressionAttributeNames: updateNames,
          ExpressionAttributeValues: updateValues,
          ReturnValues: 'ALL_NEW',
        }),
      );
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return;
      throw error;
    }
    const item = result.Attributes ?? {};
    const expired = guardsToSweep(item, now);
    if (expired.length === 0) return;
    const names = Object.fromEntries(expired.map((name, i) => [`#x${i}`, name]));
    const values = Object.fromEntries(expired.map((name, i) => [`:x${i}`, item[name]]));
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key,
          UpdateExpression: `REMOVE ${Object.keys(names).join(', ')}`,
          ConditionExpression: Object.keys(names)
            .map((name, i) => `${name} = :x${i}`)
            .join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    } catch (error) {
      // A step refreshed one of them meanwhile: a later update removes the others.
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }

  /**
   * Replaces a checkpoint's pending counts with what is left of them, unless the checkpoint moved
   * on or another settler changed them meanwhile (`from`: the pending counts as read).
   */
  async narrowPending(
    gen: number,
    key: { pk: string; sk: string },
    version: number,
    from: string,
    to: string,
  ): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: `${gen}#${key.pk}`, sk: key.sk },
          UpdateExpression: 'SET #p = :to',
          ConditionExpression: '#version = :version AND #p = :from',
          ExpressionAttributeNames: { '#p': 'pending', '#version': 'version' },
          ExpressionAttributeValues: { ':version': version, ':from': from, ':to': to },
        }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }

  /**
   * Removes a checkpoint's settled mark (applied count changes, done re-projection), unless the checkpoint moved on
   * meanwhile.
   */
  async clearPending(
    gen: number,
    key: { pk: string; sk: string },
    version: number,
    attribute = 'pending',
  ): Promise<void> {
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
   *
   * `sameVersion`: a retry after a lost checkpoint commit may also replace an item of its own version.
   * Same version normally means same content, except after a stream was rebuilt in place (an erasure):
   * a writer that folded from what it remembered of the old checkpoint wrote items from the old state,
   * and the retry, folded from the rebuilt one, must be able to replace them.
   */
  async putGuarded(gen: number, item: ViewItem, v: number, lv?: number, sameVersion = false): Promise<boolean> {
    requireItemWithin(item);
    const put = (condition: string, values: Record<string, unknown>) =>
      this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toStored(gen, { ...item, v, ...(lv === undefined ? {} : { lv }) }),
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
        }),
      );
    try {
      const older = sameVersion ? 'v <= :v' : 'v < :v';
      if (lv === undefined) await put(`attribute_not_exists(pk) OR ${older}`, { ':v': v });
      else {
        // Kept flat: the embedded DynamoDB spends far longer on nested conditions, on every write.
        try {
          const condition = sameVersion
            ? 'attribute_not_exists(pk) OR (v <= :v AND lv <= :lv)'
            : 'attribute_not_exists(pk) OR (v < :v AND lv <= :lv) OR (v = :v AND lv < :lv)';
          await put(condition, { ':v': v, ':lv': lv });
        } catch (error) {
          if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
          // An item written before it showed a lookup (no `lv`: a stage not yet replayed) yields to a newer version.
          await put(`attribute_not_exists(lv) AND ${older}`, { ':v': v });
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
    requireItemWithin(item);
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toStored(gen, item),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  /**
   * Removes an item written once (a rejected comment): a tombstone in its place, for good, so a
   * repeated `putOnce` of the item (a redelivered event) finds it taken and cannot bring it back.
   */
  async removeOnce(gen: number, key: { pk: string; sk: string }): Promise<void> {
    await this.client.send(
      new PutCommand({ TableName: this.tableName, Item: toStored(gen, { pk: key.pk, sk: key.sk, deleted: true }) }),
    );
  }

  /**
   * Replaces an item only if its `version` is still `expected` (0: absent). The projector's commit
   * point. With `lv` (a checkpoint of a projection with lookups), also only if the lookups it
   * recorded are not newer than `lv`: a writer that looked up an older state must look again.
   */
  /**
   * `epoch`: the rebuild mark of the checkpoint the writer started from (null: none). A stream rebuilt
   * in place (an erasure) gets a new mark, so a writer that folded from what it remembered of the old
   * checkpoint, at the same version, is refused and reads the rebuilt one.
   */
  async putIfVersion(
    gen: number,
    item: ViewItem & { version: number },
    expected: number,
    lv?: number,
    epoch?: string | null,
  ): Promise<boolean> {
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
      if (epoch !== undefined) {
        names['#epoch'] = 'epoch';
        if (epoch === null) parts.push('attribute_not_exists(#epoch)');
        else {
          values[':epoch'] = epoch;
          parts.push('#epoch = :epoch');
        }
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
    await this.batchWrite(items.map((item) => ({ PutRequest: { Item: toStored(gen, item) } })));
  }

  /**
   * Deletes items outright, tombstones included, 25 a request: only an erasure's rebuild in place, where
   * a tombstone's own key (a search word of an erased title) would keep what was erased.
   */
  async deleteMany(gen: number, keys: readonly { pk: string; sk: string }[]): Promise<void> {
    await this.batchWrite(keys.map((key) => ({ DeleteRequest: { Key: { pk: `${gen}#${key.pk}`, sk: key.sk } } })));
  }

  /** The keys of the tombstones in one partition of a generation (readers never see them). */
  async tombstonesOf(gen: number, pk: string): Promise<{ pk: string; sk: string }[]> {
    const keys: { pk: string; sk: string }[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          FilterExpression: 'deleted = :yes',
          ExpressionAttributeValues: { ':pk': `${gen}#${pk}`, ':yes': true },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const stored of page.Items ?? []) keys.push({ pk, sk: String(stored.sk) });
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return keys;
  }

  private async batchWrite(requests: Record<string, unknown>[]): Promise<void> {
    for (let i = 0; i < requests.length; i += 25) {
      let request: Record<string, any> | undefined = { [this.tableName]: requests.slice(i, i + 25) };
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt += 1) {
        if (attempt === 10) throw new Error('The views table kept refusing a batch write');
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
        const result: { UnprocessedItems?: Record<string, any> } = await this.client.send(
          new BatchWriteCommand({ RequestItems: request }),
        );
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

const storeOfProcess = /* @__PURE__ */ perProcess(({ views, client }) => {
  if (views && !(views instanceof ViewStore))
    throw new Error('The installed views are a ViewReader: install a ViewStore where the process projects');
  return views ?? new ViewStore(client ?? sharedDynamoClient(), required('VIEWS_TABLE'));
});

/** The process's views with the projector's writes (the projections' consumer, the replay). */
export const viewStore = (): ViewStore => storeOfProcess();
