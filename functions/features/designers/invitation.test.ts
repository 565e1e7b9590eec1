import { describe, expect, it } from 'vitest';
import {
  DesignerAuthorized,
  DesignerInvitationAccepted,
  DesignerInvitationSendFailed,
  DesignerInvitationSent,
  DesignerInvited,
  DesignerLinked,
  DesignerRemoved,
} from './events.js';
import { canonicalEmail } from '../../../shared/email.js';
import { catalogue } from '../../app/catalogue.js';
import { designerInviteTokenKey, designersProjection } from './projection.js';
import { fold } from '../../platform/decider.js';
import { designerDecider, invitationStatus } from './decider.js';
import { deciderSpec } from '../../../tests/support/given-when-then.js';

// The spec's clock (given-when-then) is 2026-11-22T10:00Z: the link works until 7 days later.
const given = deciderSpec(designerDecider);
const HASH = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);
const EXPIRES = '2026-11-29T10:00:00.000Z';
const authorised = DesignerAuthorized.create({ email: 'dee@example.com', user_id: null });
const invited = DesignerInvited.create({ token_hash: HASH, expires_at: EXPIRES });
const accept = (overrides: Record<string, string> = {}) => ({
  type: 'AcceptDesignerInvitation' as const,
  token_hash: HASH,
  user_id: 'u1',
  email: 'dee@example.com',
  ...overrides,
});

describe('canonical e-mails', () => {
  it('trims and lower-cases', () => {
    expect(canonicalEmail('  Dee@Example.COM ')).toBe('dee@example.com');
    expect(canonicalEmail('Dee@example.com ')).toBe(canonicalEmail(' dee@EXAMPLE.com'));
  });
});

