import { describe, expect, it } from 'vitest';
import {
  DesignerAuthorized,
  DesignerDeactivated,
  DesignerLinked,
  DesignerReactivated,
  DesignerRemoved,
  DesignerSessionsRevoked,
} from './events.js';
import { catalogue } from '../../app/catalogue.js';
import { designersProjection } from './projection.js';
import { fold } from '../../platform/decider.js';
import { designerDecider, designerStream, revocationDecider } from './decider.js';
import { foldFor } from '../../app/streams.js';
import { deciderSpec } from '../../../tests/support/given-when-then.js';

const given = deciderSpec(designerDecider);
const preAuthorised = DesignerAuthorized.create({ email: 'dee@example.com', user_id: null });
const AT = '2026-11-22T10:00:00.000Z';
const stored = (events: { type: string; data: Record<string, unknown> }[]) =>
  events.map((event, index) => ({
    ...event,
    at: AT,
    version: index + 1,
    actor: { sub: 'admin', role: 'admin' as const },
  }));

describe('designer decider (designer-<email> streams)', () => {
  it('keys the stream by the lower-cased e-mail', () => {
    expect(designerStream('  Dee@Example.COM ')).toBe('designer-dee@example.com');
  });

  it('pre-authorises an e-mail, lower-cased, with no account yet', () => {
    given([])
      .when({ type: 'AuthorizeDesigner', email: 'Dee@Example.com' })
      .then([DesignerAuthorized.create({ email: 'dee@example.com', user_id: null })]);
  });

  it('authorises an existing account at once', () => {
    given([])
      .when({ type: 'AuthorizeDesigner', email: 'dee@example.com', user_id: 'u9' })
      .then([DesignerAuthorized.create({ email: 'dee@example.com', user_id: 'u9' })]);
  });

  it('refuses a second authorisation, active or not', () => {
    given([preAuthorised])
      .when({ type: 'AuthorizeDesigner', email: 'dee@example.com' })
      .thenThrows('This email is already registered as a designer', 'CONFLICT');
    given([preAuthorised, DesignerDeactivated.create({})])
      .when({ type: 'AuthorizeDesigner', email: 'dee@example.com' })
      .thenThrows(/already registered/, 'CONFLICT');
  });

  it('authorises again after a removal', () => {
    given([preAuthorised, DesignerRemoved.create({})])
      .when({ type: 'AuthorizeDesigner', email: 'dee@example.com' })
      .then([preAuthorised]);
  });

  it('links the account once; linking the same account again records nothing', () => {
    given([preAuthorised])
      .when({ type: 'LinkDesigner', user_id: 'u1' })
      .then([DesignerLinked.create({ user_id: 'u1' })]);
    given([preAuthorised, DesignerLinked.create({ user_id: 'u1' })])
      .when({ type: 'LinkDesigner', user_id: 'u1' })
      .then([]);
  });

  it('cannot link, change or remove what is not a designer', () => {
    for (const command of [
      { type: 'LinkDesigner', user_id: 'u1' },
      { type: 'SetDesignerActive', active: false },
      { type: 'RemoveDesigner' },
    ] as const) {
      given([]).when(command).thenThrows('Designer not found', 'NOT_FOUND');
      given([preAuthorised, DesignerRemoved.create({})])
        .when(command)
        .thenThrows('Designer not found', 'NOT_FOUND');
    }
  });

  it('deactivates and reactivates, each only when it changes something', () => {
    given([preAuthorised])
      .when({ type: 'SetDesignerActive', active: false })
      .then([DesignerDeactivated.create({})]);
    given([preAuthorised]).when({ type: 'SetDesignerActive', active: true }).then([]);
    given([preAuthorised, DesignerDeactivated.create({})])
      .when({ type: 'SetDesignerActive', active: true })
      .then([DesignerReactivated.create({})]);
    given([preAuthorised, DesignerDeactivated.create({})])
      .when({ type: 'SetDesignerActive', active: false })
      .then([]);
  });

  it('removes a designer', () => {
    given([preAuthorised, DesignerLinked.create({ user_id: 'u1' })])
      .when({ type: 'RemoveDesigner' })
      .then([DesignerRemoved.create({})]);
  });

  it('folds into the state the projection lists, and a removal leaves the list', () => {
    const linked = fold(
      designerDecider,
      stored([preAuthorised, DesignerLinked.create({ user_id: 'u1' }), DesignerDeactivated.create({})]),
    );
    expect(linked).toMatchObject({ status: 'inactive', email: 'dee@example.com', user_id: 'u1' });
    const [item] = designersProjection.items(linked, 'designer-dee@example.com');
    expect(item).toMatchObject({
      pk: 'designer#dee@example.com',
      gsi1pk: 'designer-user#u1',
      gsi4pk: 'designers',
      gsi4sk: 'dee@example.com',
    });
    expect(JSON.parse(item!.doc as string)).toMatchObject({ email: 'dee@example.com', active: false, user_id: 'u1' });
    const removed = designerDecider.evolve(linked, { ...stored([DesignerRemoved.create({})])[0]!, version: 4 });
    expect(designersProjection.items(removed, 'designer-dee@example.com')).toEqual([]);
  });

  it('a pre-authorised designer has no user index entry', () => {
    const state = fold(designerDecider, stored([preAuthorised]));
    expect(designersProjection.items(state, 'designer-dee@example.com')[0]).not.toHaveProperty('gsi1pk');
  });

  it('the audit folds designer and revocation streams with the same functions', () => {
    for (const [stream, decider] of [
      ['designer-dee@example.com', designerDecider],
      ['revocation-designers', revocationDecider],
    ] as const) {
      expect(foldFor(stream)?.evolve).toBe(decider.evolve);
      expect(foldFor(stream)?.initialState).toBe(decider.initialState);
    }
  });
});

describe('designer session revocation', () => {
  it('records the instant of every click', () => {
    deciderSpec(revocationDecider)([DesignerSessionsRevoked.create({ not_before: '2026-01-01T00:00:00.000Z' })])
      .when({ type: 'RevokeDesignerSessions' })
      .then([DesignerSessionsRevoked.create({ not_before: '2026-11-22T10:00:00.000Z' })]);
  });

  it('registers every designer event in the catalogue', () => {
    for (const type of [
      'DesignerAuthorized',
      'DesignerLinked',
      'DesignerDeactivated',
      'DesignerReactivated',
      'DesignerRemoved',
      'DesignerSessionsRevoked',
    ]) {
      expect(catalogue.get(type), type).toBeDefined();
    }
  });
});
