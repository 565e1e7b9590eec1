import { BY_TIME_SHARDS } from '#shared/tables.js';

/**
 * The global-order index (byTime): each day's commits spread over shards (`<day>#<shard>`), the
 * shard count stored as configuration so it can be raised without migrating old days.
 */
export function shardOf(streamId: string, shards: number): number {
  let hash = 0;
  for (let i = 0; i < streamId.length; i += 1) hash = (hash * 31 + streamId.charCodeAt(i)) | 0;
  return Math.abs(hash) % shards;
}

export const dayOf = (iso: string) => iso.slice(0, 10);

/** A byTime shard count and the UTC day from which writers use it. */
export interface ByTimeShards {
  from: string;
  shards: number;
}
export const CONFIG_KEY = { streamId: '$config', version: 0 };
export const DEFAULT_BY_TIME: ByTimeShards[] = [{ from: '0000-00-00', shards: BY_TIME_SHARDS }];

/** The count writers use on `day`: the latest entry in effect by then. */
export function shardsInEffect(config: readonly ByTimeShards[], day: string): number {
  let shards = BY_TIME_SHARDS;
  for (const entry of config) if (entry.from <= day) shards = entry.shards;
  return shards;
}

/** Shards a reader of `day` reads: every count in effect by then (a writer may not have seen the latest). */
export function shardsToRead(config: readonly ByTimeShards[], day: string): number {
  let shards = BY_TIME_SHARDS;
  for (const entry of config) if (entry.from <= day) shards = Math.max(shards, entry.shards);
  return shards;
}
export const bucketKey = (day: string, shard: number) => `${day}#${shard}`;

export function* daysBetween(first: string, last: string): Generator<string> {
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= end; t += 86_400_000)
    yield new Date(t).toISOString().slice(0, 10);
}
