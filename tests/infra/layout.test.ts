import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { consumers, realtimeRoutes, routes, schedules, triggers } from '../../infra/routes.js';
import { analyzeHandler } from '../../infra/stack/capabilities.js';
import { VIEW_READING_ROUTES } from './support/view-readers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Which folders each folder may import from, so dependencies point one way:
 * handlers → http → queries → core → adapters → domain → events. `core/log`, `core/ids`,
 * `core/observability/tracing` (the adapters' Tracer hook) and `core/observability/metrics` with the
 * metrics contract `infra/metrics.ts` (an adapter counts what only it sees, e.g. the checklist's model
 * fallback) are leaves, which the adapters may use too.
 */
const ALLOWED: Record<string, readonly string[]> = {
  events: ['events'],
  'functions/domain': ['events', 'functions/domain'],
  'functions/adapters': ['events', 'functions/domain', 'functions/adapters', 'functions/platform/log.ts', 'functions/platform/ids.ts', 'functions/platform/observability/tracing.ts', 'functions/platform/observability/metrics.ts', 'infra/metrics.ts'],
  'functions/core': ['events', 'functions/domain', 'functions/adapters', 'functions/core', 'infra/tables.ts', 'infra/metrics.ts'],
  'functions/queries': ['events', 'functions/domain', 'functions/core', 'functions/queries', 'functions/consumers/projections', 'functions/api/contracts'],
  'functions/http': ['events', 'functions/domain', 'functions/core', 'functions/adapters', 'functions/queries', 'functions/http', 'infra/routes.ts'],
};
/** Code only the command line or the embedded runtime runs: no Lambda bundle may keep any of it. */
const NEVER_IN_LAMBDA = ['functions/ops/', 'infra/local/', 'bin/'];

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

function relativeImports(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)).replace(/\.js$/, '.ts'),
  );
}

/** Value imports only: `import type` and `export type` leave nothing in a bundle. */
function valueImports(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/(?:import|export)\s+type\s*\{[^}]*\}\s*from\s*['"][^'"]+['"]/g, '');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)).replace(/\.js$/, '.ts'),
  );
}

/** Every module a file's value imports reach, itself excluded. */
function reached(file: string): string[] {
  const seen = new Set<string>();
  const next = [file];
  while (next.length) {
    for (const target of valueImports(next.pop()!)) {
      if (seen.has(target) || !target.startsWith('functions/')) continue;
      seen.add(target);
      next.push(target);
    }
  }
  return [...seen];
}

/**
 * Modules a reader (a query, the API's middleware and access checks) must not bundle: a projection
 * (its fold, its items) or a decider with its event schemas. Readers take view keys and document types
 * from `projections/keys/`, and the board's index words from project-index.ts (no decider there).
 */
const READER_FORBIDDEN = (module: string) =>
  (module.startsWith('functions/consumers/projections/') && !module.startsWith('functions/consumers/projections/keys/') && module !== 'functions/features/projects/project-index.ts') ||
  (module.startsWith('functions/domain/') && /Decider</.test(readFileSync(path.join(ROOT, module), 'utf8')));

