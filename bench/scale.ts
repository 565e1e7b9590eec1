/**
 * Issue 21: every screen's cost stays flat as the data grows. Seeds the embedded stack (in memory)
 * with 1,000 and then 50,000 projects (BENCH_SCALE_SIZES, e.g. "1000,10000"), with their clients,
 * comments and activity: events appended straight to the store, their projected items written in
 * batches (no HTTP, no bus), then measures the admin's and a client's screens through the HTTP API
 * as the SPA calls them: p50/p99 latency and the DynamoDB items read per request (a counting
 * middleware on the runtime's DynamoDB client). Prints a table per size; asserts nothing.
 */
import { GENESIS_HASH, type EventEnvelope, type NewEvent } from '../events/envelope.js';
import {
  CommentPosted,
  DesignerAssigned,
  PriorityChanged,
  ProjectStatusChanged,
} from '../functions/features/projects/events.js';
import { UserRegistered } from '../functions/features/users/events.js';
import { allProjections } from '../functions/app/projections.js';
import { checkpointKey } from '../functions/platform/views/checkpoints.js';
import {
  itemKey,
  lookedUpItemsOf,
  lookupVersion,
  storedLookedUpItems,
  type LookedUpItems,
  type Projection,
} from '../functions/platform/views/projection.js';
import type { ViewItem } from '../functions/platform/views/views.js';
import { counterItems, recount } from '../functions/platform/views/counters.js';
import { projectDecider, type SubmitProjectCommand } from '../functions/features/projects/decider.js';
import { LONG_DESCRIPTION, TestStack, type TestUser } from '../tests/support/stack.js';
import { printTable, timed } from './support.js';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,50000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 30);
const PROJECTS_PER_CLIENT = 10;
const RARE_WORD = 'zephyr';
/** The company of 1% of the clients (so of 1% of the projects): a search by a client's word. */
const CLIENT_WORD = 'quasar';
const CONCURRENCY = 16;
const WORDS = [
  'kitchen',
  'garden',
  'loft',
  'bathroom',
  'garage',
  'attic',
  'porch',
  'studio',
  'duplex',
  'cabin',
  'terrace',
  'basement',
  'office',
  'annex',
];
const STATUSES = ['queued', 'in_progress', 'needs_revision', 'delivered'] as const;

async function inParallel(count: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** Counts the items every DynamoDB read returns (Query, GetItem, BatchGetItem), on the runtime's client. */
function countReads(stack: TestStack): { read(): number } {
  let items = 0;
  stack.local.runtime.views.client.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const output = result.output as {
        Items?: unknown[];
        ScannedCount?: number;
        Item?: unknown;
        Responses?: Record<string, unknown[]>;
      };
      if (Array.isArray(output.Items)) items += output.ScannedCount ?? output.Items.length;
      else if (output.Item) items += 1;
      else if (output.Responses) for (const list of Object.values(output.Responses)) items += list.length;
      return result;
    },
    { step: 'initialize', name: 'benchReadCounter' },
  );
  return { read: () => items };
}

/** What the seed keeps in memory to write counters and checkpoints: each stream's final state. */
interface Seeded {
  states: Map<string, { projection: Projection; state: unknown; version: number }>;
  clients: string[];
  designers: string[];
  /** The users' items, which the projects look up. */
  looked: Map<string, ViewItem>;
}

async function appendAndProject(
  stack: TestStack,
  seeded: Seeded,
  streamId: string,
  events: NewEvent[],
  actor: { sub: string; role: 'client' | 'admin' | 'system' },
  buffer: ViewItem[],
) {
  const { store } = stack.local.runtime;
  const commit = await store.append(streamId, events, { version: 0, hash: GENESIS_HASH }, { actor });
  for (const projection of allProjections) {
    if (!streamId.startsWith(projection.streamPrefix)) continue;
    let state = projection.initialState();
    for (const event of commit.events as EventEnvelope[]) {
      const after = projection.evolve(state, event);
      buffer.push(...(projection.eventItems?.(event, state, after) ?? []));
      state = after;
    }
    // A project's card shows its client (the projector looks their card item up): the users are
    // seeded first and kept here; one registered through the API is read from the views.
    let lookup: { looked: LookedUpItems; lv: number } | undefined;
    if (projection.lookups) {
      const keys = projection.lookups(state);
      const missing = keys.filter((key) => !seeded.looked.has(itemKey(key)));
      if (missing.length)
        for (const item of await stack.local.runtime.views.batchGet(
          (await stack.local.runtime.views.generations()).active,
          missing,
          true,
        ))
          seeded.looked.set(itemKey(item), item);
      const looked = lookedUpItemsOf(keys.flatMap((key) => seeded.looked.get(itemKey(key)) ?? []));
      lookup = { looked, lv: lookupVersion(looked) };
    }
    for (const item of projection.items(state, streamId, lookup?.looked)) {
      const stored = { ...item, v: commit.lastVersion, ...(lookup ? { lv: lookup.lv } : {}) };
      if (streamId.startsWith('user-')) seeded.looked.set(itemKey(item), stored);
      buffer.push(stored);
    }
    buffer.push({
      ...projection.onCheckpoint?.(state),
      ...checkpointKey(projection.name, streamId),
      version: commit.lastVersion,
      v: commit.lastVersion,
      state: JSON.stringify(state),
      ...(lookup ? { looked: storedLookedUpItems(lookup.looked), lv: lookup.lv } : {}),
    });
    seeded.states.set(`${projection.name}\u0000${streamId}`, { projection, state, version: commit.lastVersion });
  }
}

