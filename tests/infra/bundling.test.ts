/**
 * What the Lambda bundles contain, checked on esbuild's metafile with the stack's own options
 * (infra/stack/bundling.ts), without a synth: one build of every handler of infra/routes.ts.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumers, realtimeRoutes, routes, schedules, triggers } from '../../infra/routes.js';
import { DEDUPED_PACKAGES, LAMBDA_ALIASES, lambdaDefine, lambdaEsbuildApiOptions } from '../../infra/stack/bundling.js';
import { ROOT } from './support/synth.js';
import { VIEW_READING_ROUTES } from './support/view-readers.js';

const handlers = [...new Set([...routes, ...consumers, ...triggers, ...schedules, ...realtimeRoutes].map((row) => row.handler))];

/** Handler → the packages in its bundle (bytes > 0), each with the directories it was bundled from. */
let packages: Map<string, Map<string, Set<string>>>;
/** Handler → every input its bundle keeps (bytes > 0). */
let kept: Map<string, string[]>;

beforeAll(async () => {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: handlers,
    outbase: ROOT,
    outdir: 'bundle-test',
    write: false,
    metafile: true,
    logLevel: 'silent',
    ...lambdaEsbuildApiOptions(),
    sourcemap: false,
  });
  packages = new Map();
  kept = new Map();
  for (const output of Object.values((result.metafile as Metafile).outputs)) {
    if (!output.entryPoint) continue;
    kept.set(output.entryPoint, Object.entries(output.inputs).filter(([, info]) => info.bytesInOutput > 0).map(([input]) => input));
    const byName = new Map<string, Set<string>>();
    for (const [input, info] of Object.entries(output.inputs)) {
      const match = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(input);
      if (!match || info.bytesInOutput === 0) continue;
      byName.set(match[2]!, (byName.get(match[2]!) ?? new Set()).add(match[1]!));
    }
    packages.set(output.entryPoint, byName);
  }
}, 120_000);

describe('Lambda bundles', () => {
  it('builds one bundle per handler', () => {
    expect([...packages.keys()].sort()).toEqual([...handlers].sort());
  });

  it('contain each package from one directory only (a nested second copy goes in DEDUPED_PACKAGES)', () => {
    const twice = [...packages].flatMap(([handler, byName]) =>
      [...byName].filter(([, dirs]) => dirs.size > 1).map(([name, dirs]) => `${handler}: ${name} from ${[...dirs].join(' and ')}`),
    );
    expect(twice).toEqual([]);
  });

  it("carry zod/mini only: classic zod's methods do not tree-shake (about 93 KB more; events/index.ts says how to write a schema)", () => {
    const classic = [...kept].filter(([, inputs]) => inputs.some((input) => /node_modules\/zod\/(v4\/)?classic\//.test(input))).map(([handler]) => handler);
    expect(classic).toEqual([]);
  });

  it('are built with aliases whose targets exist', () => {
    for (const target of Object.values(LAMBDA_ALIASES)) expect(existsSync(path.join(ROOT, target)), target).toBe(true);
    for (const name of DEDUPED_PACKAGES) expect(LAMBDA_ALIASES[name]).toBe(`./node_modules/${name}`);
  });

  it('carry the environment credentials only, not the default chain’s other links (lambda-credentials.ts)', () => {
    const chain = /^@aws-sdk\/(credential-provider-(node|ini|sso|process|web-identity|http)|client-sts)$|^@smithy\/credential-provider-imds$/;
    const found = [...packages].flatMap(([handler, byName]) => [...byName.keys()].filter((name) => chain.test(name)).map((name) => `${handler}: ${name}`));
    expect(found).toEqual([]);
  });
});

/** Routes that only read views (issue 19): what their bundles, built as the stack builds them, leave out. */
const VIEW_READERS = VIEW_READING_ROUTES;

/** Routes that change a project without taking a brief: no brief schema, no option catalogue. */
const BRIEFLESS = ['functions/features/projects/http/update.ts', 'functions/features/projects/http/tasks.ts', 'functions/features/projects/http/list.ts', 'functions/features/projects/http/get.ts'];

/** One handler bundled alone as the stack bundles it (its own `define`s): its text and its inputs with their bytes. */
async function bundleAlone(handler: string): Promise<{ text: string; bytes: Record<string, number> }> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [handler],
    outfile: 'bundle-test/index.mjs',
    write: false,
    metafile: true,
    logLevel: 'silent',
    ...lambdaEsbuildApiOptions(),
    sourcemap: false,
    define: lambdaDefine(handler),
  });
  const output = Object.values((result.metafile as Metafile).outputs).find((out) => out.entryPoint)!;
  return {
    text: result.outputFiles.find((file) => file.path.endsWith('.mjs'))!.text,
    bytes: Object.fromEntries(Object.entries(output.inputs).map(([input, info]) => [input, info.bytesInOutput])),
  };
}

