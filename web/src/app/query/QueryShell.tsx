import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSession } from '../auth/session.js';
import { queryClient } from './client.js';
import { useLiveInvalidation } from './live-invalidation.js';

/**
 * The query cache around the signed-in screens (the landing page does not load it). Another person
 * signing in on this tab starts from an empty cache: nothing of the previous account is shown.
 */
export function QueryShell({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const sub = user?.sub ?? null;
  const previous = useRef(sub);
  useEffect(() => {
    if (previous.current !== null && previous.current !== sub) queryClient.clear();
    previous.current = sub;
  }, [sub]);
  useLiveInvalidation(queryClient, sub !== null);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
