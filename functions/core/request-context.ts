import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request being served, for everything below the handler: every commit a request causes carries
 * its id as correlation id without each handler passing it along.
 */
export interface RequestContext {
  correlationId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const withRequestContext = <T>(context: RequestContext, work: () => Promise<T>): Promise<T> => storage.run(context, work);
export const currentRequest = (): RequestContext | undefined => storage.getStore();
