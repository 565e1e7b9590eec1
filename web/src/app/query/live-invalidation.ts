import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { listen } from '../live/live.js';

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

/**
 * The live socket of a signed-in session, mapped onto the query cache. Topics named within
 * `debounceMs` of each other are invalidated together, once; a poll or a reconnect (null: anything
 * may have changed) invalidates every view that has topics. Lives here, not in lib/live.ts, so the
 * landing page's entry does not carry it.
 */
export function useLiveInvalidation(client: QueryClient, signedIn: boolean, debounceMs = 150): void {
  const target = useRef(client);
  target.current = client;
  useEffect(() => {
    if (!signedIn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: Set<string> | null | undefined;
    const stop = listen({
      topics: null,
      notify: (changed) => {
        pending = changed === null || pending === null ? null : new Set([...(pending ?? []), ...changed]);
        clearTimeout(timer);
        timer = setTimeout(() => {
          const topics = pending;
          pending = undefined;
          void invalidateTopics(target.current, topics ? [...topics] : null);
        }, debounceMs);
      },
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [signedIn, debounceMs]);
}
