import { describe, it } from 'vitest';
import { by, deciderSpec, SPEC_NOW } from '../../../tests/support/given-when-then.js';
import { SYSTEM_ACTOR } from '../../../events/envelope.js';
import { DataExportFailed, DataExportReady, DataExportRequested } from './events.js';
import { ALREADY_PREPARING, exportDecider } from './decider.js';

const given = deciderSpec(exportDecider);
const A = '01JDXTAEXPRT00000000000001';
const B = '01JDXTAEXPRT00000000000002';
const hoursAfter = (hours: number) => new Date(Date.parse(SPEC_NOW) + hours * 3_600_000).toISOString();
const requested = DataExportRequested.create({ export_id: A });
const ready = by(
  SYSTEM_ACTOR,
  DataExportReady.create({
    export_id: A,
    object_key: 'exports/u1/x.zip',
    bytes: 10,
    entries: 3,
    expires_at: hoursAfter(7 * 24),
  }),
);

describe('requesting a copy of one’s data', () => {
  it('is recorded, and prepared in the background', () =>
    given([]).when({ type: 'RequestDataExport', export_id: A }).then([requested]));
  it('the same request twice records it once', () =>
    given([requested]).when({ type: 'RequestDataExport', export_id: A }).then([]));
  it('one at a time: refused while one is preparing (409)', () =>
    given([requested])
      .when({ type: 'RequestDataExport', export_id: B }, { now: hoursAfter(0.5) })
      .thenThrows(ALREADY_PREPARING, 'CONFLICT'));
  it('once a day: refused the day of the last one, even once it is ready (429)', () =>
    given([requested, ready])
      .when({ type: 'RequestDataExport', export_id: B }, { now: hoursAfter(23) })
      .thenThrows(/once a day/, 'LIMIT_REACHED'));
  it('a day later, a new one', () =>
    given([requested, ready])
      .when({ type: 'RequestDataExport', export_id: B }, { now: hoursAfter(25) })
      .then([DataExportRequested.create({ export_id: B })]));
  it('a failed one counts against the day too: a failure is work done', () =>
    given([requested, by(SYSTEM_ACTOR, DataExportFailed.create({ export_id: A, reason: 'Too large' }))])
      .when({ type: 'RequestDataExport', export_id: B }, { now: hoursAfter(2) })
      .thenThrows(/once a day/, 'LIMIT_REACHED'));
});

describe('the archive', () => {
  it('is ready for seven days from when it is made', () =>
    given([requested])
      .when(
        { type: 'CompleteDataExport', export_id: A, object_key: 'exports/u1/x.zip', bytes: 10, entries: 3 },
        { actor: SYSTEM_ACTOR, now: hoursAfter(0) },
      )
      .then([
        DataExportReady.create({
          export_id: A,
          object_key: 'exports/u1/x.zip',
          bytes: 10,
          entries: 3,
          expires_at: hoursAfter(168),
        }),
      ]));
  it('a redelivered request finds it made: nothing more', () =>
    given([requested, ready])
      .when(
        { type: 'CompleteDataExport', export_id: A, object_key: 'exports/u1/y.zip', bytes: 1, entries: 1 },
        { actor: SYSTEM_ACTOR },
      )
      .then([]));
  it('a failure is recorded with its reason, once', () => {
    given([requested])
      .when({ type: 'FailDataExport', export_id: A, reason: 'Too large' }, { actor: SYSTEM_ACTOR })
      .then([DataExportFailed.create({ export_id: A, reason: 'Too large' })]);
    given([requested, ready])
      .when({ type: 'FailDataExport', export_id: A, reason: 'Too large' }, { actor: SYSTEM_ACTOR })
      .then([]);
  });
  it('an unknown export is not found', () =>
    given([])
      .when({ type: 'FailDataExport', export_id: B, reason: 'x' }, { actor: SYSTEM_ACTOR })
      .thenThrows('No such export', 'NOT_FOUND'));
});
