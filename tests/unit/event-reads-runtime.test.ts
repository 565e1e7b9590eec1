/**
 * The runtime's factories: each builds its adapter once per process from the environment (Lambda),
 * or answers what `configureRuntime` installed (the embedded runtime, tests), and builds afresh after
 * another `configureRuntime`.
 */
import { KMSClient } from '@aws-sdk/client-kms';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../functions/app/catalogue.js';
import { dynamoClient } from '../../functions/platform/aws/dynamodb.js';
import { EventLog } from '../../functions/platform/event-store/event-log.js';
import { eventLog } from '../../functions/platform/event-store/event-reads.js';
import { eventStore } from '../../functions/platform/event-store/event-runtime.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import { configureRuntime } from '../../functions/platform/runtime.js';
import { PersonalDataCodec } from '../../functions/platform/privacy/codec.js';
import { DataKeys } from '../../functions/platform/privacy/data-keys.js';
import { reading, viewReader } from '../../functions/platform/views/reader.js';
import { ViewReader } from '../../functions/platform/views/view-reader.js';
import { viewStore, ViewStore } from '../../functions/platform/views/views.js';

/** Never reaches a service here: the factories only hand it on. */
const codec = new PersonalDataCodec(
  catalogue,
  new DataKeys(new KMSClient({ region: 'us-east-1' }), 'key', dynamoClient('http://127.0.0.1:1'), 'keys'),
);

describe('the runtime factories', () => {
  beforeAll(() => {
    process.env.EVENTS_TABLE ??= 'events';
    process.env.VIEWS_TABLE ??= 'views';
    process.env.EVENT_BUS_NAME ??= 'bus';
    process.env.AWS_REGION ??= 'us-east-1';
  });
  afterEach(() => configureRuntime(undefined));

  it('gives a handler that reads events the reading half alone, one per process', () => {
    const log = eventLog(catalogue);
    expect(log).toBeInstanceOf(EventLog);
    expect(log).not.toBeInstanceOf(EventStore);
    expect('append' in log).toBe(false);
    expect(eventLog(catalogue)).toBe(log);
  });

  it('gives a handler that appends one store with its publisher, one per process', () => {
    const { store, publisher } = eventStore(catalogue);
    expect(store).toBeInstanceOf(EventStore);
    expect(publisher.store).toBe(store);
    expect(eventStore(catalogue).store).toBe(store);
  });

  it('answers what configureRuntime installed, and builds again after the next one', () => {
    const client = dynamoClient('http://127.0.0.1:1');
    const before = viewReader();
    const views = new ViewStore(client, 'installed-views');
    const store = new EventStore({ client, tableName: 'installed-events', catalogue, codec });
    configureRuntime({ client, views, store, now: () => new Date(0) });
    expect(viewReader()).toBe(views);
    expect(viewStore()).toBe(views);
    expect(eventLog(catalogue)).toBe(store);
    expect(eventStore(catalogue).store).toBe(store);
    expect(reading().now().getTime()).toBe(0);
    configureRuntime(undefined);
    const after = viewReader();
    expect(after).not.toBe(views);
    expect(after).not.toBe(before);
    expect(after).toBeInstanceOf(ViewReader);
  });

  it('refuses to write views or append through adapters installed only to read', () => {
    const client = dynamoClient('http://127.0.0.1:1');
    configureRuntime({
      client,
      views: new ViewReader(client, 'v'),
      store: new EventLog({ client, tableName: 'e', catalogue, codec }),
    });
    expect(() => viewStore()).toThrow(/ViewStore/);
    expect(() => eventStore(catalogue)).toThrow(/EventStore/);
  });
});
