import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A screen sends its first requests together, and each asked Amplify for the session (read and
 * decode the stored tokens) in the same task. Requests that start together now share one read;
 * the next request after it settles asks Amplify anew, so a refreshed token is picked up.
 */
const getIdToken = vi.fn(async () => 'id-token');

vi.mock('../../web/src/app/auth/auth-loader.js', () => ({
  loadAuth: async () => ({ getIdToken }),
  preloadAuth: () => undefined,
}));

describe('currentIdToken', () => {
  beforeEach(() => {
    getIdToken.mockClear();
    vi.stubGlobal('window', { location: { pathname: '/dashboard' } });
    vi.stubGlobal('localStorage', { getItem: () => '1', setItem: () => undefined, removeItem: () => undefined });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks Amplify once for requests that start together, and again after that read settles', async () => {
    const { currentIdToken } = await import('../../web/src/app/auth/auth-session.js');
    expect(await Promise.all([currentIdToken(), currentIdToken(), currentIdToken()])).toEqual([
      'id-token',
      'id-token',
      'id-token',
    ]);
    expect(getIdToken).toHaveBeenCalledTimes(1);
    expect(await currentIdToken()).toBe('id-token');
    expect(getIdToken).toHaveBeenCalledTimes(2);
  });

  it('a failed read is not kept: the next request asks again', async () => {
    const { currentIdToken } = await import('../../web/src/app/auth/auth-session.js');
    getIdToken.mockRejectedValueOnce(new Error('offline'));
    await expect(currentIdToken()).rejects.toThrow('offline');
    expect(await currentIdToken()).toBe('id-token');
    expect(getIdToken).toHaveBeenCalledTimes(2);
  });
});
