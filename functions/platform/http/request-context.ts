import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request being served, for everything below the handler: every commit a request causes carries
 * its id as correlation id without each handler passing it along.
 */
export interface RequestContext {
  correlationId: string;
  /**
   * Aborted once the request has been answered without its handler (the function's time ran out):
   * what the handler still does after that must not change anything, since its caller was told to
   * retry. A Lambda container frozen mid-request may resume the handler on its next invocation.
   */
  signal?: AbortSignal;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const withRequestContext = <T>(context: RequestContext, work: () => Promise<T>): Promise<T> =>
  storage.run(context, work);
export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** Thrown by a command the request no longer waits for: its answer (503) has already gone out. */
export class RequestAbandonedError extends Error {
  constructor() {
    super('The request was answered before this command could commit');
    this.name = 'RequestAbandonedError';
  }
}
