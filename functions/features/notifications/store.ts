import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Runtime } from '../../platform/runtime.js';
import type { InboxItem } from './contracts.js';

export type { InboxItem };

/**
 * The notifications' own items in the views table, outside the projections' generations (like the
 * quota counters): they are what a reactor did, not a fold of the events, so an audit rebuild must
 * neither drop nor redo them.
 * - `$notified#<eventId>` / `<recipient>`: the sent-marker, claimed with a condition before anything is stored or sent;
 * - `$inbox#<sub>` / `<eventId>`: the in-app notification (ULIDs sort by time: newest first by a reverse query);
 * - `$inbox-read#<sub>` / `mark`: the newest event id the user has read up to;
 * - `$mail-pending#<recipient>` / `<mode>#<projectId>#<eventId>`: waiting for an e-mail (gsi4: every pending one of a
 * mode);
 * - `$mail-window#<recipient>#<projectId>`: when the next e-mail about that project may go (the quota);
 * - `$digest#<recipient>` / `<day>`: the day's digest, claimed once.
 */

export interface PendingMail extends InboxItem {
  recipient: string;
  sub: string | null;
  email: string;
  mode: 'immediate' | 'digest';
}

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export class NotificationStore {
  constructor(private readonly runtime: Runtime) {}

  private get client() {
    return this.runtime.views.client;
  }
  private get table() {
    return this.runtime.views.tableName;
  }

  /**
   * Claims the marker of (event, recipient). 'new': nobody handled it; 'unfinished': a delivery
   * claimed it and stopped before the end (its steps are conditional: redo them); 'done': skip.
   */
  async claim(eventId: string, recipient: string): Promise<'new' | 'unfinished' | 'done'> {
    const Key = { pk: `$notified#${eventId}`, sk: recipient };
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...Key, done: false },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return 'new';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const { Item } = await this.client.send(new GetCommand({ TableName: this.table, Key, ConsistentRead: true }));
      return Item?.done ? 'done' : 'unfinished';
    }
  }

  async finish(eventId: string, recipient: string): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: `$notified#${eventId}`, sk: recipient },
        UpdateExpression: 'SET done = :t',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
  }

  /** Stores the in-app notification once (keyed by event and recipient). */
  async addToInbox(sub: string, item: InboxItem): Promise<boolean> {
    return this.putOnce({ pk: `$inbox#${sub}`, sk: item.id, ...item });
  }

  /** The newest notifications, `limit` at a time; `after` is the last id of the page before. */
  async inbox(
    sub: string,
    options: { limit: number; after?: string },
  ): Promise<{ items: InboxItem[]; next: string | null }> {
    if (options.after !== undefined && !ULID.test(options.after)) throw new RangeError('Not a notification id');
    const page = await this.client.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `$inbox#${sub}` },
        ScanIndexForward: false,
        Limit: options.limit,
        ExclusiveStartKey: options.after ? { pk: `$inbox#${sub}`, sk: options.after } : undefined,
      }),
    );
    const items = (page.Items ?? []).map(
      ({ id, kind, project_id, project_title, message, link, at }) =>
        ({ id, kind, project_id, project_title, message, link, at }) as InboxItem,
    );
    return { items, next: page.LastEvaluatedKey ? String(page.LastEvaluatedKey.sk) : null };
  }

  async readMark(sub: string): Promise<string | null> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table, Key: { pk: `$inbox-read#${sub}`, sk: 'mark' }, ConsistentRead: true }),
    );
    return (Item?.upTo as string | undefined) ?? null;
  }

  /** How many are newer than the read mark, counting up to `cap`. */
  async unreadCount(sub: string, mark: string | null, cap: number): Promise<number> {
    let count = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: mark ? 'pk = :pk AND sk > :mark' : 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `$inbox#${sub}`, ...(mark ? { ':mark': mark } : {}) },
          Select: 'COUNT',
          Limit: cap - count,
          ExclusiveStartKey: startKey,
        }),
      );
      count += page.Count ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey && count < cap);
    return count;
  }

  /** Moves the read mark forward to `upTo` (never back: an older "read up to" changes nothing). */
  async markRead(sub: string, upTo: string): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: `$inbox-read#${sub}`, sk: 'mark' },
          UpdateExpression: 'SET upTo = :upTo',
          ConditionExpression: 'attribute_not_exists(upTo) OR upTo < :upTo',
          ExpressionAttributeValues: { ':upTo': upTo },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** Queues an e-mail line once (keyed by recipient, mode, project and event). */
  async queueMail(mail: PendingMail): Promise<boolean> {
    return this.putOnce({
      pk: `$mail-pending#${mail.recipient}`,
      sk: `${mail.mode}#${mail.project_id}#${mail.id}`,
      gsi4pk: `$mail-pending-${mail.mode}`,
      gsi4sk: `${mail.recipient}#${mail.id}`,
      ...mail,
    });
  }

  /** What waits for one recipient: one project's immediate lines, or the digest's. */
  async pendingFor(recipient: string, prefix: string): Promise<PendingMail[]> {
    const items: PendingMail[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': `$mail-pending#${recipient}`, ':prefix': prefix },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...((page.Items ?? []) as PendingMail[]));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items.sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  /** Every recipient with lines waiting in a mode (the schedules' work list), with their projects. */
  async pendingRecipients(mode: PendingMail['mode']): Promise<Map<string, Set<string>>> {
    const out = new Map<string, Set<string>>();
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: 'gsi4',
          KeyConditionExpression: 'gsi4pk = :pk',
          ExpressionAttributeValues: { ':pk': `$mail-pending-${mode}` },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const projects = out.get(item.recipient as string) ?? new Set<string>();
        projects.add(item.project_id as string);
        out.set(item.recipient as string, projects);
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return out;
  }

  async sent(mails: readonly PendingMail[]): Promise<void> {
    await Promise.all(
      mails.map((mail) =>
        this.client.send(
          new DeleteCommand({
            TableName: this.table,
            Key: { pk: `$mail-pending#${mail.recipient}`, sk: `${mail.mode}#${mail.project_id}#${mail.id}` },
          }),
        ),
      ),
    );
  }

  /**
   * Counts a failed send of these lines; a line that failed `maxAttempts` times is dropped (an
   * address that cannot receive mail must not hold the queue forever). Returns how many were dropped.
   */
  async failed(mails: readonly PendingMail[], maxAttempts: number): Promise<number> {
    let dropped = 0;
    for (const mail of mails) {
      const Key = { pk: `$mail-pending#${mail.recipient}`, sk: `${mail.mode}#${mail.project_id}#${mail.id}` };
      const { Attributes } = await this.client
        .send(
          new UpdateCommand({
            TableName: this.table,
            Key,
            UpdateExpression: 'ADD attempts :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':one': 1 },
            ReturnValues: 'UPDATED_NEW',
          }),
        )
        .catch((error) => {
          if (isConditionFailure(error)) return { Attributes: undefined };
          throw error;
        });
      if (Attributes && Number(Attributes.attempts) >= maxAttempts) {
        await this.client.send(new DeleteCommand({ TableName: this.table, Key }));
        dropped += 1;
      }
    }
    return dropped;
  }

  /**
   * Takes the e-mail window of (recipient, project) until `until` when it is free at `now`: one
   * e-mail per project per window; what arrives meanwhile waits for the next one.
   */
  async takeWindow(recipient: string, projectId: string, now: number, until: number): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: `$mail-window#${recipient}#${projectId}`, sk: 'window' },
          UpdateExpression: 'SET #until = :until',
          ConditionExpression: 'attribute_not_exists(#until) OR #until <= :now',
          ExpressionAttributeNames: { '#until': 'until' },
          ExpressionAttributeValues: { ':until': until, ':now': now },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async releaseWindow(recipient: string, projectId: string): Promise<void> {
    await this.client.send(
      new DeleteCommand({ TableName: this.table, Key: { pk: `$mail-window#${recipient}#${projectId}`, sk: 'window' } }),
    );
  }

  /** Claims the recipient's digest of `day` (once per user per day). */
  async claimDigest(recipient: string, day: string): Promise<boolean> {
    return this.putOnce({ pk: `$digest#${recipient}`, sk: day });
  }

  async releaseDigest(recipient: string, day: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.table, Key: { pk: `$digest#${recipient}`, sk: day } }));
  }

  /**
   * An erasure: every item this store keeps of one event of an erased stream, in each recipient's
   * partition (found by the event's sent-markers): the in-app notification, the e-mail lines waiting
   * in either mode, and the markers. Answers how many recipients it had.
   */
  async forgetEvent(eventId: string, projectId: string): Promise<number> {
    const markers = await this.queryAll(`$notified#${eventId}`);
    for (const marker of markers) {
      const recipient = String(marker.sk);
      if (recipient.startsWith('sub:'))
        await this.remove({ pk: `$inbox#${recipient.slice('sub:'.length)}`, sk: eventId });
      for (const mode of ['immediate', 'digest'])
        await this.remove({ pk: `$mail-pending#${recipient}`, sk: `${mode}#${projectId}#${eventId}` });
      await this.remove({ pk: `$notified#${eventId}`, sk: recipient });
    }
    return markers.length;
  }

  /** An erasure: the erased account's own inbox, its read mark and every e-mail line waiting for it. */
  async forgetRecipient(sub: string, email: string | null): Promise<void> {
    const partitions = [`$inbox#${sub}`, `$inbox-read#${sub}`, `$mail-pending#sub:${sub}`];
    if (email) partitions.push(`$mail-pending#email:${email.toLowerCase()}`);
    for (const pk of partitions) for (const item of await this.queryAll(pk)) await this.remove({ pk, sk: item.sk });
  }

  private async queryAll(pk: string): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  private async remove(Key: { pk: string; sk: unknown }): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.table, Key }));
  }

  private async putOnce(Item: Record<string, unknown>): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({ TableName: this.table, Item, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
