import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The Powertools Logger every module logs through: JSON lines with the service name, the Lambda
 * context and the correlation id (both set per invocation by the middleware in `observability/`).
 * Its level comes from POWERTOOLS_LOG_LEVEL or LOG_LEVEL when either is set (the stack sets
 * LOG_LEVEL); otherwise tests run silent and everything else logs at INFO.
 */
export const log = new Logger({
  serviceName: 'design-club',
  logLevel:
    process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL ? undefined : process.env.VITEST ? 'SILENT' : 'INFO',
});
