import {
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_HASH, type EventEnvelope } from '../../events/envelope.js';
import { ProfileUpdated, UserRegistered } from '../../functions/features/users/events.js';
import { userStream } from '../../functions/features/users/decider.js';
import { toBusEntry } from '../../functions/platform/event-store/publisher.js';
import { storedEvent } from '../../functions/platform/event-store/stored-event.js';
import { TestStack, type TestUser } from '../support/stack.js';

/**
 * The cognito-groups reactor grants rights only for events the store holds: an event put on the
 * bus by anything else (EventBridge accepts PutEvents from any principal the bus policy lets in)
 * grants nothing, even when it copies a real event's stream, version, id and hash.
 */
let stack: TestStack;
let client: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  client = await stack.signUpClient();
});
afterAll(async () => {
  await stack?.stop();
});

async function groupsOf(sub: string): Promise<string[]> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack.local.cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { Groups = [] } = await cognito.send(
    new AdminListGroupsForUserCommand({ UserPoolId: stack.local.cognito.userPoolId, Username: sub }),
  );
  return Groups.map((group) => group.GroupName!).sort();
}

async function publish(event: EventEnvelope) {
  const { failedIndexes } = await stack.local.bus.putEvents([toBusEntry(event)]);
  expect(failedIndexes).toEqual([]);
  await stack.settle();
}

describe('cognito-groups reactor: the store, not the bus, is the record', () => {
  it('ignores a forged UserRegistered that is not in the store', async () => {
    expect(await groupsOf(client.sub)).toEqual(['client']);
    const { events } = await stack.local.runtime.store.readStream(userStream(client.sub));
    const registered = events.find((event) => event.type === 'UserRegistered')!;
    await publish({
      ...registered,
      version: events.length + 1,
      eventId: '01JFORGEDFORGEDFORGEDFORGE',
      data: { ...registered.data, initial_role: 'admin' },
      prevHash: registered.hash,
      hash: 'f'.repeat(64),
    });
    expect(await groupsOf(client.sub)).toEqual(['client']);
  });

  it('ignores a copy of a stored event whose data was changed on the way', async () => {
    const { events } = await stack.local.runtime.store.readStream(userStream(client.sub));
    const registered = events.find((event) => event.type === 'UserRegistered')!;
    await publish({ ...registered, data: { ...registered.data, initial_role: 'admin' } });
    expect(await groupsOf(client.sub)).toEqual(['client']);
    expect((await stack.api('GET', '/api/me', { user: client })).body.roles).toEqual(['client']);
  });

  it('still acts on the stored event itself (redelivery is harmless)', async () => {
    const { events } = await stack.local.runtime.store.readStream(userStream(client.sub));
    await publish(events.find((event) => event.type === 'UserRegistered')!);
    expect(await groupsOf(client.sub)).toEqual(['client']);
  });

  it('grants nothing for a malformed delivery (the consumer chain refuses it before the handler)', async () => {
    const forged = {
      type: 'UserRegistered',
      streamId: 42,
      version: 'x',
      data: { email: client.email, initial_role: 'admin' },
    } as unknown as EventEnvelope;
    await publish(forged);
    expect(await groupsOf(client.sub)).toEqual(['client']);
  });

  it('finds each event of a multi-event commit with one read, and nothing past the stream’s end', async () => {
    const { store } = stack.local.runtime;
    const actor = { sub: 'u-multi', role: 'client' as const };
    const first = await store.append(
      'user-multi',
      [UserRegistered.create({ user_id: 'u-multi', email: 'multi@example.test' })],
      { version: 0, hash: GENESIS_HASH },
      { actor },
    );
    const second = await store.append(
      'user-multi',
      [
        ProfileUpdated.create({ company: 'A' }),
        ProfileUpdated.create({ company: 'B' }),
        ProfileUpdated.create({ company: 'C' }),
      ],
      { version: 1, hash: first.events[0]!.hash },
      { actor },
    );
    for (const event of [...first.events, ...second.events])
      expect(await storedEvent(event, stack.local.runtime)).toEqual(event);
    const last = second.events.at(-1)!;
    expect(await storedEvent({ ...last, version: last.version + 1 }, stack.local.runtime)).toBeNull();
    expect(await storedEvent({ ...second.events[1]!, hash: second.events[0]!.hash }, stack.local.runtime)).toBeNull();
    expect(await storedEvent({ ...second.events[1]!, streamId: 'user-nobody' }, stack.local.runtime)).toBeNull();
  });
});
