import { DeleteCommand, GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { canonicalEmail } from '../../../events/email.js';
import type { SystemRole } from '../../../events/vocabulary.js';

const SK = 'connection';
/** A connection lives at most this long without a reconnect (API Gateway closes them at 2 hours). */
const LIFETIME_SECONDS = 2 * 60 * 60;

export interface Connection {
  connectionId: string;
  sub: string;
  email: string;
  role: SystemRole;
  /** When the session behind the connection's token began (`auth_time`, seconds): ended sessions' sockets are closed. */
  authTime?: number;
}

/** Open WebSocket connections, found by user, e-mail or role (connections table, see infra/tables.ts). */
export class ConnectionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async add(connection: Connection, now = Date.now()): Promise<void> {
    await this.client.send(new PutCommand({ TableName: this.tableName, Item: { ...connection, sk: SK, email: connection.email || '-', expiresAt: Math.floor(now / 1000) + LIFETIME_SECONDS } }));
  }

  async get(connectionId: string): Promise<Connection | null> {
    const { Item } = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { connectionId, sk: SK } }));
    return Item ? (Item as Connection) : null;
  }

  async remove(connectionId: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { connectionId, sk: SK } }));
  }

  private async idsBy(index: 'bySub' | 'byEmail' | 'byRole', attribute: string, value: string): Promise<string[]> {
    const ids: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({ TableName: this.tableName, IndexName: index, KeyConditionExpression: '#a = :v', ExpressionAttributeNames: { '#a': attribute }, ExpressionAttributeValues: { ':v': value }, ExclusiveStartKey: startKey }),
      );
      ids.push(...(page.Items ?? []).map((item) => item.connectionId as string));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return ids;
  }

  bySub = (sub: string) => this.idsBy('bySub', 'sub', sub);
  byEmail = (email: string) => this.idsBy('byEmail', 'email', canonicalEmail(email));
  byRole = (role: SystemRole) => this.idsBy('byRole', 'role', role);
}