function submitCommand(i: number, clientId: string): SubmitProjectCommand {
  const [first, second] = [WORDS[i % WORDS.length], WORDS[(i * 7 + 3) % WORDS.length]];
  const title = `${first} ${second} ${i % 1000 === 500 ? RARE_WORD : 'plan'} ${i}`;
  return {
    type: 'SubmitProject',
    project_id: `bench-${String(i).padStart(6, '0')}`,
    user_id: clientId,
    team_id: null,
    title,
    project_category: 'Design',
    project_type: 'Concept Design',
    property_type: 'single_family',
    description: LONG_DESCRIPTION,
    design_priority: [],
    area_sqft: 1200,
    existing_plans: false,
    permit_needs: null,
    deliverables: ['Layout Plan'],
    room_selection: [],
    room_notes: null,
    inspiration_links: [],
    project_address: null,
    specifications: {},
    checklist: [{ task_name: 'Measure', estimated_hours: 2 }],
    checklist_origin: 'manual',
  } as SubmitProjectCommand;
}

/** Projects from..to (and their clients): appended to the store, projected in batches. */
async function seed(stack: TestStack, seeded: Seeded, from: number, to: number) {
  const { views } = stack.local.runtime;
  const { active } = await views.generations(true);
  let buffer: ViewItem[] = [];
  const flush = async (all = false) => {
    if (buffer.length < 500 && !all) return;
    const batch = buffer;
    buffer = [];
    await views.putMany(active, batch);
  };
  const system = { sub: 'bench', role: 'system' as const };
  for (let c = Math.floor(from / PROJECTS_PER_CLIENT); c < Math.ceil(to / PROJECTS_PER_CLIENT); c += 1)
    seeded.clients[c] ??= `bench-client-${String(c).padStart(5, '0')}`;
  await inParallel(Math.ceil(to / PROJECTS_PER_CLIENT) - Math.floor(from / PROJECTS_PER_CLIENT), async (k) => {
    const c = Math.floor(from / PROJECTS_PER_CLIENT) + k;
    const id = seeded.clients[c]!;
    if (!id.startsWith('bench-client-')) return; // the signed-up client registered through Cognito
    await appendAndProject(
      stack,
      seeded,
      `user-${id}`,
      [
        UserRegistered.create({
          user_id: id,
          email: `${id}@example.test`,
          full_name: `Client ${c}`,
          company: c % 100 === 50 ? `${CLIENT_WORD} Studio` : `Company ${c % 97}`,
        }),
      ],
      system,
      buffer,
    );
    await flush();
  });
  await inParallel(to - from, async (k) => {
    const i = from + k;
    const client = seeded.clients[Math.floor(i / PROJECTS_PER_CLIENT)]!;
    const actor = { sub: client, role: 'client' as const };
    const events: NewEvent[] = [
      ...projectDecider.decide(submitCommand(i, client), projectDecider.initialState(), {
        actor,
        now: new Date().toISOString(),
      }),
    ];
    const status = STATUSES[i % 4]!;
    if (status !== 'queued') events.push(ProjectStatusChanged.create({ from: 'queued', to: status }));
    if (i % 3 === 0)
      events.push(
        DesignerAssigned.create({
          designer_id: seeded.designers[i % seeded.designers.length]!,
          designer_email: null,
          designer_name: 'Bench Designer',
        }),
      );
    if (i % 5 === 0) events.push(PriorityChanged.create({ priority: i % 10 === 0 ? 'Urgent' : 'Low' }));
    if (i % 4 === 1)
      events.push(CommentPosted.create({ comment_id: `c-${i}`, content: `Progress note on project ${i}` }));
    await appendAndProject(stack, seeded, `project-bench-${String(i).padStart(6, '0')}`, events, actor, buffer);
    await flush();
  });
  await flush(true);
  // Counters from every state seeded so far (what a replay writes).
  const counts = recount(
    [...seeded.states.values()].map(({ projection, state }) => projection.counters?.(state) ?? []),
  );
  await views.putMany(active, counterItems(counts));
}

