import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { liveState } from '../live/live.js';

declare module '@tanstack/react-query' {
  interface Register {
    /** `topics`: the live topics (lib/live.ts) whose change makes this view stale. */
    queryMeta: { topics?: readonly string[] };
  }
}

/**
 * The signed-in screens' one cache of server views. A view is read when a screen shows it and when
 * one of its live topics changes (lib/query/live-invalidation.ts); nothing refetches on focus, and a
 * failed read is not retried, so a failure shows (toast, empty list) as soon as it happens.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * After a change this tab made: while the socket is up, the projector's topics will refresh each
 * affected view once, so asking now too would read it twice; while it is down (polling), the views
 * are asked at once.
 */
export function refreshUnlessLive(keys: readonly QueryKey[]): void {
  if (liveState() === 'connected') return;
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
