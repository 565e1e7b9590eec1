import type { QueryClient } from '@tanstack/react-query';
import { useLiveChanges } from '../live.js';

/**
 * Marks stale every cached view whose `meta.topics` names a changed topic (or every view with topics,
 * when anything may have changed): the ones on screen are read again once, the others when next shown.
 */
export function invalidateTopics(client: QueryClient, changed: readonly string[] | null): Promise<void> {
  const names = changed && new Set(changed);
  return client.invalidateQueries({
    predicate: (query) => {
      const topics = query.meta?.topics;
      return !!topics && (names === null || topics.some((topic) => names.has(topic)));
    },
  });
}

/** The live socket of a signed-in session, mapped onto the query cache. */
export function useLiveInvalidation(client: QueryClient, signedIn: boolean): void {
  useLiveChanges(signedIn, (changed) => void invalidateTopics(client, changed));
}
