import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';

let fallback: QueryClient | undefined;

/**
 * The review's data lives in TanStack Query. Under the app's QueryClientProvider this adds nothing;
 * without one (a screen mounted on its own) it provides a client of its own, shared by every
 * review boundary, so the Files tab and the viewer still see one cache.
 */
export function QueryBoundary({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  if (existing) return <>{children}</>;
  fallback ??= new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: false } } });
  return <QueryClientProvider client={fallback}>{children}</QueryClientProvider>;
}