describe('designer invitations (the proof of the address)', () => {
  it('adding a designer records the authorisation, unlinked, and an invitation valid 7 days', () => {
    given([])
      .when({ type: 'AuthorizeDesigner', email: ' Dee@Example.com', invitation: { token_hash: HASH } })
      .then([authorised, invited]);
  });

  it('accepting with the token, signed in with the address (any case), links the account', () => {
    given([authorised, invited])
      .when(accept({ email: 'DEE@example.com ' }))
      .then([DesignerInvitationAccepted.create({ user_id: 'u1' }), DesignerLinked.create({ user_id: 'u1' })]);
  });

  it('refuses another address, another token, a used, replaced, expired or removed invitation', () => {
    given([authorised, invited])
      .when(accept({ email: 'mallory@example.com' }))
      .thenThrows(/sent to dee@example.com/, 'FORBIDDEN');
    given([authorised, invited])
      .when(accept({ token_hash: OTHER }))
      .thenThrows('Invalid or expired invitation', 'GONE');
    given([
      authorised,
      invited,
      DesignerInvitationAccepted.create({ user_id: 'u1' }),
      DesignerLinked.create({ user_id: 'u1' }),
    ])
      .when(accept())
      .thenThrows('Invalid or expired invitation', 'GONE');
    given([authorised, invited, DesignerInvited.create({ token_hash: OTHER, expires_at: EXPIRES })])
      .when(accept())
      .thenThrows('Invalid or expired invitation', 'GONE');
    given([authorised, DesignerInvited.create({ token_hash: HASH, expires_at: '2026-11-22T09:59:59.000Z' })])
      .when(accept())
      .thenThrows('Invalid or expired invitation', 'GONE');
    given([authorised, invited, DesignerRemoved.create({})])
      .when(accept())
      .thenThrows('Invalid or expired invitation', 'GONE');
    given([authorised]).when(accept()).thenThrows('Invalid or expired invitation', 'GONE');
  });

  it('resends only while nobody accepted; records the e-mail outcome of a pending one only', () => {
    given([authorised, invited])
      .when({ type: 'InviteDesigner', token_hash: OTHER })
      .then([DesignerInvited.create({ token_hash: OTHER, expires_at: EXPIRES })]);
    given([
      authorised,
      invited,
      DesignerInvitationAccepted.create({ user_id: 'u1' }),
      DesignerLinked.create({ user_id: 'u1' }),
    ])
      .when({ type: 'InviteDesigner', token_hash: OTHER })
      .thenThrows(/already accepted/, 'CONFLICT');
    given([]).when({ type: 'InviteDesigner', token_hash: OTHER }).thenThrows('Designer not found', 'NOT_FOUND');
    given([authorised, invited])
      .when({ type: 'RecordDesignerInvitationSent' })
      .then([DesignerInvitationSent.create({})]);
    given([authorised, invited])
      .when({ type: 'RecordDesignerInvitationSendFailed', reason: 'refused' })
      .then([DesignerInvitationSendFailed.create({ reason: 'refused' })]);
    given([authorised]).when({ type: 'RecordDesignerInvitationSent' }).then([]);
  });

  it('the seeder (which made the account with that address) links at once, with no invitation', () => {
    given([])
      .when({ type: 'AuthorizeDesigner', email: 'dee@example.com', user_id: 'u9', invitation: { token_hash: HASH } })
      .then([DesignerAuthorized.create({ email: 'dee@example.com', user_id: 'u9' })]);
  });

  const at = (events: { type: string; data: Record<string, unknown> }[]) =>
    events.map((event, index) => ({
      ...event,
      at: '2026-11-22T10:00:00.000Z',
      version: index + 1,
      actor: { sub: 'admin', role: 'admin' as const },
    }));

  it(
    'the projection keeps a token lookup while pending, drops it once accepted, and applying events twice changes ' +
      'nothing',
    () => {
      const pendingEvents = at([authorised, invited, DesignerInvitationSent.create({})]);
      const pending = fold(designerDecider, pendingEvents);
      const twice = fold(designerDecider, [...pendingEvents, ...pendingEvents.slice(1)]);
      expect(designersProjection.items(twice, 'designer-dee@example.com')).toEqual(
        designersProjection.items(pending, 'designer-dee@example.com'),
      );
      const items = designersProjection.items(pending, 'designer-dee@example.com');
      expect(items.find((item) => item.pk === designerInviteTokenKey(HASH).pk)).toMatchObject({
        email: 'dee@example.com',
      });
      expect(JSON.stringify(items)).not.toContain(`"token_hash"`);
      expect(invitationStatus(pending, '2026-11-23T00:00:00.000Z')).toBe('pending');
      expect(invitationStatus(pending, '2026-12-01T00:00:00.000Z')).toBe('expired');

      const accepted = fold(
        designerDecider,
        at([
          authorised,
          invited,
          DesignerInvitationAccepted.create({ user_id: 'u1' }),
          DesignerLinked.create({ user_id: 'u1' }),
        ]),
      );
      const after = designersProjection.items(accepted, 'designer-dee@example.com');
      expect(after.some((item) => item.pk.startsWith('designer-invite#'))).toBe(false);
      expect(after[0]).toMatchObject({ gsi1pk: 'designer-user#u1' });
      expect(invitationStatus(accepted, '2026-12-01T00:00:00.000Z')).toBe('accepted');
    },
  );

  it('registers the invitation events in the catalogue', () => {
    for (const type of [
      'DesignerInvited',
      'DesignerInvitationSent',
      'DesignerInvitationSendFailed',
      'DesignerInvitationAccepted',
    ])
      expect(catalogue.get(type), type).toBeDefined();
  });
});

describe('a refused sign-up reads as the trigger says', () => {
  it("shows the PreSignUp trigger's own message, not Cognito's wrapper", async () => {
    const { authErrorMessage } = await import('../../../web/src/app/auth/auth-errors.js');
    const error = Object.assign(new Error('PreSignUp failed with error An account with this email already exists.'), {
      name: 'UserLambdaValidationException',
    });
    expect(authErrorMessage(error, 'Account creation failed')).toBe('An account with this email already exists.');
    const local = Object.assign(
      new Error('pre-sign-up failed with error An account with this email already exists..'),
      { name: 'UserLambdaValidationException' },
    );
    expect(authErrorMessage(local, 'Account creation failed')).toBe('An account with this email already exists.');
  });
});
