import { describe, expect, it } from 'vitest';
import type { Actor, NewEvent } from '../../../events/envelope.js';
import { by, deciderSpec } from '../../../tests/support/given-when-then.js';
import { DesignerAssigned, FileUploaded, ProjectStatusChanged, ProjectSubmitted } from '../projects/events.js';
import { COMMENT_MAX, ITEMS_PER_ROUND_MAX, ROUND_TEXT_MAX, ROUNDS_MAX } from './contracts.js';
import {
  ADDRESS_EVERY_ITEM,
  ALREADY_APPROVED,
  LETTER_FIRST,
  NOT_A_PERMIT_PROJECT,
  PERMIT_NUMBER_REQUIRED,
  RECORDERS_ONLY,
  RESPONDERS_ONLY,
  RESPONSE_REQUIRED,
  ROUND_STILL_OPEN,
  TOO_MANY_ITEMS,
  TOO_MANY_ROUNDS,
  cityReviewDecider,
  type CityReviewCommand,
  type NewCorrectionItem,
} from './decider.js';
import {
  CityCorrectionsReceived,
  CorrectionAddressed,
  PermitApproved,
  ResponseLetterIssued,
  ResubmittedToCity,
} from './events.js';

const CLIENT: Actor = { sub: 'client-1', role: 'client' };
const MATE: Actor = { sub: 'mate-1', role: 'client' };
const STRANGER: Actor = { sub: 'stranger', role: 'client' };
const DESIGNER: Actor = { sub: 'designer-1', role: 'designer' };
const OTHER_DESIGNER: Actor = { sub: 'designer-2', role: 'designer' };
const ADMIN: Actor = { sub: 'admin-1', role: 'admin' };
const TEAM = 'team-1';

const submittedAs = (project_category: 'Permit' | 'Design') =>
  ProjectSubmitted.create({
    project_id: 'p1',
    user_id: CLIENT.sub,
    team_id: TEAM,
    title: 'ADU permit',
    project_category,
    project_type: 'ADU',
    property_type: 'single_family',
    description: 'A long enough description',
    design_priority: [],
    area_sqft: null,
    existing_plans: false,
    permit_needs: null,
    deliverables: ['Floor Plan'],
    room_selection: [],
    room_notes: null,
    inspiration_links: [],
    project_address: '12 Elm St',
    checklist: [],
    total_estimated_hours: 0,
    estimated_turnaround_days: null,
    checklist_origin: 'manual',
  });
const assigned = DesignerAssigned.create({ designer_id: DESIGNER.sub, designer_email: null, designer_name: 'Dee' });
const plans = FileUploaded.create({
  file_id: 'd1',
  file_name: 'plans.pdf',
  file_type: 'deliverable',
  file_category: 'application/pdf',
  file_size: 10,
  file_url: 'p1/deliverable/d1-plans.pdf',
});
const letterFile = FileUploaded.create({
  file_id: 'L1',
  file_name: 'letter.pdf',
  file_type: 'client_upload',
  file_category: 'application/pdf',
  file_size: 10,
  file_url: 'p1/client/L1-letter.pdf',
});
const delivered: NewEvent[] = [
  submittedAs('Permit'),
  assigned,
  ProjectStatusChanged.create({ from: 'queued', to: 'in_progress' }),
  plans,
  ProjectStatusChanged.create({ from: 'in_progress', to: 'delivered' }),
];

const item = (item_id: string, extra: Partial<NewCorrectionItem> = {}): NewCorrectionItem => ({
  item_id,
  comment: `Comment ${item_id}`,
  sheet: 'A-2',
  ...extra,
});
const record = (
  items: NewCorrectionItem[] = [item('i1'), item('i2')],
  extra: Partial<Extract<CityReviewCommand, { type: 'RecordCorrections' }>> = {},
): CityReviewCommand => ({
  type: 'RecordCorrections',
  items,
  letter_file_id: null,
  source: 'manual',
  caller_team_id: null,
  ...extra,
});
const received = (round = 1, ids = ['i1', 'i2']) =>
  CityCorrectionsReceived.create({
    round,
    letter_file_id: null,
    source: 'manual',
    items: ids.map((id, index) => ({
      item_id: id,
      number: index + 1,
      sheet: 'A-2',
      code_reference: null,
      comment: `Comment ${id}`,
    })),
  });
