import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { log } from '../log.js';

/** The correlation id each invocation was given, for the handler to pass on to what it causes. */
const correlationIds = new WeakMap<object, string>();

export const correlationIdOf = (event: object): string | undefined => correlationIds.get(event);

type AnyMiddleware = MiddlewareObj<any, any, Error, Context>;

/**
 * The EMF flush (Powertools' `logMetrics`), handed over by observability/metrics.ts when it is
 * loaded: only the handlers whose modules record a metric (commands, the projections' lag, the
 * sweeper) bundle and build Metrics; a route that only reads records none, so it carries none of it.
 * ES modules evaluate what they import first, so the handler module's own chain, built in its body,
 * always finds the flush its imports brought.
 */
let metricsFlush: (() => AnyMiddleware) | undefined;

export function flushMetricsWith(middleware: () => AnyMiddleware): void {
  metricsFlush ??= middleware;
}

/**
 * The start of every handler's middy chain (HTTP, consumers, triggers, schedules): the Lambda context
 * and the invocation's correlation id on every log line, and the metrics (where any are recorded)
 * flushed as EMF when the invocation ends, whether it returns or throws. Use it first, so that its
 * `after` and `onError` run last, after every other middleware has logged and counted.
 */
export function observed<E extends object, R>(correlationId: (event: E, context: Context) => string): MiddlewareObj<E, R, Error, Context>[] {
  const correlation: MiddlewareObj<E, R, Error, Context> = {
    before: (request) => {
      const id = correlationId(request.event, request.context);
      correlationIds.set(request.event, id);
      if (id) log.setCorrelationId(id);
    },
  };
  // resetKeys: the correlation id of one invocation never reaches the next one's lines.
  return [injectLambdaContext(log, { resetKeys: true }), ...(metricsFlush ? [metricsFlush()] : []), correlation] as MiddlewareObj<E, R, Error, Context>[];
}

/**
 * A middy handler, also callable with the event alone, as the embedded runtime and tests call it
 * (middy then supplies an empty context).
 */
export const invocable = <E, R, H extends object>(handler: H): H & ((event: E, context?: Context) => Promise<R>) =>
  handler as H & ((event: E, context?: Context) => Promise<R>);

/** An error as a log attribute: what a person needs to find it, never the whole object graph. */
export const errorAttributes = (error: unknown) =>
  error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { message: String(error) };
