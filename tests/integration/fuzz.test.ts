import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDefinition } from '../../infra/routes.js';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

/**
 * Bad input, at scale: malformed, oversized, wrongly typed and hostile bodies, path parameters and
 * query strings against every route of the table, as every kind of caller. Whatever comes in: no
 * 5xx, every 4xx says what is wrong in words, and no refused request leaves an event behind (each
 * commit carries the id of the request that caused it).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const CONCURRENCY = 8;

let stack: TestStack;
let callers: Record<'anonymous' | 'client' | 'designer' | 'admin', TestUser | undefined>;
let projectId: string;
const appendedBy = new Set<string>();

beforeAll(async () => {
  stack = await TestStack.start();
  const client = await stack.signUpClient();
  callers = { anonymous: undefined, client, designer: await stack.designer(), admin: await stack.admin() };
  projectId = (await stack.api('POST', '/api/projects', { user: client, body: minimalProject() })).body.project.id;
  await stack.settle();
  const store = stack.local.runtime.store;
  const append = store.append.bind(store);
  store.append = async (...args) => {
    const commit = await append(...args);
    for (const event of commit.events) appendedBy.add(event.correlationId);
    return commit;
  };
}, 120_000);
afterAll(() => stack?.stop());

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uFEFF',
  '../../etc/passwd',
  '..%2F..%2Fetc',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  'null',
  'true',
  '%00',
  '\\',
  '"',
  '💥🏗️',
  'ünïcødé',
  'x'.repeat(5_000),
  'A'.repeat(300_000),
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(text, fc.constantFrom('__proto__', 'constructor', 'prototype', 'title', 'status', 'email', 'ids')),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

/** Near-valid bodies reach deeper than random ones: a known good body with one field made hostile. */
const samples: Record<string, Record<string, unknown>> = {
  'POST /api/projects': minimalProject(),
  'POST /api/checklists': {
    title: 'T',
    project_category: 'Design',
    project_type: 'Concept Design',
    property_type: 'adu',
    deliverables: ['Layout Plan'],
    description: 'x'.repeat(320),
  },
  'POST /api/billing/checkout': { price_id: 'price_starter' },
};
const body = (key: string) =>
  fc.oneof(
    value,
    samples[key]
      ? fc
          .tuple(fc.constantFrom(...Object.keys(samples[key]!)), value)
          .map(([field, hostile]) => ({ ...samples[key], [field]: hostile }))
      : value,
    fc.constant(undefined),
  );

const pathParam = fc.oneof(
  text,
  fc.constantFrom('PROJECT', '01ARZ3NDEKTSV4RRFFQ69G5FAV', 'project-PROJECT', 'admin@designclub.local'),
);
const query = fc.dictionary(
  fc.oneof(fc.constantFrom('q', 'status', 'asOf', 'from', 'to', 'designer', 'priority', 'type', 'limit'), text),
  text,
  { maxKeys: 3 },
);

interface FuzzRequest {
  route: RouteDefinition;
  caller: keyof typeof callers;
  params: string[];
  query: Record<string, string>;
  body: unknown;
  encoding: 'json' | 'raw-garbage' | 'wrong-type' | 'none';
}

const request: fc.Arbitrary<FuzzRequest> = fc.constantFrom(...routes).chain((route) =>
  fc.record({
    route: fc.constant(route),
    caller: fc.constantFrom<keyof typeof callers>('anonymous', 'client', 'designer', 'admin', 'admin'),
    params: fc.array(pathParam, { minLength: 3, maxLength: 3 }),
    query,
    body: body(`${route.method} ${route.path}`),
    encoding: fc.constantFrom<FuzzRequest['encoding']>('json', 'json', 'json', 'raw-garbage', 'wrong-type', 'none'),
  }),
);

function toUrl(input: FuzzRequest): string {
  let index = 0;
  const path = input.route.path.replace(/\{(\w+)\}/g, () => {
    const raw = input.params[index++]!;
    // Keep the real project reachable sometimes, so ownership and state checks run too.
    return encodeURIComponent(raw === 'PROJECT' ? projectId : raw === 'project-PROJECT' ? `project-${projectId}` : raw);
  });
  const search = new URLSearchParams(input.query).toString();
  return `${stack.url}${path}${search ? `?${search}` : ''}`;
}

async function send(input: FuzzRequest) {
  const user = callers[input.caller];
  const headers: Record<string, string> = user ? { authorization: `Bearer ${user.idToken}` } : {};
  let payload: string | Buffer | undefined;
  if (input.encoding === 'json' && input.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(input.body);
  } else if (input.encoding === 'raw-garbage') {
    headers['content-type'] = 'application/json';
    payload = Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x22, 0x80]);
  } else if (input.encoding === 'wrong-type') {
    headers['content-type'] = 'text/plain';
    payload = typeof input.body === 'string' ? input.body : (JSON.stringify(input.body) ?? '');
  }
  const hasBody = input.route.method !== 'GET';
  const response = await fetch(toUrl(input), {
    method: input.route.method,
    headers,
    body: hasBody ? (payload as BodyInit | undefined) : undefined,
    redirect: 'manual',
  });
  const textBody = await response.text();
  return { status: response.status, requestId: response.headers.get('apigw-requestid'), text: textBody };
}

function readableMessage(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown }; message?: unknown };
    const message = parsed.error?.message ?? parsed.message;
    return typeof message === 'string' && message.trim().length >= 3 && !/\n\s+at /.test(message) ? message : null;
  } catch {
    return null;
  }
}

describe(`bad input: ${RUNS.toLocaleString('en-US')} hostile requests across ${routes.length} routes`, () => {
  it('never answers 5xx, always explains a 4xx, and appends nothing for a refused request', async () => {
    const inputs = fc.sample(request, { numRuns: RUNS, seed: SEED });
    const failures: string[] = [];
    const refused: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < inputs.length) {
          const input = inputs[next++]!;
          const result = await send(input);
          statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
          const route = `${input.route.method} ${input.route.path}`;
          const label = `${route} as ${input.caller} (${input.encoding}) → ${result.status}`;
          if (result.status >= 500) failures.push(`${label}: ${result.text.slice(0, 200)}`);
          else if (result.status >= 400) {
            if (!readableMessage(result.text))
              failures.push(`${label}: unreadable error body ${result.text.slice(0, 120)}`);
            if (result.requestId) refused.push(result.requestId);
          }
        }
      }),
    );
    await stack.settle();
    const leaked = refused.filter((id) => appendedBy.has(id));
    console.log(
      `fuzz: ${inputs.length} requests, seed ${SEED}, ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(leaked).toEqual([]);
    expect(refused.length).toBeGreaterThan(inputs.length / 2);
  }, 600_000);
});