const address = (
  item_id = 'i1',
  response = 'Revised on A-2',
  round = 1,
  revised_file_id: string | null = null,
): CityReviewCommand => ({ type: 'AddressCorrection', round, item_id, response, revised_file_id });
const addressed = (item_id: string, round = 1) =>
  by(
    DESIGNER,
    CorrectionAddressed.create({ round, item_id, response: 'Done', revised_file_id: null, revised_file_name: null }),
  );
const letter = (round = 1): CityReviewCommand => ({
  type: 'IssueResponseLetter',
  round,
  file_id: `R${round}`,
  file_name: `Response-round-${round}.pdf`,
  file_url: `p1/client/R${round}.pdf`,
  file_size: 900,
});
const issued = (round = 1, count = 2) =>
  by(
    DESIGNER,
    ResponseLetterIssued.create({
      round,
      file_id: `R${round}`,
      file_name: `Response-round-${round}.pdf`,
      item_count: count,
    }),
  );
const resubmit = (round = 1, caller_team_id: string | null = null): CityReviewCommand => ({
  type: 'Resubmit',
  round,
  caller_team_id,
});
const approve = (permit_number = 'BLD-2026-0042', caller_team_id: string | null = null): CityReviewCommand => ({
  type: 'ApprovePermit',
  permit_number,
  caller_team_id,
});
const backToWork = ProjectStatusChanged.create({ from: 'delivered', to: 'in_progress' });
const answeredRound = [...delivered, received(), backToWork, addressed('i1'), addressed('i2')];

const spec = deciderSpec(cityReviewDecider);

describe('city review: recording the corrections', () => {
  it('the client records round 1, and a delivered project goes back to In Progress', () =>
    spec(delivered, CLIENT)
      .when(record())
      .then([
        CityCorrectionsReceived.create({
          round: 1,
          letter_file_id: null,
          source: 'manual',
          items: [
            { item_id: 'i1', number: 1, sheet: 'A-2', code_reference: null, comment: 'Comment i1' },
            { item_id: 'i2', number: 2, sheet: 'A-2', code_reference: null, comment: 'Comment i2' },
          ],
        }),
        ProjectStatusChanged.create({ from: 'delivered', to: 'in_progress' }),
      ]));
  it("a member of the client's team records too", () =>
    spec(delivered, MATE)
      .when(record(undefined, { caller_team_id: TEAM }))
      .then((events) => expect(events[0]!.type).toBe('CityCorrectionsReceived')));
  it("an admin records on the client's behalf", () =>
    spec(delivered, ADMIN)
      .when(record())
      .then((events) => expect(events[0]!.type).toBe('CityCorrectionsReceived')));
  it('the assigned designer does not', () =>
    spec(delivered, DESIGNER).when(record()).thenThrows(RECORDERS_ONLY, 'FORBIDDEN'));
  it('a stranger does not', () =>
    spec(delivered, STRANGER)
      .when(record(undefined, { caller_team_id: 'team-2' }))
      .thenThrows(RECORDERS_ONLY, 'FORBIDDEN'));
  it('a design project has no city review', () =>
    spec([submittedAs('Design')], CLIENT)
      .when(record())
      .thenThrows(NOT_A_PERMIT_PROJECT, 'NOT_FOUND'));
  it('nothing is recorded on a project that does not exist', () =>
    spec([], CLIENT).when(record()).thenThrows('Project not found', 'NOT_FOUND'));
  it("texts are trimmed, empty sheets are none, and the letter's own numbers are kept", () =>
    spec(delivered, CLIENT)
      .when(
        record([
          item('i1', { comment: '  Show the egress window  ', sheet: '  ', number: 7, code_reference: ' CRC R310.1 ' }),
        ]),
      )
      .then((events) =>
        expect(events[0]!.data).toMatchObject({
          items: [
            { item_id: 'i1', number: 7, sheet: null, code_reference: 'CRC R310.1', comment: 'Show the egress window' },
          ],
        }),
      ));
  it('a comment is required', () =>
    spec(delivered, CLIENT)
      .when(record([item('i1', { comment: '   ' })]))
      .thenThrows('Item 1: a comment is required', 'INVALID'));
  it(`a comment has at most ${COMMENT_MAX} characters`, () =>
    spec(delivered, CLIENT)
      .when(record([item('i1', { comment: 'x'.repeat(COMMENT_MAX + 1) })]))
      .thenThrows(/at most 2,000 characters/, 'INVALID'));
  it(`at most ${ITEMS_PER_ROUND_MAX} items a round (a limit, answered 429)`, () =>
    spec(delivered, CLIENT)
      .when(record(Array.from({ length: ITEMS_PER_ROUND_MAX + 1 }, (_, index) => item(`i${index}`))))
      .thenThrows(TOO_MANY_ITEMS, 'LIMIT_REACHED'));
  it(`exactly ${ITEMS_PER_ROUND_MAX} items are accepted`, () =>
    spec(delivered, CLIENT)
      .when(record(Array.from({ length: ITEMS_PER_ROUND_MAX }, (_, index) => item(`i${index}`))))
      .then((events) => expect(events[0]!.data).toMatchObject({ round: 1 })));
  it("a round's texts together stay within one stored commit", () =>
    spec(delivered, CLIENT)
      .when(
        record(
          Array.from({ length: Math.ceil(ROUND_TEXT_MAX / COMMENT_MAX) + 1 }, (_, index) =>
            item(`i${index}`, { comment: 'y'.repeat(COMMENT_MAX) }),
          ),
        ),
      )
      .thenThrows(/hold at most 150,000 characters/, 'INVALID'));
  it('the letter must be a file of the project', () =>
    spec(delivered, CLIENT)
      .when(record(undefined, { letter_file_id: 'nope' }))
      .thenThrows(/correction letter was not found/, 'NOT_FOUND'));
  it('a recorded letter file is named on the round', () =>
    spec([...delivered, letterFile], CLIENT)
      .when(record(undefined, { letter_file_id: 'L1', source: 'local' }))
      .then((events) => expect(events[0]!.data).toMatchObject({ letter_file_id: 'L1', source: 'local' })));
  it('a new round waits for the current one to be resubmitted', () =>
    spec([...delivered, received()], CLIENT)
      .when(record())
      .thenThrows(ROUND_STILL_OPEN, 'CONFLICT'));
  it("after resubmission, the city's next letter opens round 2 (no status change: already in progress)", () =>
    spec([...answeredRound, issued(), ResubmittedToCity.create({ round: 1 })], CLIENT)
      .when(record([item('j1')]))
      .then((events) => {
        expect(events.map((event) => event.type)).toEqual(['CityCorrectionsReceived']);
        expect(events[0]!.data).toMatchObject({ round: 2 });
      }));
  it(`at most ${ROUNDS_MAX} rounds a project (429)`, () => {
    const history: NewEvent[] = [...delivered];
    for (let round = 1; round <= ROUNDS_MAX; round += 1)
      history.push(
        received(round, [`r${round}`]),
        addressed(`r${round}`, round),
        issued(round, 1),
        ResubmittedToCity.create({ round }),
      );
    spec(history, CLIENT).when(record()).thenThrows(TOO_MANY_ROUNDS, 'LIMIT_REACHED');
  });
  it('nothing after the permit is approved', () =>
    spec([...delivered, PermitApproved.create({ permit_number: 'BLD-1', rounds: 0 })], CLIENT)
      .when(record())
      .thenThrows(ALREADY_APPROVED, 'CONFLICT'));
});