describe("what a handler's routes and modules leave out of its bundle", () => {
  /** Handler → whether it serves a POST (idempotency claims) and records a metric (a command, the projections' lag, a checklist fallback). */
  const CASES: Record<string, { post: boolean; metrics: boolean }> = {
    'functions/features/users/http/me.ts': { post: false, metrics: false },
    'functions/features/projects/http/get.ts': { post: false, metrics: false },
    'functions/features/projects/http/update.ts': { post: false, metrics: true },
    'functions/features/projects/http/create.ts': { post: true, metrics: true },
    'functions/app/projections-consumer.ts': { post: false, metrics: true },
    'functions/features/checklists/http/generate.ts': { post: true, metrics: true },
  };
  const built = new Map<string, { text: string; packages: Set<string>; inputs: string[] }>();
  beforeAll(async () => {
    for (const handler of Object.keys(CASES)) {
      const { text, bytes } = await bundleAlone(handler);
      const inputs = Object.entries(bytes).filter(([, size]) => size > 0).map(([input]) => input);
      const packages = new Set(inputs.map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1] ?? ''));
      built.set(handler, { text, packages, inputs });
    }
  }, 120_000);

  it.each(Object.entries(CASES))('%s carries the idempotency claims only if it serves a POST, Powertools Metrics only if it records a metric', (handler, expected) => {
    const bundle = built.get(handler)!;
    expect({ post: bundle.text.includes('INVALID_IDEMPOTENCY_KEY'), metrics: bundle.packages.has('@aws-lambda-powertools/metrics') }).toEqual(expected);
    // Every handler logs through Powertools' Logger.
    expect(bundle.packages.has('@aws-lambda-powertools/logger')).toBe(true);
  });

  it("the checklist route carries Bedrock's tool schema made at build time, the same as zod makes it, and no JSON Schema generator", async () => {
    const { checklistAnswerJsonSchema } = await import('../../functions/features/checklists/estimator/schema.js');
    const defined = JSON.parse(JSON.parse(lambdaDefine('functions/features/checklists/http/generate.ts').__CHECKLIST_TOOL_SCHEMA__!) as string);
    expect(defined).toEqual(checklistAnswerJsonSchema());
    expect(defined.required).toEqual(['checklist', 'total_estimated_hours', 'suggested_turnaround_days']);
    const bundle = built.get('functions/features/checklists/http/generate.ts')!;
    expect(bundle.text).not.toContain('toJSONSchema');
    expect(bundle.text).toContain('suggested_turnaround_days');
    expect(bundle.inputs.filter((input) => /node_modules\/zod\/.*json-schema/.test(input))).toEqual([]);
  });
});

