import { describe, expect, it } from 'vitest';
import type { Actor, EventEnvelope, NewEvent } from '../../../events/envelope.js';
import { DesignerAssigned, FileUploaded, ProjectStatusChanged, ProjectSubmitted } from '../projects/events.js';
import { projectsProjection } from '../projects/projection.js';
import { projectIndexItems } from '../projects/project-index.js';
import { activityEntryFor as activityOf } from '../activity/texts.js';
import {
  CityCorrectionsReceived,
  CorrectionAddressed,
  PermitApproved,
  ResponseLetterIssued,
  ResubmittedToCity,
} from './events.js';
import { answerKey, cityReviewKey, correctionItemKey } from './keys.js';
import { cityReviewProjection, type CityReviewDocument } from './projection.js';
import { evolveCityReviewSummary } from './state.js';

const CLIENT: Actor = { sub: 'client-1', role: 'client' };
const DESIGNER: Actor = { sub: 'designer-1', role: 'designer' };

const submitted = (project_category: 'Permit' | 'Design') =>
  ProjectSubmitted.create({
    project_id: 'p1',
    user_id: CLIENT.sub,
    team_id: null,
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
const items = [
  {
    item_id: 'i1',
    number: 1,
    sheet: 'A-2',
    code_reference: 'CRC R310.1',
    comment: 'Show the egress window <b>size</b>',
  },
  { item_id: 'i2', number: 2, sheet: null, code_reference: null, comment: 'Add the smoke alarm locations' },
];
const answer = (item_id: string, round = 1) =>
  CorrectionAddressed.create({
    round,
    item_id,
    response: `Done ${item_id}`,
    revised_file_id: null,
    revised_file_name: null,
  });

/** The whole loop, each event with the actor who would cause it. */
const loop = (category: 'Permit' | 'Design' = 'Permit'): [NewEvent, Actor][] => [
  [submitted(category), CLIENT],
  [DesignerAssigned.create({ designer_id: DESIGNER.sub, designer_email: null }), CLIENT],
  [
    FileUploaded.create({
      file_id: 'd1',
      file_name: 'plans.pdf',
      file_type: 'deliverable',
      file_category: 'application/pdf',
      file_size: 10,
      file_url: 'p1/deliverable/d1.pdf',
    }),
    DESIGNER,
  ],
  [ProjectStatusChanged.create({ from: 'queued', to: 'delivered' }), DESIGNER],
  [CityCorrectionsReceived.create({ round: 1, letter_file_id: null, source: 'manual', items }), CLIENT],
  [ProjectStatusChanged.create({ from: 'delivered', to: 'in_progress' }), CLIENT],
  [answer('i1'), DESIGNER],
  [answer('i2'), DESIGNER],
  [
    FileUploaded.create({
      file_id: 'R1',
      file_name: 'Response-round-1.pdf',
      file_type: 'client_upload',
      file_category: 'application/pdf',
      file_size: 900,
      file_url: 'p1/client/R1.pdf',
    }),
    DESIGNER,
  ],
  [
    ResponseLetterIssued.create({ round: 1, file_id: 'R1', file_name: 'Response-round-1.pdf', item_count: 2 }),
    DESIGNER,
  ],
  [ResubmittedToCity.create({ round: 1 }), CLIENT],
  [PermitApproved.create({ permit_number: 'BLD-2026-0042', rounds: 1 }), CLIENT],
];
const envelopesOf = (events: [NewEvent, Actor][]): EventEnvelope[] =>
  events.map(
    ([event, actor], i) =>
      ({
        ...event,
        streamId: 'project-p1',
        version: i + 1,
        schemaVersion: 1,
        eventId: `E${String(i + 1).padStart(25, '0')}`,
        at: `2026-11-22T10:00:${String(i).padStart(2, '0')}.000Z`,
        actor,
        correlationId: 'c',
        causationId: null,
        prevHash: '',
        hash: '',
      }) as EventEnvelope,
  );
const envelopes = envelopesOf(loop());

function project<S>(
  projection: { initialState(): S; evolve(state: S, event: EventEnvelope): S },
  events: EventEnvelope[],
  twice: boolean,
): S {
  let state = projection.initialState();
  for (const event of events) {
    state = projection.evolve(state, event);
    if (twice) state = projection.evolve(state, event);
  }
  return state;
}

const eventItemsOf = (events: EventEnvelope[], twice: boolean) => {
  let state = cityReviewProjection.initialState();
  const written = new Map<string, unknown>();
  for (const event of events) {
    for (let i = 0; i < (twice ? 2 : 1); i += 1) {
      const after = cityReviewProjection.evolve(state, event);
      // putOnce: an item written stays as first written.
      for (const item of cityReviewProjection.eventItems!(event, state, after))
        if (!written.has(item.sk)) written.set(item.sk, item);
      state = after;
    }
  }
  return written;
};

describe('the city review view', () => {
  it('is the same when every event is applied twice (document, items, answers)', () => {
    const once = project(cityReviewProjection, envelopes, false);
    const twice = project(cityReviewProjection, envelopes, true);
    expect(twice).toEqual(once);
    expect(cityReviewProjection.items(twice, 'project-p1')).toEqual(cityReviewProjection.items(once, 'project-p1'));
    expect([...eventItemsOf(envelopes, true)]).toEqual([...eventItemsOf(envelopes, false)]);
  });

  it('keeps the texts out of the document and the checkpoint, each in an item of its own', () => {
    const state = project(cityReviewProjection, envelopes, false);
    expect(JSON.stringify(state)).not.toContain('egress');
    const [doc] = cityReviewProjection.items(state, 'project-p1');
    expect(doc).toMatchObject(cityReviewKey('p1'));
    const document = JSON.parse(doc!.doc as string) as CityReviewDocument;
    expect(document).toMatchObject({ stage: 'approved', permit_number: 'BLD-2026-0042' });
    expect(document.rounds).toEqual([
      {
        round: 1,
        received_at: '2026-11-22T10:00:04.000Z',
        item_count: 2,
        open_items: 0,
        letter_file_id: null,
        response_letter: { file_id: 'R1', file_name: 'Response-round-1.pdf', at: '2026-11-22T10:00:09.000Z' },
        resubmitted_at: '2026-11-22T10:00:10.000Z',
      },
    ]);
    const written = eventItemsOf(envelopes, false);
    expect(written.get(correctionItemKey('p1', 1, 0, 'i1').sk)).toMatchObject({ item: JSON.stringify(items[0]) });
    expect(JSON.parse((written.get(answerKey('p1', 1, 'i2').sk) as { answer: string }).answer)).toMatchObject({
      response: 'Done i2',
    });
    // One bounded item per correction and per answer: nothing grows with the project.
    expect(written.size).toBe(4);
  });

  it('a design project has no city review view', () => {
    const design = envelopesOf(loop('Design').slice(0, 4));
    expect(cityReviewProjection.items(project(cityReviewProjection, design, false), 'project-p1')).toEqual([]);
  });

  it("the badge rides on the project's card, applied twice without change", () => {
    const summaryAfter = (count: number, twice = false) =>
      project(projectsProjection, envelopes.slice(0, count), twice).city_review;
    expect(summaryAfter(4)).toBeUndefined();
    expect(summaryAfter(6, true)).toEqual({
      stage: 'corrections',
      round: 1,
      open_items: 2,
      permit_number: null,
      open_ids: ['i1', 'i2'],
    });
    expect(summaryAfter(7, true)).toEqual({
      stage: 'corrections',
      round: 1,
      open_items: 1,
      permit_number: null,
      open_ids: ['i2'],
    });
    expect(summaryAfter(11, true)).toMatchObject({ stage: 'resubmitted', open_items: 0 });
    const final = project(projectsProjection, envelopes, true);
    expect(final.city_review).toEqual({
      stage: 'approved',
      round: 1,
      open_items: 0,
      permit_number: 'BLD-2026-0042',
      open_ids: [],
    });
    const card = JSON.parse(projectIndexItems(final).find((item) => item.card)!.card as string);
    expect(card.city_review.stage).toBe('approved');
    expect(final.status).toBe('in_progress');
    expect(final.files.map((file) => file.file_name)).toContain('Response-round-1.pdf');
  });

  it("an answer to an item of an older round does not change the latest round's count", () => {
    const summary = evolveCityReviewSummary(undefined, envelopes[4]!);
    expect(evolveCityReviewSummary(summary, { ...envelopes[6]!, data: { ...envelopes[6]!.data, round: 2 } })).toEqual(
      summary,
    );
  });

  it("the activity feed's texts", () => {
    const projectState = (count: number) => project(projectsProjection, envelopes.slice(0, count), false);
    const text = (index: number) => activityOf(envelopes[index]!, projectState(index), projectState(index + 1))?.action;
    expect(text(4)).toBe('City corrections received (2 items)');
    expect(text(9)).toBe('Response letter ready (round 1)');
    expect(text(10)).toBe('Resubmitted to City');
    expect(text(11)).toBe('Permit approved by city (permit BLD-2026-0042)');
  });
});
