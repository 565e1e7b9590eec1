import { describe, expect, it } from 'vitest';
import type { Actor, EventEnvelope } from '../../../events/envelope.js';
import { projectDecider, type ProjectState } from '../projects/decider.js';
import { noticesFor, type Notice } from './audience.js';

/** Who hears about the client's review (issue 37): given a project, when a review event, then these recipients. */
const CLIENT = 'client-1';
const MATE = 'teammate-1';
const DESIGNER = 'designer-1';
const ADMIN = 'admin-1';
const as = (sub: string, role: Actor['role']): Actor => ({ sub, role });

const envelope = (type: string, data: Record<string, unknown>, actor: Actor, version: number): EventEnvelope => ({
  streamId: 'project-P1',
  version,
  type,
  schemaVersion: 1,
  eventId: `01JD${String(version).padStart(22, '0')}`,
  at: '2026-11-24T10:00:00.000Z',
  actor,
  correlationId: 'c',
  causationId: null,
  data,
  prevHash: '',
  hash: '',
});
const file = (file_id: string, extra: Record<string, unknown> = {}) => ({
  file_id,
  file_name: `${file_id}.pdf`,
  file_type: 'deliverable',
  file_category: 'application/pdf',
  file_size: 1,
  file_url: `P1/deliverable/${file_id}.pdf`,
  ...extra,
});

/** The project after `history`, then who hears `last`. */
function told(
  history: [string, Record<string, unknown>, Actor][],
  last: [string, Record<string, unknown>, Actor],
): Notice[] {
  let state: ProjectState = {
    ...projectDecider.initialState(),
    exists: true,
    id: 'P1',
    user_id: CLIENT,
    team_id: 'T1',
    title: 'Kitchen',
    status: 'delivered',
    assigned_designer_id: DESIGNER,
  };
  history.forEach(([type, data, actor], i) => {
    state = projectDecider.evolve(state, envelope(type, data, actor, i + 2));
  });
  const event = envelope(last[0], last[1], last[2], history.length + 2);
  return noticesFor(event, {
    before: state,
    after: projectDecider.evolve(state, event),
    teamMembers: [CLIENT, MATE],
    admins: [ADMIN],
    accountOfEmail: () => null,
  });
}
const lines = (notices: Notice[]) => notices.map((n) => [n.recipient.sub, n.kind, n.message]).sort();

const delivered: [string, Record<string, unknown>, Actor] = ['FileUploaded', file('d1'), as(DESIGNER, 'designer')];
const requested: [string, Record<string, unknown>, Actor] = [
  'ChangesRequested',
  { deliverable_id: 'd1', version: 1, round: 1, note_count: 2, summary: null },
  as(CLIENT, 'client'),
];
const v2: [string, Record<string, unknown>, Actor] = [
  'FileUploaded',
  file('d1v2', { version_of: 'd1', version: 2 }),
  as(DESIGNER, 'designer'),
];

describe('review notifications', () => {
  it('a change request tells the assigned designer and the admins', () =>
    expect(lines(told([delivered], requested))).toEqual([
      [ADMIN, 'status', 'Changes requested on Kitchen (2 notes)'],
      [DESIGNER, 'status', 'Changes requested on Kitchen (2 notes)'],
    ]));
  it("the designer's notice carries the client's summary, on one line and shortened; the admins' does not", () => {
    const summary = `Please move the kitchen\n\nto the street side. ${'More light. '.repeat(40)}`;
    const notices = lines(told([delivered], ['ChangesRequested', { ...requested[1], summary }, requested[2]]));
    expect(notices[0]).toEqual([ADMIN, 'status', 'Changes requested on Kitchen (2 notes)']);
    expect(notices[1]![2]).toMatch(
      /^Changes requested on Kitchen \(2 notes\): "Please move the kitchen to the street side\. More light\. .*…"$/,
    );
    expect(String(notices[1]![2]).length).toBeLessThan(360);
  });
  it("a new version after a change request tells the client's side it is ready for review", () =>
    expect(lines(told([delivered, requested], v2))).toEqual([
      [CLIENT, 'deliverable', 'd1v2.pdf (v2) is ready for review on Kitchen'],
      [MATE, 'deliverable', 'd1v2.pdf (v2) is ready for review on Kitchen'],
    ]));
  it('a new version without one is only news', () =>
    expect(lines(told([delivered], v2)).map(([, , message]) => message)).toEqual([
      'A new version was uploaded to Kitchen: d1v2.pdf (v2)',
      'A new version was uploaded to Kitchen: d1v2.pdf (v2)',
    ]));
  it('an approval tells the designer, not the client who gave it', () =>
    expect(
      lines(
        told(
          [delivered, requested, v2],
          ['DeliverableApproved', { deliverable_id: 'd1', version: 2 }, as(CLIENT, 'client')],
        ),
      ),
    ).toEqual([[DESIGNER, 'deliverable', 'The client approved d1v2.pdf (v2) on Kitchen']]));
  it('pins and resolutions tell nobody', () => {
    expect(
      told(
        [delivered],
        [
          'ReviewNotePinned',
          { note_id: 'n1', deliverable_id: 'd1', version: 1, page: 1, x: 0, y: 0, text: 'x' },
          as(CLIENT, 'client'),
        ],
      ),
    ).toEqual([]);
    expect(told([delivered], ['ReviewNoteResolved', { note_id: 'n1' }, as(DESIGNER, 'designer')])).toEqual([]);
  });
});