describe('the event catalogue at import', () => {
  /**
   * Every schema factory of zod/mini (and of z.iso, z.coerce) counted, for a bundle of the catalogue
   * in which events/zod.ts gets the counting copy: what the catalogue builds by being imported.
   */
  async function catalogueCountingSchemas(): Promise<{ built: () => number; catalogue: typeof import('../../events/index.js').catalogue }> {
    const zod = (await import('zod/mini')) as unknown as Record<string, object>;
    // `config` sets the message locale (events/zod.ts): not a schema.
    const isFactory = (name: string) => /^[a-z_]/.test(name) && name !== 'config' && typeof zod[name] === 'function';
    const counted = (names: string[], from: string) =>
      names.filter(isFactory).map((name) => `const counted_${name} = (...a) => (count(), ${from}.${name}(...a)); export { counted_${name} as ${name} };`);
    const namespaces = ['iso', 'coerce'].map((space) => `export const ${space} = { ${Object.keys(zod[space]!).map((name) => `${name}: (...a) => (count(), real.${space}.${name}(...a))`).join(', ')} };`);
    const plain = Object.keys(zod).filter((name) => !isFactory(name) && !['iso', 'coerce'].includes(name));
    const counting = [
      "import * as real from 'zod/mini';",
      'let built = 0; const count = () => { built += 1; }; export const __built = () => built;',
      `export { ${plain.join(', ')} } from 'zod/mini';`,
      ...counted(Object.keys(zod), 'real'),
      ...namespaces,
    ].join('\n');
    const result = await build({
      absWorkingDir: ROOT,
      stdin: { contents: "export { catalogue } from './events/index.ts'; export { __built } from 'counting-zod';", resolveDir: ROOT, loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      logLevel: 'silent',
      plugins: [
        {
          name: 'counting-zod',
          setup(plugin) {
            plugin.onResolve({ filter: /^(zod\/mini|counting-zod)$/ }, (args) =>
              args.path === 'counting-zod' || args.importer.endsWith(`events${path.sep}zod.ts`) ? { path: 'counting-zod', namespace: 'counting' } : undefined,
            );
            plugin.onLoad({ filter: /.*/, namespace: 'counting' }, () => ({ contents: counting, resolveDir: ROOT, loader: 'js' }));
          },
        },
      ],
    });
    const module = await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0]!.text).toString('base64')}`);
    return { built: module.__built, catalogue: module.catalogue };
  }

  it('builds no schema: event types and the shapes they share are built when first read or written (a cold start pays only for its own)', async () => {
    const { built, catalogue } = await catalogueCountingSchemas();
    expect(catalogue.types().length).toBeGreaterThan(30);
    expect(built()).toBe(0);
    // The count is live: reading one type's schema builds it (and only then).
    void catalogue.get('ProjectSubmitted')!.schema;
    expect(built()).toBeGreaterThan(20);
  });
});

describe('Lambda bundles of the routes that read views or change a project without a brief', () => {
  /** Input → bytes in the output, per handler, each built alone with its own `define`s. */
  const inputs = new Map<string, Record<string, number>>();
  beforeAll(async () => {
    for (const handler of new Set([...VIEW_READERS, ...BRIEFLESS])) inputs.set(handler, (await bundleAlone(handler)).bytes);
  }, 120_000);

  const kept = (handler: string, test: (input: string) => boolean) => Object.entries(inputs.get(handler)!).filter(([input, bytes]) => bytes > 0 && test(input)).map(([input]) => input);

  it.each(VIEW_READERS)('%s carries no EventBridge client, event store nor route table', (handler) => {
    expect(kept(handler, (input) => input.includes('node_modules/@aws-sdk/client-eventbridge/') || input === 'functions/platform/event-store/event-store.ts' || input === 'infra/routes.ts')).toEqual([]);
  });

  it.each(BRIEFLESS)("%s carries neither the brief's schema nor the option catalogue", (handler) => {
    expect(kept(handler, (input) => input === 'shared/project-brief.ts' || input === 'shared/intake-options.ts')).toEqual([]);
  });

  it.each(VIEW_READERS)("%s carries the views' reading class, not the projector's writes nor the counters' guards", (handler) => {
    expect(kept(handler, (input) => input === 'functions/platform/views/view-reader.ts')).toHaveLength(1);
    expect(kept(handler, (input) => input === 'functions/platform/views/views.ts' || input === 'functions/platform/event-store/counter-guards.ts')).toEqual([]);
  });

  it.each(VIEW_READERS)('%s carries no event definition nor catalogue', (handler) => {
    expect(kept(handler, (input) => input === 'events/catalogue.ts' || input === 'events/index.ts')).toEqual([]);
  });
});

describe('Lambda bundles of the handlers that only read events', () => {
  /** Each reads streams or the global order and appends nothing. */
  const READERS = ['functions/app/projections-consumer.ts', 'functions/features/users/reactions/cognito-groups.ts', 'functions/features/audit/http/get.ts', 'functions/features/files/http/download.ts'];
  const built = new Map<string, { text: string; bytes: Record<string, number> }>();
  beforeAll(async () => {
    for (const handler of [...READERS, 'functions/features/projects/http/create.ts']) built.set(handler, await bundleAlone(handler));
  }, 120_000);
  const kept = (handler: string, test: (input: string) => boolean) => Object.entries(built.get(handler)!.bytes).filter(([input, bytes]) => bytes > 0 && test(input)).map(([input]) => input);

  it.each(READERS)("%s carries the event store's reading half (event-log.ts) without the append, the outbox or ulid", (handler) => {
    expect(kept(handler, (input) => input === 'functions/platform/event-store/event-log.ts')).toHaveLength(1);
    expect(kept(handler, (input) => input === 'functions/platform/event-store/event-store.ts' || input.includes('node_modules/ulid/'))).toEqual([]);
    expect(built.get(handler)!.text).not.toContain('Nothing to append');
  });

  it("the projections' consumer writes the views (ViewStore, core/views.ts) and guards its counters", () => {
    expect(kept('functions/app/projections-consumer.ts', (input) => input === 'functions/platform/views/views.ts' || input === 'functions/platform/event-store/counter-guards.ts')).toHaveLength(2);
  });

  it("the projections' consumer folds with the domain's evolutions, without a decider's rules", () => {
    const { text } = built.get('functions/app/projections-consumer.ts')!;
    for (const refusal of ['This project was already submitted', 'Only team admins can manage the team.', 'This email is already registered as a designer']) expect(text).not.toContain(refusal);
  });

  it('a route that appends carries both halves, and its decider', () => {
    expect(kept('functions/features/projects/http/create.ts', (input) => input === 'functions/platform/event-store/event-store.ts' || input === 'functions/platform/event-store/event-log.ts')).toHaveLength(2);
    expect(built.get('functions/features/projects/http/create.ts')!.text).toContain('This project was already submitted');
  });
});
