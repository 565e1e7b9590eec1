import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs with the correlation id; quiet in tests and in the embedded runtime by default. */
export const log = new Logger({
  serviceName: 'design-club',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'ERROR' | 'SILENT' | undefined) ?? (process.env.VITEST ? 'SILENT' : 'INFO'),
});
