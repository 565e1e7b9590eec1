import { describe, expect, it } from 'vitest';
import { computeHash } from '../../events/hash-chain.js';
import { defineEvent } from '../../events/catalogue.js';
import { GENESIS_HASH, type EventEnvelope } from '../../events/envelope.js';
import { projectBriefSchema } from '../../shared/project-brief.js';
import * as z from '../../events/zod.js';
import { designerInviteTokenParams } from '../../functions/features/designers/contracts.js';
import { updateProjectBody } from '../../functions/features/projects/contracts.js';
import { describeZodError } from '../../functions/platform/http/middleware.js';

// No classic `zod` in this file's graph: zod/mini alone must answer in the API's words.
const problem = (schema: z.core.$ZodType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? null : describeZodError(result.error, 'request body');
};

describe('schemas on zod/mini', () => {
  it("answer with zod's English messages and the contracts' own, word for word", () => {
    expect(problem(designerInviteTokenParams, { token: '' })).toBe(
      'Invalid request body. token: Too small: expected string to have >=1 characters',
    );
    expect(problem(designerInviteTokenParams, { token: 7 })).toBe(
      'Invalid request body. token: Invalid input: expected string, received number',
    );
    expect(problem(updateProjectBody, {})).toBe('Invalid request body. Nothing to update');
    expect(problem(updateProjectBody, { priority: 'Soon' })).toBe(
      'Invalid request body. priority: Invalid option: expected one of "Urgent"|"Normal"|"Low"',
    );
    expect(problem(updateProjectBody, { due_date: '2026-02-30' })).toBe(
      'Invalid request body. due_date: Due date must be a date (YYYY-MM-DD)',
    );
    const brief = {
      title: 'T',
      project_category: 'Design',
      project_type: 'Concept Design',
      property_type: 'condo',
      deliverables: ['Layout Plan'],
      description: 'x '.repeat(200),
      area_sqft: 20_000_000,
    };
    expect(problem(projectBriefSchema, brief)).toBe(
      'Invalid request body. area_sqft: Building area must be at most 10,000,000',
    );
  });

  it("build an event type's schema on first use, once", () => {
    let built = 0;
    const Happened = defineEvent('Happened', () => {
      built += 1;
      return z.object({ n: z.int().check(z.gte(0)) });
    });
    expect(built).toBe(0);
    expect(Happened.create({ n: 1 })).toEqual({ type: 'Happened', data: { n: 1 } });
    expect(() => Happened.create({ n: -1 })).toThrow();
    expect(built).toBe(1);
  });
});

describe('hash chain', () => {
  it('keeps the digest stored events were written with (sha256 of prevHash then canonical JSON)', () => {
    const event: Omit<EventEnvelope, 'hash'> = {
      streamId: 'user-u1',
      version: 1,
      type: 'ProfileUpdated',
      schemaVersion: 1,
      eventId: '01JD0000000000000000000000',
      at: '2026-11-24T12:00:00.000Z',
      actor: { sub: 'u1', role: 'client' },
      correlationId: 'c-1',
      causationId: null,
      data: { company: 'Bench & Co', full_name: 'Zoë Ünal' },
      prevHash: GENESIS_HASH,
    };
    // Computed with createHash('sha256').update(prevHash).update(canonicalJson(fields)) before the one-shot hash.
    expect(computeHash(event)).toBe('156191c51870e6bb58e1930771ac99814a9b3a8ff8ce697f5b426bab866fa63d');
    expect(computeHash({ ...event, hash: 'ignored' } as EventEnvelope)).toBe(computeHash(event));
  });
});