describe('functions/ layout', () => {
  it.each(['functions/queries', 'functions/http'])('%s bundles no projection and no decider', (folder) => {
    const wrong = sources(folder).flatMap((file) => reached(file).filter(READER_FORBIDDEN).map((module) => `${file} → ${module}`));
    expect(wrong).toEqual([]);
  });


  it.each(Object.keys(ALLOWED))('%s imports only from the layers below it', (folder) => {
    const wrong = sources(folder).flatMap((file) =>
      relativeImports(file)
        .filter((target) => !ALLOWED[folder]!.some((allowed) => target === allowed || target.startsWith(`${allowed}/`)))
        .map((target) => `${file} → ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  const handlers = [...new Set([...routes, ...consumers, ...triggers, ...schedules, ...realtimeRoutes].map((row) => row.handler))];
  it.each(handlers)('%s bundles no command-line or local-only code', (handler) => {
    const { modules } = analyzeHandler(ROOT, handler);
    expect(modules.filter((module) => NEVER_IN_LAMBDA.some((prefix) => module.startsWith(prefix)))).toEqual([]);
  });
});

/** Routes that only read views: their bundles carry no event store, publisher nor EventBridge client. */
const VIEW_READERS = [...VIEW_READING_ROUTES];
/** Handlers that read events and never append nor publish: the store alone (core/event-reads.ts). */
const EVENT_READERS = ['functions/features/audit/http/get.ts', 'functions/features/activity/http/global.ts', 'functions/app/projections-consumer.ts'];
const EVENT_SIDE = ['functions/platform/event-store/event-runtime.ts', 'functions/platform/event-store/event-reads.ts', 'functions/platform/event-store/event-log.ts', 'functions/platform/event-store/event-store.ts', 'functions/platform/event-store/publisher.ts', 'functions/platform/aws/event-bridge.ts'];

describe('what a Lambda bundle leaves out (issue 19)', () => {
  const handlers = [...new Set([...routes, ...consumers, ...triggers, ...schedules, ...realtimeRoutes].map((row) => row.handler))];

  it.each(handlers)('%s bundles its routes\' access rules, not the route table', (handler) => {
    expect(analyzeHandler(ROOT, handler).modules).not.toContain('infra/routes.ts');
  });

  it.each(VIEW_READERS)('%s (reads views only) bundles no event store, publisher nor bus', (handler) => {
    expect(analyzeHandler(ROOT, handler).modules.filter((module) => EVENT_SIDE.includes(module))).toEqual([]);
  });

  const reaches = (file: string, target: string) => file === target || valueImports(file).includes(target) || reached(file).includes(target);
  const runtimeUsers = (pattern: RegExp) =>
    ['functions', 'infra/local', 'bin'].flatMap(sources).filter((file) => pattern.test(readFileSync(path.join(ROOT, file), 'utf8')));

  it('every module that appends or publishes through the runtime imports core/event-runtime.ts, which builds the bus and the publisher', () => {
    const users = runtimeUsers(/\b(?:runtime|getRuntime\(\))\.(?:publisher|bus)\b|\brunCommand\(/);
    expect(users.length).toBeGreaterThan(5);
    expect(users.filter((file) => !reaches(file, 'functions/platform/event-store/event-runtime.ts'))).toEqual([]);
  });

  it('every module that reads events through the runtime imports core/event-reads.ts or core/event-runtime.ts, which build the store', () => {
    const users = runtimeUsers(/\b(?:runtime|getRuntime\(\))\.store\b/);
    expect(users.length).toBeGreaterThan(5);
    expect(users.filter((file) => !reaches(file, 'functions/platform/event-store/event-reads.ts') && !reaches(file, 'functions/platform/event-store/event-runtime.ts'))).toEqual([]);
  });

  it.each(EVENT_READERS)('%s (reads events, appends none) bundles no publisher nor bus', (handler) => {
    expect(analyzeHandler(ROOT, handler).modules.filter((module) => ['functions/platform/event-store/event-runtime.ts', 'functions/platform/event-store/publisher.ts', 'functions/platform/aws/event-bridge.ts'].includes(module))).toEqual([]);
  });

  it('no API handler imports a trigger: a trigger module builds its own handler chain at import, which a route would then carry', () => {
    const wrong = sources('functions/api').flatMap((file) => valueImports(file).filter((target) => target.startsWith('functions/triggers/')).map((target) => `${file} → ${target}`));
    expect(wrong).toEqual([]);
  });

  it("API handlers take view keys from projections/keys/, not from a projection's module (its fold, its decider)", () => {
    const folds = new Set(['users', 'projects', 'subscriptions', 'teams', 'designers', 'insights', 'identity-aliases', 'index'].map((name) => `functions/consumers/projections/${name}.ts`));
    const wrong = sources('functions/api').flatMap((file) => valueImports(file).filter((target) => folds.has(target)).map((target) => `${file} → ${target}`));
    expect(wrong).toEqual([]);
  });

  it.each(['functions/features/teams/http/create.ts', 'functions/features/teams/http/invite-accept.ts', 'functions/features/designers/http/invite-accept.ts'])(
    '%s waits for the projections without bundling their folds',
    (handler) => {
      expect(analyzeHandler(ROOT, handler).modules).not.toContain('functions/app/projections.ts');
    },
  );
});

describe('AWS through the adapters only', () => {
  it('fails the analysis (and so the synth) of a handler that calls an SDK client itself', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'capabilities-'));
    try {
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
      mkdirSync(path.join(root, 'functions/api'), { recursive: true });
      writeFileSync(
        path.join(root, 'functions/api/direct.ts'),
        "import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';\nexport const handler = () => new S3Client({}).send(new HeadObjectCommand({ Bucket: 'b', Key: 'k' }));\n",
      );
      expect(() => analyzeHandler(root, 'functions/api/direct.ts')).toThrow(/outside the adapter modules/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
