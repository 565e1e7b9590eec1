/**
 * The AWS calls (DynamoDB, EventBridge, API Gateway management) three changes make on the embedded
 * stack, end to end and by step, counted by the middleware on the SDK clients
 * (functions/platform/observability/call-count.ts): a status change, a note pinned, a project
 * created. Each change is made once to warm the process (as a warm Lambda would be), then counted
 * the second time, from the request until every consumer is done. Used by bench/calls-per-change.ts
 * and pinned by tests/integration/calls-per-change.test.ts.
 */
import { countCalls, PERIODIC_STEP, type CallKind } from '../../functions/platform/observability/call-count.js';
import { minimalProject, type TestStack, type TestUser } from './stack.js';

export interface ChangeCount {
  name: string;
  /** Every call of the change but the notifications consumer's (each of those is asynchronous). */
  total: number;
  notifications: number;
  /** Calls per step, as `step (kind n, …)`, sorted by step. */
  steps: Record<string, number>;
  kinds: Record<string, Partial<Record<CallKind, number>>>;
  operations: string[];
}

const NOTIFICATIONS_STEP = 'consumer notifications';

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

async function counted(
  stack: TestStack,
  name: string,
  change: () => Promise<{ status: number; body: unknown }>,
): Promise<ChangeCount> {
  await stack.settle();
  const tally = countCalls();
  try {
    const answer = await change();
    if (answer.status >= 300) throw new Error(`${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
    await stack.settle();
  } finally {
    tally.stop();
  }
  const steps = Object.fromEntries([...tally.calls].sort(([a], [b]) => (a < b ? -1 : 1)));
  const kinds = Object.fromEntries([...tally.kinds].map(([step, byKind]) => [step, Object.fromEntries(byKind)]));
  const notifications = steps[NOTIFICATIONS_STEP] ?? 0;
  const total = Object.values(steps).reduce((sum, n) => sum + n, 0) - notifications - (steps[PERIODIC_STEP] ?? 0);
  return { name, total, notifications, steps, kinds, operations: tally.operations };
}

async function uploadDeliverable(stack: TestStack, user: TestUser, projectId: string, name: string): Promise<string> {
  const presigned = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
    user,
    body: { file_name: name, content_type: 'application/pdf', file_size: PDF.length, file_type: 'deliverable' },
  });
  if (presigned.status !== 201) throw new Error(`upload form: ${presigned.status} ${JSON.stringify(presigned.body)}`);
  const form = new FormData();
  for (const [field, value] of Object.entries(presigned.body.upload.fields as Record<string, string>))
    form.append(field, value);
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), name);
  const stored = await fetch(presigned.body.upload.url, { method: 'POST', body: form });
  if (stored.status >= 300) throw new Error(`upload: ${stored.status}`);
  const recorded = await stack.api('POST', `/api/projects/${projectId}/files`, {
    user,
    body: { key: presigned.body.key },
  });
  if (recorded.status !== 201) throw new Error(`file: ${recorded.status} ${JSON.stringify(recorded.body)}`);
  return recorded.body.file.id as string;
}

/** The three changes, each counted warm: a status change, a note pinned, a project created. */
export async function countCallsPerChange(stack: TestStack): Promise<ChangeCount[]> {
  const [owner, admin, designer] = await Promise.all([
    stack.signUpClient({ name: 'Counted Client' }),
    stack.admin(),
    stack.designer(),
  ]);
  const create = () => stack.api('POST', '/api/projects', { user: owner, body: minimalProject({ title: 'Counted' }) });
  const projectId = (await create()).body.project.id as string;
  await stack.settle();
  const assigned = await stack.api('PATCH', `/api/projects/${projectId}`, {
    user: admin,
    body: { designer: { designer_id: designer.sub }, status: 'delivered' },
  });
  if (assigned.status !== 200) throw new Error(`assign: ${assigned.status} ${JSON.stringify(assigned.body)}`);
  await stack.settle();
  const deliverableId = await uploadDeliverable(stack, designer, projectId, 'Counted plan.pdf');
  await stack.settle();

  const status = (value: 'in_progress' | 'delivered') => () =>
    stack.api('PATCH', `/api/projects/${projectId}`, { user: admin, body: { status: value } });
  const pin = () =>
    stack.api('POST', `/api/projects/${projectId}/reviews`, {
      user: owner,
      body: {
        action: 'pin_note',
        deliverable_id: deliverableId,
        version: 1,
        page: 1,
        x: 0.5,
        y: 0.5,
        text: 'Counted note',
      },
    });

  // Warm: each change once, uncounted.
  for (const warm of [status('in_progress'), status('delivered'), pin, create]) {
    const answer = await warm();
    if (answer.status >= 300) throw new Error(`warm-up: ${answer.status} ${JSON.stringify(answer.body)}`);
    await stack.settle();
  }
  // The note first: notes are pinned on a delivered project.
  const pinned = await counted(stack, 'note pinned', pin);
  const changed = await counted(stack, 'status change', status('in_progress'));
  return [changed, pinned, await counted(stack, 'project created', create)];
}

/** `calls per change <name>: N`, then one line per step with its reads and writes. */
export function formatCounts(counts: readonly ChangeCount[]): string {
  const lines: string[] = [];
  for (const count of counts) {
    lines.push(`calls per change ${count.name}: ${count.total}`);
    for (const [step, n] of Object.entries(count.steps)) {
      const kinds = Object.entries(count.kinds[step] ?? {})
        .map(([kind, k]) => `${kind} ${k}`)
        .join(', ');
      lines.push(
        `  ${step}: ${n} (${kinds})${step === NOTIFICATIONS_STEP || step === PERIODIC_STEP ? ' [excluded]' : ''}`,
      );
    }
  }
  return lines.join('\n');
}
