import { getRuntime } from '../core/runtime.js';
import { log } from '../core/log.js';

/** Scheduled: publishes commits whose publish failed after they were committed. */
export const handler = async (): Promise<{ found: number; published: number }> => {
  const result = await getRuntime().publisher.sweep();
  if (result.found > 0) log.info('Outbox sweep', result);
  return result;
};
