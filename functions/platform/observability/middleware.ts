import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { log } from '../log.js';
import { metrics } from './metrics.js';
import { traced } from './tracing.js';

/** The correlation id each invocation was given, for the handler to pass on to what it causes. */
const correlationIds = new WeakMap<object, string>();

export const correlationIdOf = (event: object): string | undefined => correlationIds.get(event);

/**
 * The start of every handler's middy chain (HTTP, consumers, triggers, schedules): the Lambda context
 * and the invocation's correlation id on every log line, the invocation's trace segment when tracing
 * is on, and the metrics flushed as EMF when the invocation ends, whether it returns or throws (a
 * route that records none writes nothing). Use it first, so that its `after` and `onError` run last,
 * after every other middleware has logged and counted.
 */
export function observed<E extends object, R>(
  correlationId: (event: E, context: Context) => string,
): MiddlewareObj<E, R, Error, Context>[] {
  const correlation: MiddlewareObj<E, R, Error, Context> = {
    before: (request) => {
      const id = correlationId(request.event, request.context);
      correlationIds.set(request.event, id);
      if (id) log.setCorrelationId(id);
    },
  };
  // resetKeys: the correlation id of one invocation never reaches the next one's lines.
  return [
    injectLambdaContext(log, { resetKeys: true }),
    logMetrics(metrics),
    ...traced<E, R>(),
    correlation,
  ] as MiddlewareObj<E, R, Error, Context>[];
}

/**
 * A middy handler, also callable with the event alone, as the embedded runtime and tests call it
 * (middy then supplies an empty context).
 */
export const invocable = <E, R, H extends object>(handler: H): H & ((event: E, context?: Context) => Promise<R>) =>
  handler as H & ((event: E, context?: Context) => Promise<R>);

/** An error as a log attribute: what a person needs to find it, never the whole object graph. */
export const errorAttributes = (error: unknown) =>
  error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { message: String(error) };
