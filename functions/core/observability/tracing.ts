import { createRequire } from 'node:module';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { METRICS_SERVICE } from './metric-names.js';

/** On in Lambda when the stack turns tracing on (`-c tracing=true` sets POWERTOOLS_TRACE_ENABLED and X-Ray active tracing). */
const enabled = process.env.POWERTOOLS_TRACE_ENABLED === 'true' && !!process.env.AWS_LAMBDA_FUNCTION_NAME;

/**
 * Loaded only when tracing is on: the Tracer brings the X-Ray SDK (about 170 KB minified, measured in
 * bundling.ts), which no handler should carry or initialise when nothing traces. It is external to
 * the bundles and comes from the Powertools Lambda layer that the stack adds to every function when
 * tracing is on; Node's own resolution (NODE_PATH) finds the layer's copy, and here, node_modules.
 */
const tracer: Tracer | undefined = enabled
  ? new (createRequire(import.meta.url)('@aws-lambda-powertools/tracer') as typeof import('@aws-lambda-powertools/tracer')).Tracer({ serviceName: METRICS_SERVICE })
  : undefined;

/**
 * The one hook for the adapters' client factories: the client wrapped with the Tracer (a subsegment
 * per AWS call) when tracing is on, the same client otherwise.
 */
export function captureAwsClient<T>(client: T): T {
  return tracer ? tracer.captureAWSv3Client(client) : client;
}

export const tracingEnabled = (): boolean => tracer !== undefined;
