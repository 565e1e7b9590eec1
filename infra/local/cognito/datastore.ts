import type { Context, DataStore, DataStoreFactory } from './cognito-local.js';

/**
 * cognito-local's StormDB store rewrites its whole JSON file with an async fs.writeFile on every
 * change, and overlapping writeFile calls on one file are unsafe (Node's docs say so): the file can
 * end up holding an older state, or a shorter body followed by the tail of a longer one, which no
 * longer loads. Queuing the writes per file keeps them in order.
 */
export class SerializedDataStoreFactory implements DataStoreFactory {
  constructor(private readonly inner: DataStoreFactory) {}

  async create(ctx: Context, id: string, defaults: object): Promise<DataStore> {
    return new SerializedDataStore(await this.inner.create(ctx, id, defaults));
  }
}

class SerializedDataStore implements DataStore {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly inner: DataStore) {}

  get<T>(ctx: Context, key: string | string[], defaultValue?: T): Promise<T> {
    return this.inner.get(ctx, key, defaultValue as T);
  }

  getRoot<T>(ctx: Context): Promise<T | null> {
    return this.inner.getRoot<T>(ctx);
  }

  set<T>(ctx: Context, key: string | string[], value: T): Promise<void> {
    return this.enqueue(() => this.inner.set(ctx, key, value));
  }

  delete(ctx: Context, key: string | string[]): Promise<void> {
    return this.enqueue(() => this.inner.delete(ctx, key));
  }

  private enqueue(write: () => Promise<void>): Promise<void> {
    const next = this.tail.then(write);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
