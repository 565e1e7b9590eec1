import middy, { type MiddlewareObj } from '@middy/core';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import type { EventCatalogue } from '../../../events/catalogue.js';
import { envelopeSchema, type EventEnvelope } from '../../../events/envelope.js';
import { log } from '../log.js';
import { correlationIdOf, errorAttributes, invocable, observed } from '../observability/middleware.js';
import { withRequestContext } from '../http/request-context.js';
import { personalDataCodec } from '../privacy/keys-runtime.js';

export type BusEvent = EventBridgeEvent<string, EventEnvelope>;

/** The envelope of the event being consumed, validated, opened and upcast once, before the handler sees it. */
const envelopes = new WeakMap<BusEvent, EventEnvelope>();

/**
 * The bus carries events as stored, personal fields sealed: they are opened here (erased values where
 * the subject's key was destroyed) with the schema of the version they were written with, then upcast.
 */
const parseEnvelope = (catalogue: EventCatalogue): MiddlewareObj<BusEvent, void, Error, Context> => ({
  before: async (request) => {
    const stored = envelopeSchema.parse(request.event.detail) as EventEnvelope;
    const [opened] = await personalDataCodec(catalogue).open([stored]);
    envelopes.set(request.event, catalogue.upcast(opened!));
  },
});

/** A failed delivery is retried by the bus (then dead-lettered): the log says which event it was. */
const logFailure = (): MiddlewareObj<BusEvent, void, Error, Context> => ({
  onError: (request) => {
    const detail = (request.event?.detail ?? {}) as Partial<EventEnvelope>;
    log.error('Consumer failed', {
      busEventId: request.event?.id,
      type: request.event?.['detail-type'],
      eventId: detail.eventId,
      streamId: detail.streamId,
      version: detail.version,
      error: errorAttributes(request.error),
    });
  },
});

/**
 * An EventBridge consumer: the handler receives the envelope validated against the catalogue (and
 * upcast to the current schema); its log lines carry the envelope's correlation id, and so do the
 * commits it causes; metrics are flushed when it ends; a failure is logged and rethrown for a retry.
 * The catalogue is the app's (functions/app/lambda.ts builds the `consumer` the handlers use).
 */
export function consumerChain(catalogue: EventCatalogue) {
  return function consumer(fn: (envelope: EventEnvelope, event: BusEvent) => Promise<void>) {
    const handler = middy<BusEvent, void, Error, Context>()
      .use(observed<BusEvent, void>((event) => String(event.detail?.correlationId || event.id)))
      .use(logFailure())
      .use(parseEnvelope(catalogue))
      .handler(async (event, _context, { signal }) => {
        const correlationId = correlationIdOf(event)!;
        // Abandoned at the function's end, the delivery fails and is retried or dead-lettered; what
        // this invocation reaches afterwards commits nothing (see RequestContext.signal).
        await withRequestContext({ correlationId, signal }, () => fn(envelopes.get(event)!, event));
      });
    return invocable<BusEvent, void, typeof handler>(handler);
  };
}
