import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { meKeys, meQuery } from './get-me.js';
import type { MeResponse } from '../../../lib/contracts.js';

const NOT_YET_REGISTERED_RETRIES = 6;
const RETRY_DELAY_MS = 500;

/**
 * GET /api/me for the signed-in user, from the query cache. A brand-new account's profile is built
 * from its registration event a moment after sign-up; until then the API answers with
 * `created_at: null`, so it is asked again a few times. Load failures are only logged (docs/product.md#messages).
 */
export function useMe(): { me: MeResponse | null; loading: boolean; reload(): void } {
  const client = useQueryClient();
  const query = useQuery({
    ...meQuery(),
    refetchInterval: (current) =>
      current.state.data?.user.created_at === null && current.state.dataUpdateCount <= NOT_YET_REGISTERED_RETRIES
        ? RETRY_DELAY_MS
        : false,
  });
  useEffect(() => {
    if (query.error) console.error('Could not load the profile', query.error);
  }, [query.error]);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: meKeys.me() }), [client]);
  // Still asking again for a profile not built yet.
  const updates = client.getQueryState(meKeys.me())?.dataUpdateCount ?? 0;
  const waiting = query.data?.user.created_at === null && updates <= NOT_YET_REGISTERED_RETRIES && !query.isError;
  return { me: query.data ?? null, loading: query.isPending || waiting, reload };
}