describe('city review: answering the items', () => {
  const withRound = [...delivered, received()];
  it('the assigned designer addresses an item', () =>
    spec(withRound, DESIGNER)
      .when(address())
      .then([
        CorrectionAddressed.create({
          round: 1,
          item_id: 'i1',
          response: 'Revised on A-2',
          revised_file_id: null,
          revised_file_name: null,
        }),
      ]));
  it('naming the revised deliverable version', () =>
    spec(withRound, DESIGNER)
      .when(address('i1', 'See plans', 1, 'd1'))
      .then((events) =>
        expect(events[0]!.data).toMatchObject({ revised_file_id: 'd1', revised_file_name: 'plans.pdf' }),
      ));
  it('a client file is not a revised version', () =>
    spec([...withRound, letterFile], DESIGNER)
      .when(address('i1', 'See', 1, 'L1'))
      .thenThrows(/revised version was not found/, 'NOT_FOUND'));
  it('an admin answers too', () =>
    spec(withRound, ADMIN)
      .when(address())
      .then((events) => expect(events).toHaveLength(1)));
  it('another designer does not', () =>
    spec(withRound, OTHER_DESIGNER).when(address()).thenThrows(RESPONDERS_ONLY, 'FORBIDDEN'));
  it('the client does not', () => spec(withRound, CLIENT).when(address()).thenThrows(RESPONDERS_ONLY, 'FORBIDDEN'));
  it('a designer assigned by the e-mail they proved answers', () =>
    spec(
      [
        ...delivered.slice(0, 1),
        DesignerAssigned.create({ designer_id: null, designer_email: 'dee@studio.test', designer_name: null }),
        received(),
      ],
      OTHER_DESIGNER,
    )
      .when(address(), { actorEmail: 'Dee@Studio.test' })
      .then((events) => expect(events).toHaveLength(1)));
  it('a response is required', () =>
    spec(withRound, DESIGNER).when(address('i1', '   ')).thenThrows(RESPONSE_REQUIRED, 'INVALID'));
  it('an unknown item', () =>
    spec(withRound, DESIGNER).when(address('nope')).thenThrows('Correction item not found', 'NOT_FOUND'));
  it('an unknown round', () =>
    spec(withRound, DESIGNER)
      .when(address('i1', 'x', 2))
      .thenThrows('Plan check round 2 not found', 'NOT_FOUND'));
  it('an item is addressed once', () =>
    spec([...withRound, addressed('i1')], DESIGNER)
      .when(address())
      .thenThrows('Item 1 is already addressed', 'CONFLICT'));
  it('a resubmitted round is closed', () =>
    spec([...answeredRound, issued(), ResubmittedToCity.create({ round: 1 })], DESIGNER)
      .when(address())
      .thenThrows(/already resubmitted/, 'CONFLICT'));
});

