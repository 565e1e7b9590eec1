import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT, startLocal, TABLES, type LocalRuntime } from '../../infra/local/runtime.js';
import { schedules } from '../../infra/routes.js';
import { runJourney, type JourneyOutcome } from '../../infra/rehearsal/journey.js';
import type { RehearsalReport } from '../../infra/rehearsal/run.js';
import { rehearseCli } from './support.js';

/**
 * The whole journey through the rehearsal of the shared synth (`npm run rehearse -- --assembly DIR`,
 * exit 0), then the same journey through the embedded runtime: the client's final views must match,
 * ids and times aside. Every IAM decision the journey needed was allowed; the wildcards it went
 * through are printed (docs/testing.md "The rehearsal" lists them).
 */
let rehearsal: { code: number | null; output: string; report: RehearsalReport };
let embedded: JourneyOutcome;
let local: LocalRuntime | undefined;

beforeAll(async () => {
  rehearsal = await rehearseCli(inject('assemblyDir'));
  local = await startLocal({ port: 0, quiet: true, sweepEveryMs: 60_000 });
  const running = local;
  embedded = await runJourney({
    url: running.url,
    cognitoEndpoint: running.cognito.publicEndpoint,
    clientId: running.cognito.clientId,
    outbox: (to) => running.outbox.list(to),
    settle: () => running.settle(),
    team: async () => running.seeded,
    tables: {
      endpoint: process.env.DYNAMODB_ENDPOINT!,
      events: TABLES.events,
      views: TABLES.views,
      keys: TABLES.keys,
      kmsKeyId: process.env.KMS_KEY_ID!,
      kmsEndpoint: process.env.KMS_ENDPOINT!,
    },
    fireSchedules: async () => {
      for (const schedule of schedules) {
        const { handler } = (await import(pathToFileURL(join(REPO_ROOT, schedule.handler)).href)) as {
          handler: (event: unknown, context: unknown) => Promise<unknown>;
        };
        await handler({ source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} }, {});
      }
      await running.settle();
    },
  });
}, 1_200_000);
afterAll(() => local?.stop());

/** Ids, times, addresses and links differ from run to run: what is left is what the product decided. */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalise(item)]));
  if (typeof value !== 'string') return value;
  if (/^[0-9A-HJKMNP-TV-Z]{26}$/.test(value)) return '<id>';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(value)) return '<uuid>';
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return '<time>';
  if (/^https?:\/\//.test(value)) return '<url>';
  if (/@example\.test$/.test(value)) return '<client e-mail>';
  return value.replace(/[0-9A-HJKMNP-TV-Z]{26}/g, '<id>');
}

describe('the journey through the rehearsal of the synthesized assembly', () => {
  it('passes: npm run rehearse exits 0 on the untouched assembly', () => {
    expect(rehearsal.code, rehearsal.output.slice(-4000)).toBe(0);
    expect(rehearsal.report.journey?.ok).toBe(true);
    expect(rehearsal.report.journey?.steps.map((step) => step.name)).toContain(
      'npm run replay -- --verify passes on the tables',
    );
  });

  it('a dead letter lands in the stack’s queue and npm run redrive, run as an operator runs it, re-delivers it', () => {
    const drill = rehearsal.report.journey?.steps.find((step) => step.name.startsWith('npm run redrive'));
    expect(drill, 'the redrive drill ran').toBeDefined();
    expect(drill!.ok, drill!.error).toBe(true);
  });

  it("a second browser's socket heard each change", () => {
    const heard = rehearsal.report.journey!.heard;
    expect(Object.keys(heard).length).toBeGreaterThanOrEqual(6);
    for (const [step, count] of Object.entries(heard)) expect(count, step).toBeGreaterThan(0);
  });

  it('every IAM decision the journey needed was allowed, each evaluated by the simulator', () => {
    const { figures, wildcards } = rehearsal.report;
    expect(figures.iamDecisions).toBeGreaterThan(50);
    expect(figures.iamDenied).toBe(0);
    console.log(
      `IAM: ${figures.iamDecisions} decisions, all allowed; wildcards exercised:\n  ${wildcards.join('\n  ')}`,
    );
    console.log(`Figures: ${JSON.stringify(figures)}`);
  });

  it('ends in the same views as the embedded runtime, ids and times aside', () => {
    expect(embedded.ok, `${embedded.failedStep}: ${embedded.error}`).toBe(true);
    const fromRehearsal = rehearsal.report.journey!.views!;
    expect(normalise(fromRehearsal.detail)).toEqual(normalise(embedded.views!.detail));
    expect(normalise(fromRehearsal.card)).toEqual(normalise(embedded.views!.card));
    expect(normalise(fromRehearsal.review)).toEqual(normalise(embedded.views!.review));
  });
});
