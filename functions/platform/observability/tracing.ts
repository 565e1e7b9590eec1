import { createRequire } from 'node:module';
import type { MiddlewareObj } from '@middy/core';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { METRICS_SERVICE } from '#shared/metrics.js';

/**
 * On in Lambda when the stack turns tracing on (`-c tracing=true` sets POWERTOOLS_TRACE_ENABLED and X-Ray active
 * tracing).
 */
const enabled = process.env.POWERTOOLS_TRACE_ENABLED === 'true' && !!process.env.AWS_LAMBDA_FUNCTION_NAME;

/**
 * Loaded only when tracing is on: with the X-Ray SDK the Tracer adds about 120 KB to a bundle
 * (`npx tsx bench/observability-cost.ts`), which no handler should carry or initialise while nothing
 * traces. It is external to the bundles (bundling.ts) and comes from the Powertools Lambda layer the
 * stack adds when tracing is on. A CommonJS require, because Node's resolution for those finds the
 * layer (NODE_PATH, /opt/nodejs/node_modules) and an ES import does not; here it finds node_modules.
 */
const tracer: Tracer | undefined = enabled
  ? new (
      createRequire(import.meta.url)('@aws-lambda-powertools/tracer') as typeof import('@aws-lambda-powertools/tracer')
    ).Tracer({ serviceName: METRICS_SERVICE })
  : undefined;

/**
 * The one hook for the adapters' client factories: the client wrapped with the Tracer (a subsegment
 * per AWS call) when tracing is on, the same client otherwise.
 */
export function captureAwsClient<T>(client: T): T {
  return tracer ? tracer.captureAWSv3Client(client) : client;
}

export const tracingEnabled = (): boolean => tracer !== undefined;

/**
 * The invocation's segment (cold start, the handler's name, errors) when tracing is on, as
 * Powertools' `captureLambdaHandler`; no middleware otherwise. From the layer, like the Tracer.
 */
export function traced<E, R>(): MiddlewareObj<E, R>[] {
  if (!tracer) return [];
  const { captureLambdaHandler } = createRequire(import.meta.url)(
    '@aws-lambda-powertools/tracer/middleware',
  ) as typeof import('@aws-lambda-powertools/tracer/middleware');
  return [captureLambdaHandler(tracer, { captureResponse: false }) as MiddlewareObj<E, R>];
}
