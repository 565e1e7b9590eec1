/**
 * Key schemas of the two tables, as plain data: the CDK stack and the embedded runtime both build
 * their tables from this, so the store's queries and the tables can never disagree.
 */
export interface TableDefinition {
  partitionKey: string;
  sortKey: { name: string; type: 'S' | 'N' };
  indexes: { name: string; partitionKey: string; sortKey: string; projection: 'ALL' | 'KEYS_ONLY' }[];
  /** Items expire by this attribute (epoch seconds), when set. */
  timeToLiveAttribute?: string;
}

/**
 * Events: one item per commit, keyed by (streamId, first version of the commit).
 * - `byTime`: global order. Partition `bucket` = day + shard, sort `position` = the commit's ULID.
 *   Spreading a day over shards keeps writes off a single partition; readers merge the shards.
 * Commits not yet published carry `outbox`; the sweeper finds them through `byTime` from its mark
 * (a second, sparse index cost two more index writes per commit for the same answer).
 */
export const eventsTable: TableDefinition = {
  partitionKey: 'streamId',
  sortKey: { name: 'version', type: 'N' },
  indexes: [{ name: 'byTime', partitionKey: 'bucket', sortKey: 'position', projection: 'ALL' }],
};

/**
 * Views: the read side. Generic keys; every projection documents which index it uses for what.
 * gsi1 owner, gsi2 team, gsi3 designer or e-mail, gsi4 a kind-wide listing, gsi5 filter and search
 * index items (a board column, a column narrowed by designer or priority, a search word), written by
 * the projections beside the items they index.
 */
export const viewsTable: TableDefinition = {
  partitionKey: 'pk',
  sortKey: { name: 'sk', type: 'S' },
  indexes: [1, 2, 3, 4, 5].map((n) => ({
    name: `gsi${n}`,
    partitionKey: `gsi${n}pk`,
    sortKey: `gsi${n}sk`,
    projection: 'ALL' as const,
  })),
};

/**
 * Live-update connections (WebSocket): one item per open connection, found by the user's sub (to
 * close them), and listed in listener items by user, e-mail (designers assigned before they
 * registered) and role (admins see everything), which an announcement reads in one batch
 * (functions/platform/realtime/connections.ts). Items expire by `expiresAt`, so connections whose
 * disconnect was missed leave by themselves. `byEmail` and `byRole` are no longer read: they go in two
 * later deploys (CloudFormation creates or deletes one index per table update).
 */
export const connectionsTable: TableDefinition = {
  partitionKey: 'connectionId',
  sortKey: { name: 'sk', type: 'S' },
  indexes: [
    { name: 'bySub', partitionKey: 'sub', sortKey: 'connectionId', projection: 'KEYS_ONLY' },
    { name: 'byEmail', partitionKey: 'email', sortKey: 'connectionId', projection: 'KEYS_ONLY' },
    { name: 'byRole', partitionKey: 'role', sortKey: 'connectionId', projection: 'KEYS_ONLY' },
  ],
  timeToLiveAttribute: 'expiresAt',
};

/**
 * Data keys (functions/platform/privacy/data-keys.ts): one item per subject (a stream, or a person's
 * account as `user-<sub>`), `kind` 'data-key', holding the key wrapped by the stage's KMS key, or a
 * tombstone once destroyed. The one table with no backups and no point-in-time recovery: a destroyed
 * key must leave no copy that a restore could bring back (docs/privacy.md).
 */
export const keysTable: TableDefinition = {
  partitionKey: 'subject',
  sortKey: { name: 'kind', type: 'S' },
  indexes: [],
};

export const BY_TIME_SHARDS = 4;
