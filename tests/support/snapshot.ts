import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { isGuardAttribute } from '../../functions/platform/event-store/counter-guards.js';
import { isCounterAttribute } from '../../functions/platform/views/counters.js';
import { allProjections } from '../../functions/app/projections.js';
import { Replayer } from '../../functions/app/replay.js';
import type { ViewStore } from '../../functions/platform/views/views.js';
import type { EventReading } from '../../functions/platform/runtime.js';

type Runtime = EventReading & { views: ViewStore };

/**
 * Every item of the active generation of the views, keyed and sorted, without the write-version
 * markers `v` and `lv` (which say when an item and what it looked up were last written, not what it shows).
 */
export async function snapshotViews(runtime: Runtime): Promise<Record<string, unknown>> {
  const { active } = await runtime.views.generations(true);
  const items: Record<string, unknown> = {};
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await runtime.views.client.send(
      new ScanCommand({ TableName: runtime.views.tableName, ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      if (!pk.startsWith(`${active}#`) || item.deleted) continue;
      const { v: _v, lv: _lv, ...rest } = item;
      // A counter item's guards (views.addCounts) say which steps came last, not what it counts; a
      // field at 0 shows what no item shows, and so does an item with only those.
      if (pk.includes('#count#')) {
        const counts = rest as Record<string, unknown>;
        for (const key of Object.keys(counts)) if (isGuardAttribute(key) || counts[key] === 0) delete counts[key];
        if (!Object.keys(counts).some(isCounterAttribute)) continue;
      }
      items[`${pk.slice(pk.indexOf('#') + 1)} | ${item.sk}`] = rest;
      for (const key of Object.keys(rest))
        if (/^gsi\dpk$/.test(key) || key === 'pk')
          (rest as Record<string, unknown>)[key] = String(rest[key]).slice(String(rest[key]).indexOf('#') + 1);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return Object.fromEntries(Object.entries(items).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The live views, then a clean replay of the whole store into a new generation: both snapshots. */
export async function liveAndReplayed(runtime: Runtime) {
  const live = await snapshotViews(runtime);
  const report = await new Replayer(runtime.store, runtime.views, allProjections).run();
  const replayed = await snapshotViews(runtime);
  return { live, replayed, report };
}
