import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The SPA's API client on a 401 (web/src/app/api.ts): a request that left with a token the session
 * has replaced since (signed in again while it was on its way, or read mid-swap: none) is sent once
 * more with the current token; only a session with no newer token signs out. A browser test met the
 * race: after an e-mail proof's sign-in again, a `/api/me` sent with no token answered 401 and signed
 * the fresh session out.
 */
const tokens: (string | null)[] = [];
const signOutUser = vi.fn(async () => undefined);
const navigateTo = vi.fn();
vi.mock('../../web/src/app/auth/auth-session.js', () => ({
  currentIdToken: async () => (tokens.length > 1 ? tokens.shift()! : (tokens[0] ?? null)),
  signOutUser: () => signOutUser(),
}));
vi.mock('../../web/src/app/config.js', () => ({ loadConfig: async () => ({ apiUrl: 'https://studio.test/api' }) }));
vi.mock('../../web/src/app/navigation.js', () => ({
  navigateTo: (...args: unknown[]) => navigateTo(...args),
  signInPathFor: () => '/auth?redirect=%2Fdashboard',
}));
vi.mock('../../web/src/app/auth/expected-sign-out.js', () => ({ isSignOutExpected: () => false }));

const { api, ApiError } = await import('../../web/src/app/api.js');

/** Answers 200 to the tokens in `valid`, 401 to any other (or none); records each request's token. */
function serverAccepting(valid: string[]) {
  const sent: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: { headers: Record<string, string> }) => {
      const token = init.headers.authorization?.replace('Bearer ', '') ?? null;
      sent.push(token);
      return token && valid.includes(token)
        ? new Response(JSON.stringify({ ok: true }), { status: 200 })
        : new Response(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } }), { status: 401 });
    }),
  );
  return sent;
}

beforeEach(() => {
  tokens.length = 0;
  signOutUser.mockClear();
  navigateTo.mockClear();
  vi.stubGlobal('window', { location: { pathname: '/dashboard', search: '', hash: '' } });
});

describe('a 401 to a request whose token the session has replaced', () => {
  it('sends it once more with the current token, and keeps the session', async () => {
    tokens.push(null, 'new-session');
    const sent = serverAccepting(['new-session']);
    await expect(api.get('/me')).resolves.toEqual({ ok: true });
    expect(sent).toEqual([null, 'new-session']);
    expect(signOutUser).not.toHaveBeenCalled();
  });

  it('signs out when the session has no newer token', async () => {
    tokens.push('ended-session');
    const sent = serverAccepting([]);
    await expect(api.get('/me')).rejects.toBeInstanceOf(ApiError);
    expect(sent).toEqual(['ended-session']);
    expect(signOutUser).toHaveBeenCalledTimes(1);
    expect(navigateTo).toHaveBeenCalledWith('/auth?redirect=%2Fdashboard', { replace: true });
  });

  it('sends it once more at most', async () => {
    tokens.push('old', 'newer');
    const sent = serverAccepting([]);
    await expect(api.post('/team', { name: 'Studio' })).rejects.toMatchObject({ status: 401 });
    expect(sent).toEqual(['old', 'newer']);
    expect(signOutUser).toHaveBeenCalledTimes(1);
  });
});
