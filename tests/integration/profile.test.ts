import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestStack } from '../support/stack.js';

describe('PATCH /api/me/profile (embedded stack)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('updates full_name, company and user_type, recording only what changed', async () => {
    const user = await stack.signUpClient({ name: 'Pat Profile' });
    const before = await stack.eventCount();
    const answer = await stack.api('PATCH', '/api/me/profile', {
      user,
      body: { full_name: 'Pat P. Profile', company: ' Studio North ', user_type: 'contractor' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.profile).toMatchObject({
      id: user.sub,
      email: user.email,
      full_name: 'Pat P. Profile',
      company: 'Studio North',
      user_type: 'contractor',
    });
    await stack.settle();
    expect(await stack.eventCount()).toBe(before + 1);
    const me = await stack.api('GET', '/api/me', { user });
    expect(me.body.user).toMatchObject({
      full_name: 'Pat P. Profile',
      company: 'Studio North',
      user_type: 'contractor',
    });

    const same = await stack.api('PATCH', '/api/me/profile', { user, body: { full_name: 'Pat P. Profile' } });
    expect(same.status).toBe(200);
    expect(await stack.eventCount()).toBe(before + 1);

    const cleared = await stack.api('PATCH', '/api/me/profile', { user, body: { company: '' } });
    expect(cleared.body.profile.company).toBeNull();
  });

  it('refuses bad input with a readable 400 and needs sign-in', async () => {
    const user = await stack.signUpClient();
    const badType = await stack.api('PATCH', '/api/me/profile', { user, body: { user_type: 'wizard' } });
    expect(badType.status).toBe(400);
    expect(badType.body.error?.message).toMatch(/user_type/);
    const unknown = await stack.api('PATCH', '/api/me/profile', { user, body: { email: 'other@example.com' } });
    expect(unknown.status).toBe(400);
    expect((await stack.api('PATCH', '/api/me/profile', { body: { full_name: 'X' } })).status).toBe(401);
  });
});
