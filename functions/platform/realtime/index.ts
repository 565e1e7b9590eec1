import { sharedDynamoClient } from '../aws/dynamodb.js';
import { ConnectionStore } from './connections.js';

export * from './connections.js';
export * from './poster.js';
export * from './tokens.js';

let store: { key: string; store: ConnectionStore } | undefined;

export function connectionStore(): ConnectionStore {
  const table = process.env.CONNECTIONS_TABLE ?? '';
  const key = `${process.env.DYNAMODB_ENDPOINT ?? ''}|${table}`;
  if (store?.key !== key) store = { key, store: new ConnectionStore(sharedDynamoClient(), table) };
  return store.store;
}

/** What the server sends: only which topics changed, never data (the client reloads what it may read). */
export interface LiveMessage {
  type: 'changed';
  topics: string[];
  at: string;
}
