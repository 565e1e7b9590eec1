import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../functions/app/catalogue.js';
import { allProjections } from '../../functions/app/projections.js';
import { consumers, routeKey, routes } from '../../infra/routes.js';

describe('the route table', () => {
  it('has one row per route key', () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('sends every catalogued event of a projected stream to the projections consumer', () => {
    const projected = new Set(consumers.find((c) => c.name === 'projections')!.eventTypes);
    const prefixes = allProjections.map((p) => p.streamPrefix);
    expect(prefixes.length).toBeGreaterThan(0);
    // Every event type is consumed by some consumer; none is published into the void.
    const consumed = new Set(consumers.flatMap((c) => c.eventTypes));
    expect(catalogue.types().filter((type) => !consumed.has(type))).toEqual([]);
    expect([...projected].filter((type) => !catalogue.get(type))).toEqual([]);
  });
  it("gives the dependency rules every GET row's handler as a read path, and no other row's", () => {
    // .dependency-cruiser.cjs reads the GET rows from the text of infra/routes.ts: its reading and the table agree.
    const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs');
    const rule = config.forbidden.find((r: { name: string }) => r.name === 'read-path-not-to-decider');
    const readPaths = (rule.from.path as string[]).map((pattern) => new RegExp(pattern));
    for (const row of routes) {
      const isReadPath = readPaths.some((pattern) => pattern.test(row.handler));
      expect(isReadPath, routeKey(row)).toBe(row.method === 'GET');
    }
  });
  it('names existing handler modules', async () => {
    const { existsSync } = await import('node:fs');
    for (const row of [...routes, ...consumers]) expect(existsSync(row.handler), row.handler).toBe(true);
  });
});
