import * as z from './zod.js';

export const ROLES = ['client', 'designer', 'admin', 'system'] as const;
export type ActorRole = (typeof ROLES)[number];

export const actorSchema = /* @__PURE__ */ (() =>
  z.object({
    sub: z.string().check(z.minLength(1)),
    role: z.enum(ROLES),
  }))();
export type Actor = z.infer<typeof actorSchema>;

/** The system itself (triggers, reactors, sweepers) acts under this identity. */
export const SYSTEM_ACTOR: Actor = { sub: 'system', role: 'system' };

/** An event as stored and published: the envelope around a type's data. */
export const envelopeSchema = /* @__PURE__ */ (() =>
  z.object({
    streamId: z.string().check(z.minLength(1)),
    version: z.int().check(z.positive()),
    type: z.string().check(z.minLength(1)),
    schemaVersion: z.int().check(z.positive()),
    eventId: z.string().check(z.length(26)),
    at: z.iso.datetime(),
    actor: actorSchema,
    correlationId: z.string().check(z.minLength(1)),
    causationId: z.nullable(z.string()),
    data: z.record(z.string(), z.unknown()),
    prevHash: z.string(),
    hash: z.string(),
  }))();
export type EventEnvelope<D = Record<string, unknown>> = Omit<z.infer<typeof envelopeSchema>, 'data'> & { data: D };

/** What a decider produces: type and data only; the store adds the rest when it commits. */
export interface NewEvent<T extends string = string, D = Record<string, unknown>> {
  type: T;
  data: D;
}

/** The first event of every stream chains from this. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * A stream's hash chain, verified (events/hash-chain.ts): here, with no crypto, so the SPA's audit contract can name
 * it.
 */
export type ChainVerdict = { intact: true; events: number } | { intact: false; brokenAt: number; reason: string };
