/**
 * Audit rebuild of 100,000 generated events on the embedded DynamoDB (dynalite, in memory), next to
 * the raw Query read rate of the same store in the same run, and the raw BatchWriteItem rate for as
 * many items as the rebuild wrote (its floor: a rebuild must write its items). Prints figures;
 * asserts nothing.
 *
 * Also the rebuild with and without the insights projection (its cost, goal within 1.2x).
 *
 * The history: 2,000 projects of 50 events each (submission, assignment, status changes, task
 * toggles, comments and their moderation), written as commits of 10 events through the real
 * envelope and hash chain (BatchWrite for speed: generating is not what is measured).
 */
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { computeHash } from '../events/hash-chain.js';
import { GENESIS_HASH, type EventEnvelope, type NewEvent } from '../events/envelope.js';
import {
  ChecklistTaskToggled,
  CommentApproved,
  CommentPosted,
  DesignerAssigned,
  ProjectStatusChanged,
} from '../functions/features/projects/events.js';
import { allProjections } from '../functions/app/projections.js';
import { projectDecider } from '../functions/features/projects/decider.js';
import { newId } from '../functions/platform/ids.js';
import { Replayer, type ReplayReport } from '../functions/app/replay.js';
import { ViewStore } from '../functions/platform/views/views.js';
import { ensureTables } from '../infra/local/dynamo.js';
import { BY_TIME_SHARDS } from '../shared/tables.js';
import { LONG_DESCRIPTION } from '../tests/support/stack.js';
import { startStore } from '../tests/support/store.js';
import { printTable, timed } from './support.js';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 2000);
const EVENTS_PER_PROJECT = 50;
const PER_COMMIT = 10;

function historyOf(id: string): { event: NewEvent; role: 'client' | 'admin' | 'designer' }[] {
  const [submitted] = projectDecider.decide(
    {
      type: 'SubmitProject',
      project_id: id,
      user_id: 'client',
      team_id: null,
      title: `Bench ${id}`,
      project_category: 'Design',
      project_type: 'Concept Design',
      property_type: 'adu',
      description: LONG_DESCRIPTION,
      design_priority: [],
      area_sqft: 640,
      existing_plans: false,
      permit_needs: null,
      deliverables: ['Layout Plan'],
      room_selection: [],
      room_notes: null,
      inspiration_links: [],
      project_address: null,
      specifications: {},
      checklist: Array.from({ length: 8 }, (_, i) => ({ task_name: `Task ${i + 1}`, estimated_hours: 1.5 })),
      checklist_origin: 'generated',
    },
    projectDecider.initialState(),
    { actor: { sub: 'client', role: 'client' }, now: '' },
  );
  const history: { event: NewEvent; role: 'client' | 'admin' | 'designer' }[] = [
    { event: submitted!, role: 'client' },
    {
      event: DesignerAssigned.create({ designer_id: 'designer', designer_email: null, designer_name: 'Dana' }),
      role: 'admin',
    },
  ];
  let status: 'in_progress' | 'needs_revision' = 'in_progress';
  let previous: 'queued' | 'in_progress' | 'needs_revision' = 'queued';
  for (let i = 0; history.length < EVENTS_PER_PROJECT; i += 1) {
    switch (i % 4) {
      case 0:
        history.push({ event: ProjectStatusChanged.create({ from: previous, to: status }), role: 'designer' });
        previous = status;
        status = status === 'in_progress' ? 'needs_revision' : 'in_progress';
        break;
      case 1:
        history.push({
          event: ChecklistTaskToggled.create({ checklist_id: `${id}-t${(i % 8) + 1}`, completed: i % 8 < 4 }),
          role: 'designer',
        });
        break;
      case 2:
        history.push({
          event: CommentPosted.create({ comment_id: `${id}-c${i}`, content: `Progress note ${i}` }),
          role: 'designer',
        });
        break;
      default:
        history.push({ event: CommentApproved.create({ comment_id: `${id}-c${i - 1}` }), role: 'admin' });
    }
  }
  return history;
}

