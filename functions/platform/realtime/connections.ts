import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { canonicalEmail } from '../../../shared/email.js';
import type { SystemRole } from '../../../shared/vocabulary.js';

const SK = 'connection';
/** The per-user connection slots (see claimSlot): a partition per user, apart from any connection id. */
const SLOT = 'slot';
const slotPartition = (sub: string) => `$slots#${sub}`;
/** A connection lives at most this long without a reconnect (API Gateway closes them at 2 hours). */
const LIFETIME_SECONDS = 2 * 60 * 60;
/** The listener items (see `listeners`): a partition per audience key, apart from any connection id. */
const LISTENERS = 'listeners';
const listenerItemKey = (key: ListenerKey) => ({ connectionId: `$listeners#${key}`, sk: LISTENERS });
/** BatchGetItem's limit of keys a call. */
const MAX_KEYS_PER_BATCH = 100;
/** Rounds of a batch's unprocessed keys (throttling) before the lookup gives up. */
const MAX_BATCH_ROUNDS = 5;

/**
 * Who an announcement is for: a user (`sub#…`), a proven e-mail (`email#…`, designers assigned before
 * they registered), a role (`role#admin`: admins hear about everything).
 */
export type ListenerKey = `sub#${string}` | `email#${string}` | `role#${SystemRole}`;
export const subListeners = (sub: string): ListenerKey => `sub#${sub}`;
export const emailListeners = (email: string): ListenerKey => `email#${canonicalEmail(email)}`;
export const roleListeners = (role: SystemRole): ListenerKey => `role#${role}`;

/** A connection's entry in a listener item: its id, and when it expires (seconds, as `expiresAt`). */
interface ListenerEntry {
  id: string;
  exp: number;
}
const isListenerEntry = (value: unknown): value is ListenerEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ListenerEntry).id === 'string' &&
  typeof (value as ListenerEntry).exp === 'number';

export interface Connection {
  connectionId: string;
  /** The user's slot it holds (`claimSlot`): its field in the listener items. */
  slot: number;
  sub: string;
  email: string;
  role: SystemRole;
  /**
   * When the session behind the connection's token began (`auth_time`, seconds): ended sessions' sockets are closed.
   */
  authTime?: number;
}

/**
 * Open WebSocket connections (connections table, see shared/tables.ts): an item each, found by id or
 * by user (`bySub`), and listed in the listener items of who they listen as, so an announcement finds
 * every connection of its audience in one batch read (`listeners`).
 */