describe('city review: the response letter', () => {
  it("once every item is addressed, the letter is a file of the project and the round's letter", () =>
    spec(answeredRound, DESIGNER)
      .when(letter())
      .then([
        FileUploaded.create({
          file_id: 'R1',
          file_name: 'Response-round-1.pdf',
          file_type: 'client_upload',
          file_category: 'application/pdf',
          file_size: 900,
          file_url: 'p1/client/R1.pdf',
        }),
        ResponseLetterIssued.create({ round: 1, file_id: 'R1', file_name: 'Response-round-1.pdf', item_count: 2 }),
      ]));
  it('not while an item is open', () =>
    spec([...delivered, received(), addressed('i1')], DESIGNER)
      .when(letter())
      .thenThrows(`${ADDRESS_EVERY_ITEM} (1 open)`, 'CONFLICT'));
  it('by the studio only', () => spec(answeredRound, CLIENT).when(letter()).thenThrows(RESPONDERS_ONLY, 'FORBIDDEN'));
  it('once a round', () =>
    spec([...answeredRound, issued()], DESIGNER)
      .when(letter())
      .thenThrows(/already ready/, 'CONFLICT'));
});

describe('city review: resubmission and the permit', () => {
  it('the client marks the round resubmitted once its letter is ready', () =>
    spec([...answeredRound, issued()], CLIENT)
      .when(resubmit())
      .then([ResubmittedToCity.create({ round: 1 })]));
  it('not before the letter', () => spec(answeredRound, CLIENT).when(resubmit()).thenThrows(LETTER_FIRST, 'CONFLICT'));
  it('a resubmission not by the designer', () =>
    spec([...answeredRound, issued()], DESIGNER)
      .when(resubmit())
      .thenThrows(RECORDERS_ONLY, 'FORBIDDEN'));
  it('not twice', () =>
    spec([...answeredRound, issued(), ResubmittedToCity.create({ round: 1 })], CLIENT)
      .when(resubmit())
      .thenThrows(/already resubmitted/, 'CONFLICT'));
  it('the client records the approval with the permit number', () =>
    spec([...answeredRound, issued(), ResubmittedToCity.create({ round: 1 })], CLIENT)
      .when(approve(' BLD-2026-0042 '))
      .then([PermitApproved.create({ permit_number: 'BLD-2026-0042', rounds: 1 })]));
  it('a permit approved with no corrections at all', () =>
    spec(delivered, MATE)
      .when(approve('BLD-7', TEAM))
      .then([PermitApproved.create({ permit_number: 'BLD-7', rounds: 0 })]));
  it('the permit number is required', () =>
    spec(delivered, CLIENT).when(approve('  ')).thenThrows(PERMIT_NUMBER_REQUIRED, 'INVALID'));
  it('not while a round is with the studio', () =>
    spec([...delivered, received()], CLIENT)
      .when(approve())
      .thenThrows(/resubmitted to the city first/, 'CONFLICT'));
  it('an approval not by the designer', () =>
    spec(delivered, DESIGNER).when(approve()).thenThrows(RECORDERS_ONLY, 'FORBIDDEN'));
  it('once', () =>
    spec([...delivered, PermitApproved.create({ permit_number: 'BLD-1', rounds: 0 })], CLIENT)
      .when(approve())
      .thenThrows(ALREADY_APPROVED, 'CONFLICT'));
});