export async function benchReplay() {
  const env = await startStore();
  const history: EventEnvelope[][] = [];
  const generate = await timed(async () => {
    const items: Record<string, unknown>[] = [];
    for (let p = 0; p < PROJECTS; p += 1) {
      const id = newId();
      const streamId = `project-${id}`;
      let prevHash = GENESIS_HASH;
      const envelopes: EventEnvelope[] = historyOf(id).map(({ event, role }, index) => {
        const unsigned = {
          streamId,
          version: index + 1,
          type: event.type,
          schemaVersion: 1,
          eventId: newId(),
          at: new Date().toISOString(),
          actor: { sub: role, role },
          correlationId: id,
          causationId: null,
          data: event.data as Record<string, unknown>,
          prevHash,
        };
        const hash = computeHash(unsigned);
        prevHash = hash;
        return { ...unsigned, hash };
      });
      history.push(envelopes);
      for (let i = 0; i < envelopes.length; i += PER_COMMIT) {
        const events = envelopes.slice(i, i + PER_COMMIT);
        items.push({
          streamId,
          version: events[0]!.version,
          last: events.at(-1)!.version,
          events: JSON.stringify(events),
          at: events[0]!.at,
          bucket: `${events[0]!.at.slice(0, 10)}#${p % BY_TIME_SHARDS}`,
          position: events[0]!.eventId,
        });
      }
    }
    await env.client.send(
      new BatchWriteCommand({
        RequestItems: {
          [env.names.events]: [
            {
              PutRequest: { Item: { streamId: '$meta', version: 0, firstDay: new Date().toISOString().slice(0, 10) } },
            },
          ],
        },
      }),
    );
    const chunks: Record<string, unknown>[][] = [];
    for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < chunks.length) {
          const chunk = chunks[next++]!;
          await env.client.send(
            new BatchWriteCommand({
              RequestItems: { [env.names.events]: chunk.map((Item) => ({ PutRequest: { Item } })) },
            }),
          );
        }
      }),
    );
    return items.length;
  });

  const rawRead = await timed(async () => {
    let events = 0;
    const day = new Date().toISOString().slice(0, 10);
    for (let shard = 0; shard < BY_TIME_SHARDS; shard += 1) {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await env.client.send(
          new QueryCommand({
            TableName: env.names.events,
            IndexName: 'byTime',
            KeyConditionExpression: '#b = :b',
            ExpressionAttributeNames: { '#b': 'bucket' },
            ExpressionAttributeValues: { ':b': `${day}#${shard}` },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) events += (JSON.parse(item.events as string) as unknown[]).length;
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    }
    return events;
  });

  const replayer = new Replayer(env.store, env.views, allProjections);
  const verify = await replayer.run({ dryRun: true });
  const rebuild = await replayer.run();
  // The insights projection's cost: rebuilds without and with it, each into a fresh views table,
  // in the order without, with, with, without, so drift on a shared machine falls on both sides.
  let fresh = 0;
  const rebuildInto = async (projections: typeof allProjections) => {
    const views = `views-insights-${(fresh += 1)}`;
    await ensureTables(env.endpoint, { events: env.names.events, views });
    return new Replayer(env.store, new ViewStore(env.client, views, 0), projections).run();
  };
  const withoutInsights = allProjections.filter((projection) => projection.name !== 'insights');
  const abba = [
    await rebuildInto(withoutInsights),
    await rebuildInto(allProjections),
    await rebuildInto(allProjections),
    await rebuildInto(withoutInsights),
  ];
  await env.stop();

  // The write floor: as many items as the rebuild wrote, of about the same size and indexes, by
  // plain BatchWriteItem (25 a call, 16 in flight, like the rebuild) into a fresh views table.
  const floorEnv = await startStore();
  const entry = JSON.stringify({
    id: newId(),
    project_id: newId(),
    project_title: 'Bench project',
    user_id: 'designer',
    actor_role: 'designer',
    action: 'Task completed',
    details: 'Task 3',
    metadata: { checklist_id: 'x-t3' },
    created_at: new Date().toISOString(),
  });
  const rawWrite = await timed(async () => {
    const total = rebuild.itemsWritten;
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < total) {
          const first = next;
          next += 25;
          const items = Array.from({ length: Math.min(25, total - first) }, (_, k) => ({
            pk: `2#activity#p${(first + k) % PROJECTS}`,
            sk: `${first + k}`,
            gsi4pk: '2#activity',
            gsi4sk: `${first + k}`,
            entry,
          }));
          await floorEnv.client.send(
            new BatchWriteCommand({
              RequestItems: { [floorEnv.names.views]: items.map((Item) => ({ PutRequest: { Item } })) },
            }),
          );
        }
      }),
    );
    return total;
  });
  await floorEnv.stop();

  const rate = (n: number, ms: number) => Math.round((n / Math.max(ms, 1)) * 1000);
  printTable(
    `Audit replay of ${verify.events.toLocaleString('en-US')} events (${PROJECTS} projects, ${generate.value} ` +
      `commits) on dynalite`,
    [
      {
        operation: 'raw Query (byTime, parse items)',
        events: rawRead.value,
        ms: rawRead.ms,
        eventsPerSecond: rate(rawRead.value, rawRead.ms),
        vsRaw: '100%',
      },
      {
        operation: 'replay --verify (chains + schemas)',
        events: verify.events,
        ms: verify.durationMs,
        eventsPerSecond: verify.eventsPerSecond,
        vsRaw: `${Math.round((verify.eventsPerSecond / rate(rawRead.value, rawRead.ms)) * 100)}%`,
      },
      {
        operation: `replay rebuild (${rebuild.itemsWritten} items written)`,
        events: rebuild.events,
        ms: rebuild.durationMs,
        eventsPerSecond: rebuild.eventsPerSecond,
        vsRaw: `${Math.round((rebuild.eventsPerSecond / rate(rawRead.value, rawRead.ms)) * 100)}%`,
      },
    ],
  );
  const itemsPerSecond = rate(rawWrite.value, rawWrite.ms);
  console.log(
    `raw BatchWriteItem of the same ${rawWrite.value.toLocaleString('en-US')} ` +
      `items: ${itemsPerSecond.toLocaleString('en-US')} items/s, ${rawWrite.ms} ms; the rebuild ` +
      `took ${rebuild.durationMs} ms in all ` +
      `(${Math.round((rawWrite.ms / Math.max(rebuild.durationMs, 1)) * 100)}% of it is what writing its items ` +
      `costs at that rate)`,
  );
  // The projections' own work, without I/O: every stream folded and its items and checkpoint built.
  const fold = (projections: typeof allProjections) => {
    const started = performance.now();
    for (const stream of history) {
      for (const projection of projections) {
        let state = projection.initialState();
        for (const event of stream) {
          const after = projection.evolve(state, event);
          projection.eventItems?.(event, state, after);
          state = after;
        }
        projection.items(state, stream[0]!.streamId);
        JSON.stringify(state);
      }
    }
    return performance.now() - started;
  };
  const foldWithout = Math.min(fold(withoutInsights), fold(withoutInsights));
  const foldWith = Math.min(fold(allProjections), fold(allProjections));
  console.log(
    `projections' own work over the ${verify.events.toLocaleString('en-US')} events (no I/O, best of two): without ` +
      `insights ${Math.round(foldWithout)} ms, with ${Math.round(foldWith)} ms ` +
      `(+${Math.round(foldWith - foldWithout)} ms)`,
  );
  const [without1, with1, with2, without2] = abba as [ReplayReport, ReplayReport, ReplayReport, ReplayReport];
  const withoutMs = without1.durationMs + without2.durationMs;
  const withMs = with1.durationMs + with2.durationMs;
  console.log(
    `insights projection: rebuild without it ${without1.durationMs} + ${without2.durationMs} ms ` +
      `(${without1.itemsWritten} items), with it ${with1.durationMs} + ${with2.durationMs} ms ` +
      `(${with1.itemsWritten} items): ${(withMs / withoutMs).toFixed(2)}x (goal: within 1.2x)`,
  );
  if (verify.broken.length || rebuild.broken.length)
    console.log('UNEXPECTED: broken chains', verify.broken.slice(0, 3));
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReplay();
