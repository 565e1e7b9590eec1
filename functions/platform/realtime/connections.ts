import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
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

export interface Connection {
  connectionId: string;
  sub: string;
  email: string;
  role: SystemRole;
  /**
   * When the session behind the connection's token began (`auth_time`, seconds): ended sessions' sockets are closed.
   */
  authTime?: number;
}

/** Open WebSocket connections, found by user, e-mail or role (connections table, see shared/tables.ts). */
export class ConnectionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async add(connection: Connection, now = Date.now()): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...connection,
          sk: SK,
          email: connection.email || '-',
          expiresAt: Math.floor(now / 1000) + LIFETIME_SECONDS,
        },
      }),
    );
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
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { connectionId, sk: SK } }));
    await this.releaseSlot(connectionId);
  }

  private async idsBy(index: 'bySub' | 'byEmail' | 'byRole', attribute: string, value: string): Promise<string[]> {
    const ids: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: index,
          KeyConditionExpression: '#a = :v',
          ExpressionAttributeNames: { '#a': attribute },
          ExpressionAttributeValues: { ':v': value },
          ExclusiveStartKey: startKey,
        }),
      );
      ids.push(...(page.Items ?? []).map((item) => item.connectionId as string));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return ids;
  }

  /**
   * Takes one of `cap` slots of a user for a connection, or answers false when all are held. A slot
   * is an item claimed with a conditional put, so concurrent connects can never take more than
   * `cap` between them; a slot whose holder outlived a connection's lifetime (a disconnect that
   * never came) is free again. The connection's own `cap` item (same partition) says which slot it
   * holds, for `releaseSlot`. Slot items carry no `sub`, `email` or `role`: no index sees them.
   */
  async claimSlot(sub: string, connectionId: string, cap: number, now = Date.now()): Promise<boolean> {
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
      return true;
    }
    return false;
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

  bySub = (sub: string) => this.idsBy('bySub', 'sub', sub);
  byEmail = (email: string) => this.idsBy('byEmail', 'email', canonicalEmail(email));
  byRole = (role: SystemRole) => this.idsBy('byRole', 'role', role);
}
