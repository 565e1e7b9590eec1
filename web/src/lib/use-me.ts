import { startTransition, useCallback, useEffect, useState } from 'react';
import { api } from './api.js';
import type { MeResponse } from './contracts.js';

const NOT_YET_REGISTERED_RETRIES = 6;
const RETRY_DELAY_MS = 500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GET /api/me for the signed-in user. A brand-new account's profile is built from its registration
 * event a moment after sign-up; until then the API answers with `created_at: null`, so it is asked
 * again a few times. Load failures are only logged (spec/1 §8).
 */
export function useMe(): { me: MeResponse | null; loading: boolean; reload(): void } {
  const [me, setMe] = useState<MeResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let active = true;
    (async () => {
      setLoading(true);
      try {
        for (let attempt = 0; active; attempt += 1) {
          const answer = await api.get<MeResponse>('/me');
          if (!active) return;
          // Arriving data renders as a transition (in short slices, input first).
          startTransition(() => setMe(answer));
          if (answer.user.created_at !== null || attempt >= NOT_YET_REGISTERED_RETRIES) break;
          await wait(RETRY_DELAY_MS);
        }
      } catch (error) {
        console.error('Could not load the profile', error);
      } finally {
        if (active) startTransition(() => setLoading(false));
      }
    })();
    return () => {
      active = false;
    };
  }, [generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { me, loading, reload };
}