async function measure(
  stack: TestStack,
  reads: { read(): number },
  user: TestUser,
  path: string | (() => Promise<string>),
  expectItems?: (body: any) => number,
) {
  const times: number[] = [];
  const items: number[] = [];
  let returned = 0;
  const resolved = typeof path === 'string' ? path : await path();
  for (let run = 0; run < RUNS; run += 1) {
    const before = reads.read();
    // A tenth of a millisecond: pages answered in 3-5 ms make whole-millisecond ratios too coarse.
    const started = performance.now();
    const value = await stack.api('GET', resolved, { user });
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if (value.status !== 200)
      throw new Error(`GET ${resolved} answered ${value.status}: ${JSON.stringify(value.body)}`);
    items.push(reads.read() - before);
    times.push(ms);
    returned = expectItems ? expectItems(value.body) : 0;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const itemsSorted = [...items].sort((a, b) => a - b);
  return {
    p50: sorted[Math.floor(sorted.length / 2)]!,
    p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!,
    items: itemsSorted[Math.floor(itemsSorted.length / 2)]!,
    returned,
  };
}

export async function benchScale() {
  // No sweeper during the bench: the seeded commits are projected here, not re-published.
  const stack = await TestStack.start({ sweepEveryMs: 24 * 3600_000 } as never);
  try {
    const admin = await stack.admin();
    const reads = countReads(stack);
    const seeded: Seeded = {
      states: new Map(),
      clients: [],
      designers: ['bench-designer-1', 'bench-designer-2', 'bench-designer-3'],
      looked: new Map(),
    };
    // One real client with a board of PROJECTS_PER_CLIENT projects, so the client's call is signed in.
    const client = await stack.signUpClient({ name: 'Bench Client' });
    seeded.clients[0] = client.sub;
    const results = new Map<number, Record<string, { p50: number; p99: number; items: number; returned: number }>>();
    let seededTo = 0;
    for (const size of SIZES) {
      const { ms } = await timed(() => seed(stack, seeded, seededTo, size));
      seededTo = size;
      await stack.settle();
      const count = (body: any) => (body.projects ?? body.users ?? body.activities ?? []).length;
      const firstCursor = async () =>
        (await stack.api('GET', '/api/projects?status=queued&limit=25', { user: admin })).body.next_cursor as string;
      const row: Record<string, { p50: number; p99: number; items: number; returned: number }> = {
        'admin board, first page (4 columns)': await measureBoard(stack, reads, admin),
        "one column's next page": await measure(
          stack,
          reads,
          admin,
          async () => `/api/projects?status=queued&limit=25&cursor=${encodeURIComponent(await firstCursor())}`,
          count,
        ),
        'status filter (needs_revision)': await measure(
          stack,
          reads,
          admin,
          '/api/projects?status=needs_revision&limit=25',
          count,
        ),
        'designer filter (queued column)': await measure(
          stack,
          reads,
          admin,
          `/api/projects?status=queued&designer=${seeded.designers[0]}&limit=25`,
          count,
        ),
        [`search "${RARE_WORD}" (0.1%), one column`]: await measure(
          stack,
          reads,
          admin,
          `/api/projects?status=queued&q=${RARE_WORD}&limit=25`,
          count,
        ),
        [`search "${CLIENT_WORD}" (a company, 1%), one column`]: await measure(
          stack,
          reads,
          admin,
          `/api/projects?status=queued&q=${CLIENT_WORD}&limit=25`,
          count,
        ),
        'search "kitchen" (a full page), one column': await measure(
          stack,
          reads,
          admin,
          '/api/projects?status=queued&q=kitchen&limit=25',
          count,
        ),
        'users table, first page': await measure(stack, reads, admin, '/api/users', count),
        'global activity, today': await measure(stack, reads, admin, '/api/activity', count),
        "a client's board": await measure(stack, reads, client, '/api/projects', count),
      };
      results.set(size, row);
      printTable(
        `Scale: ${size.toLocaleString('en-US')} projects (seeded in ${(ms / 1000).toFixed(1)} s), ${RUNS} runs each`,
        Object.entries(row).map(([screen, r]) => ({
          screen,
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          'items read': r.items,
          returned: r.returned,
        })),
      );
    }
    if (SIZES.length > 1) {
      const [small, large] = [results.get(SIZES[0]!)!, results.get(SIZES.at(-1)!)!];
      printTable(
        `Scale: ${SIZES.at(-1)!.toLocaleString('en-US')} vs ${SIZES[0]!.toLocaleString('en-US')} projects`,
        Object.keys(small).map((screen) => ({
          screen,
          'p50 ratio': +(large[screen]!.p50 / Math.max(1, small[screen]!.p50)).toFixed(2),
          'items ratio': +(large[screen]!.items / Math.max(1, small[screen]!.items)).toFixed(2),
        })),
      );
    }
  } finally {
    await stack.stop();
  }
}

/** The board's first load: the SPA asks for the four columns at once (25 each). */
async function measureBoard(stack: TestStack, reads: { read(): number }, admin: TestUser) {
  const times: number[] = [];
  const items: number[] = [];
  let returned = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const before = reads.read();
    const { value, ms } = await timed(() =>
      Promise.all(
        STATUSES.map((status) => stack.api('GET', `/api/projects?status=${status}&limit=25`, { user: admin })),
      ),
    );
    items.push(reads.read() - before);
    times.push(ms);
    returned = value.reduce((sum, answer) => sum + answer.body.projects.length, 0);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: sorted[Math.floor(sorted.length / 2)]!,
    p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!,
    items: [...items].sort((a, b) => a - b)[Math.floor(items.length / 2)]!,
    returned,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await benchScale();
}
