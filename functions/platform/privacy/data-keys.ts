import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SubjectErasedError } from '../errors.js';
import { LruCache } from '../lru-cache.js';

/**
 * Each person's data key, for envelope encryption: a 256-bit key that KMS generates, kept only
 * wrapped by the stage's KMS key, one item per subject in the keys table (which has no backups and
 * no point-in-time recovery, so that destroying a key destroys every copy of it). The plaintext key
 * lives only in memory, in a bounded cache with a short life.
 *
 * Destroying a key leaves a tombstone: a subject whose key was destroyed never gets a new one, so
 * nothing written after an erasure (a late reaction, a retried event) can make that person's data
 * readable again. A new account is a new subject.
 */
export interface KeysTableItem {
  subject: string;
  kind: typeof DATA_KEY;
  /** The data key wrapped by the stage's KMS key, base64; absent once destroyed. */
  wrapped?: string;
  created_at: string;
  destroyed_at?: string;
}

const DATA_KEY = 'data-key';

/** A subject is an account id (a Cognito `sub`) or a generated id: bounded, no separators. */
const SUBJECT_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const CACHE_ENTRIES = 1_000;
/** How long a warm process keeps a plaintext key: the longest a destroyed key can still decrypt there. */
export const KEY_CACHE_MS = 5 * 60_000;

export { SubjectErasedError } from '../errors.js';

export class DataKeys {
  private readonly cache = new LruCache<string, { key: Buffer | null; until: number }>(CACHE_ENTRIES);

  constructor(
    private readonly kms: KMSClient,
    private readonly kmsKeyId: string,
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The subject's key, made on first use; throws SubjectErasedError once it was destroyed. */
  async forWriting(subject: string): Promise<Buffer> {
    const key = await this.forReading(subject);
    if (key) return key;
    if (key === null) throw new SubjectErasedError(subject);
    return this.create(subject);
  }

  /**
   * The key of a subject that most likely has none yet (a stream's first commit names its own): made
   * at once, with no read first. The conditional put still decides: if the subject has a key, or a
   * tombstone, the put is refused and the stored one is read as `forWriting` would.
   */
  async forNewSubject(subject: string): Promise<Buffer> {
    assertSubject(subject);
    const cached = this.cache.get(subject);
    if (cached && cached.until > this.clock()) {
      if (cached.key) return cached.key;
      throw new SubjectErasedError(subject);
    }
    return this.create(subject);
  }

  /** The subject's key; null once destroyed, undefined when the subject never had one. */
  async forReading(subject: string): Promise<Buffer | null | undefined> {
    assertSubject(subject);
    const cached = this.cache.get(subject);
    if (cached && cached.until > this.clock()) return cached.key;
    const { Item } = await this.documents.send(
      new GetCommand({ TableName: this.table, Key: { subject, kind: DATA_KEY }, ConsistentRead: true }),
    );
    const item = Item as KeysTableItem | undefined;
    if (!item) return undefined;
    const key = item.wrapped ? await this.unwrap(subject, item.wrapped) : null;
    this.remember(subject, key);
    return key;
  }

  /**
   * Destroys the subject's key: its wrapped copy is overwritten by a tombstone. Whatever was sealed
   * under it stays in the store as ciphertext no one can open.
   */
  async destroy(subject: string): Promise<void> {
    assertSubject(subject);
    const now = new Date(this.clock()).toISOString();
    await this.documents.send(
      new PutCommand({ TableName: this.table, Item: { subject, kind: DATA_KEY, created_at: now, destroyed_at: now } }),
    );
    this.remember(subject, null);
  }

  private async create(subject: string): Promise<Buffer> {
    const generated = await this.kms.send(
      new GenerateDataKeyCommand({ KeyId: this.kmsKeyId, KeySpec: 'AES_256', EncryptionContext: { subject } }),
    );
    const item: KeysTableItem = {
      subject,
      kind: DATA_KEY,
      wrapped: Buffer.from(generated.CiphertextBlob!).toString('base64'),
      created_at: new Date(this.clock()).toISOString(),
    };
    try {
      await this.documents.send(
        new PutCommand({ TableName: this.table, Item: item, ConditionExpression: 'attribute_not_exists(subject)' }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      // Another writer made this subject's key first (or destroyed it): theirs is the key.
      this.cache.delete(subject);
      return this.forWriting(subject);
    }
    const key = Buffer.from(generated.Plaintext!);
    this.remember(subject, key);
    return key;
  }

  private async unwrap(subject: string, wrapped: string): Promise<Buffer> {
    const { Plaintext } = await this.kms.send(
      new DecryptCommand({
        KeyId: this.kmsKeyId,
        CiphertextBlob: Buffer.from(wrapped, 'base64'),
        EncryptionContext: { subject },
      }),
    );
    return Buffer.from(Plaintext!);
  }

  private remember(subject: string, key: Buffer | null) {
    this.cache.set(subject, { key, until: this.clock() + KEY_CACHE_MS });
  }
}

export function assertSubject(subject: string): void {
  if (!SUBJECT_PATTERN.test(subject)) throw new Error(`Not a data subject: ${JSON.stringify(subject).slice(0, 40)}`);
}