export class ConnectionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** Records a connection that holds `slot` (claimSlot), and lists it in its listener items. */
  async add(connection: Connection, now = Date.now()): Promise<void> {
    const expiresAt = Math.floor(now / 1000) + LIFETIME_SECONDS;
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...connection, sk: SK, email: connection.email || '-', expiresAt },
      }),
    );
    const entry: ListenerEntry = { id: connection.connectionId, exp: expiresAt };
    await Promise.all(
      listenerKeysOf(connection).map((key) =>
        this.client.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: listenerItemKey(key),
            UpdateExpression: 'SET #slot = :entry',
            ExpressionAttributeNames: { '#slot': listenerField(connection) },
            ExpressionAttributeValues: { ':entry': entry },
          }),
        ),
      ),
    );
  }

  /**
   * The open connections of each listener key, in one batch read (a call per hundred keys). A
   * listener item holds a field per slot of its users (`<sub>#<slot>`), overwritten when the slot is
   * claimed again, so it holds at most MAX_CONNECTIONS_PER_USER fields per user: a user's or an
   * e-mail's item stays small, and the admins' one field per admin slot. An entry past its
   * connection's lifetime (a disconnect never reported) is left out.
   */
  async listeners(keys: readonly ListenerKey[], now = Date.now()): Promise<Map<ListenerKey, string[]>> {
    const found = new Map<ListenerKey, string[]>();
    const unique = [...new Set(keys)];
    const nowSeconds = Math.floor(now / 1000);
    for (let i = 0; i < unique.length; i += MAX_KEYS_PER_BATCH) {
      let pending: Record<string, unknown>[] = unique.slice(i, i + MAX_KEYS_PER_BATCH).map(listenerItemKey);
      for (let round = 0; pending.length > 0; round += 1) {
        if (round === MAX_BATCH_ROUNDS) throw new Error(`Listener items not read: ${pending.length} keys throttled`);
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** round));
        const page = await this.client.send(
          new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: pending, ConsistentRead: true } } }),
        );
        for (const item of page.Responses?.[this.tableName] ?? []) {
          const key = String(item.connectionId).slice('$listeners#'.length) as ListenerKey;
          const ids = Object.values(item)
            .filter(isListenerEntry)
            .filter((entry) => entry.exp > nowSeconds)
            .map((entry) => entry.id);
          found.set(key, ids);
        }
        pending = (page.UnprocessedKeys?.[this.tableName]?.Keys ?? []) as Record<string, unknown>[];
      }
    }
    return found;
  }

  async get(connectionId: string): Promise<Connection | null> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { connectionId, sk: SK } }),
    );
    return Item ? (Item as Connection) : null;
  }

  /**
   * Forgets a connection and frees the user's slot it held (`claimSlot`), whoever noticed it ended:
   * `$disconnect`, a post answered 410 Gone, or an ended session's socket closed by the server.
   */
  async remove(connectionId: string): Promise<void> {
    const { Attributes: gone } = await this.client.send(
      new DeleteCommand({ TableName: this.tableName, Key: { connectionId, sk: SK }, ReturnValues: 'ALL_OLD' }),
    );
    // The slot is freed even when unlisting fails: a listed entry left behind expires with its lifetime.
    try {
      if (gone && typeof gone.slot === 'number') await this.unlist(gone as Connection);
    } finally {
      await this.releaseSlot(connectionId);
    }
  }

  /** Takes a connection's fields out of its listener items, unless a newer connection holds its slot there now. */
  private async unlist(connection: Connection): Promise<void> {
    await Promise.all(
      listenerKeysOf(connection).map(async (key) => {
        try {
          await this.client.send(
            new UpdateCommand({
              TableName: this.tableName,
              Key: listenerItemKey(key),
              UpdateExpression: 'REMOVE #slot',
              ConditionExpression: '#slot.#id = :id',
              ExpressionAttributeNames: { '#slot': listenerField(connection), '#id': 'id' },
              ExpressionAttributeValues: { ':id': connection.connectionId },
            }),
          );
        } catch (error) {
          if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        }
      }),
    );
  }

  /** Every connection of a user (to close them when the session ends), through the `bySub` index. */
  async bySub(sub: string): Promise<string[]> {
    const ids: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'bySub',
          KeyConditionExpression: '#sub = :sub',
          ExpressionAttributeNames: { '#sub': 'sub' },
          ExpressionAttributeValues: { ':sub': sub },
          ExclusiveStartKey: startKey,
        }),
      );
      ids.push(...(page.Items ?? []).map((item) => item.connectionId as string));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return ids;
  }

  /**
   * Takes one of `cap` slots of a user for a connection, and answers which, or null when all are held. A slot
   * is an item claimed with a conditional put, so concurrent connects can never take more than
   * `cap` between them; a slot whose holder outlived a connection's lifetime (a disconnect that
   * never came) is free again. The connection's own `cap` item (same partition) says which slot it
   * holds, for `releaseSlot`. Slot items carry no `sub`, `email` or `role`: no index sees them.
   */
  async claimSlot(sub: string, connectionId: string, cap: number, now = Date.now()): Promise<number | null> {
    const nowSeconds = Math.floor(now / 1000);
    const expiresAt = nowSeconds + LIFETIME_SECONDS;
    for (let slot = 0; slot < cap; slot += 1) {
      try {
        await this.client.send(
          new PutCommand({
            TableName: this.tableName,
            Item: { connectionId: slotPartition(sub), sk: `${SLOT}#${slot}`, holder: connectionId, expiresAt },
            ConditionExpression: 'attribute_not_exists(connectionId) OR expiresAt < :now',
            ExpressionAttributeValues: { ':now': nowSeconds },
          }),
        );
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') continue;
        throw error;
      }
      await this.client.send(
        new PutCommand({ TableName: this.tableName, Item: { connectionId, sk: SLOT, owner: sub, slot, expiresAt } }),
      );
      return slot;
    }
    return null;
  }

  /** Frees the slot a connection held (if it still holds it). */
  private async releaseSlot(connectionId: string): Promise<void> {
    const page = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'connectionId = :id AND sk = :sk',
        ExpressionAttributeValues: { ':id': connectionId, ':sk': SLOT },
      }),
    );
    const held = page.Items?.[0];
    if (!held) return;
    try {
      await this.client.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: { connectionId: slotPartition(String(held.owner)), sk: `${SLOT}#${Number(held.slot)}` },
          ConditionExpression: 'holder = :id',
          ExpressionAttributeValues: { ':id': connectionId },
        }),
      );
    } catch (error) {
      // Expired and taken by a newer connection since: that one's slot now.
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { connectionId, sk: SLOT } }));
  }
}

/** The listener items a connection is listed in: its user's, its proven e-mail's, its role's. */
const listenerKeysOf = (connection: Pick<Connection, 'sub' | 'email' | 'role'>): ListenerKey[] => [
  subListeners(connection.sub),
  ...(connection.email && connection.email !== '-' ? [emailListeners(connection.email)] : []),
  roleListeners(connection.role),
];

/** A connection's field in its listener items: its user's slot, which one connection holds at a time. */
const listenerField = (connection: Pick<Connection, 'sub' | 'slot'>) => `${connection.sub}#${connection.slot}`;
