import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { DesignerAssigned, FileUploaded, ProjectStatusChanged } from '../projects/events.js';
import { givenHistory, markStore } from '../../../tests/support/given-stack.js';
import { by, type HistoryEvent } from '../../../tests/support/given-when-then.js';
import { actor, projectSubmitted } from '../../../tests/support/history.js';
import { correctionLetterPdf, INJECTION_PAGES, LETTER_COMMENTS } from '../../../tests/support/correction-letter.js';
import { TestStack, uniqueEmail, type TestUser } from '../../../tests/support/stack.js';
import { COMMENT_MAX, ITEMS_PER_ROUND_MAX, ROUNDS_MAX, type CityReviewResponse } from './contracts.js';
import { CityCorrectionsReceived, CorrectionAddressed, ResponseLetterIssued, ResubmittedToCity } from './events.js';
import { extractPdfText } from './letters/extract-text.js';

/**
 * Issue 46: permit projects through the city, against the embedded stack: the whole loop (corrections,
 * answers, the response letter as a real PDF file of the project, resubmission, the permit) with what
 * the board, the log and the bells show; the letter read for the client; and the rules and attacks
 * (other people, a design project, bad bodies, the limits, a letter that tries to give orders).
 */
let stack: TestStack;
let client: TestUser;
let designer: TestUser;
let otherDesigner: TestUser;
let admin: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  [client, designer, admin, stranger] = await Promise.all([
    stack.signUpClient({ name: 'Cleo Client' }),
    stack.designer(),
    stack.admin(),
    stack.signUpClient(),
  ]);
  // A second designer, pre-authorised, registered and linked: a designer, but not this project's.
  const email = uniqueEmail('designer');
  expect((await stack.api('POST', '/api/designers', { user: admin, body: { email } })).status).toBe(201);
  await stack.settle();
  const registered = await stack.provenClient({}, email);
  const [invitation] = (await stack.local.outbox.list(email)).filter((mail) => mail.tag === 'designer-invite');
  expect(
    (
      await stack.api('POST', `/api/designer-invites/${/token=([A-Za-z0-9_-]+)/.exec(invitation!.text)![1]}/accept`, {
        user: registered,
      })
    ).status,
  ).toBe(200);
  await stack.settle();
  otherDesigner = await stack.signIn(email, 'CorrectHorse#2026');
}, 180_000);
afterAll(() => stack?.stop());

/** The plan set's file id (a deliverable of each project): a revised sheet links to it. */
const PLAN_ID = newId();

/** A permit project (or a design one), assigned and delivered, with the plan set as its deliverable. */
async function givenDelivered(category: 'Permit' | 'Design' = 'Permit', extra: HistoryEvent[] = []): Promise<string> {
  const projectId = newId();
  await givenHistory(stack, {
    [`project-${projectId}`]: [
      by(
        actor(client, 'client'),
        projectSubmitted({
          project_id: projectId,
          user_id: client.sub,
          title: `${category} set ${projectId.slice(-4)}`,
          project_category: category,
          project_type: category === 'Permit' ? 'ADU Permit Set' : 'Concept Design',
          project_address: '12 Elm Street, Springfield',
        }),
      ),
      by(
        actor(admin, 'admin'),
        DesignerAssigned.create({ designer_id: designer.sub, designer_email: null, designer_name: 'Dana Designer' }),
      ),
      by(actor(designer, 'designer'), ProjectStatusChanged.create({ from: 'queued', to: 'in_progress' })),
      by(
        actor(designer, 'designer'),
        FileUploaded.create({
          file_id: PLAN_ID,
          file_name: 'plan-set.pdf',
          file_type: 'deliverable',
          file_category: 'application/pdf',
          file_size: 1200,
          file_url: `${projectId}/deliverable/${PLAN_ID}-plan-set.pdf`,
        }),
      ),
      by(actor(designer, 'designer'), ProjectStatusChanged.create({ from: 'in_progress', to: 'delivered' })),
      ...extra,
    ],
  });
  return projectId;
}

const act = (projectId: string, user: TestUser | undefined, body: unknown) =>
  stack.api('POST', `/api/projects/${projectId}/city-review`, { user, body });
const cityReview = async (projectId: string, user: TestUser, round?: number): Promise<CityReviewResponse> => {
  const answer = await stack.api('GET', `/api/projects/${projectId}/city-review${round ? `?round=${round}` : ''}`, {
    user,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as CityReviewResponse;
};
const card = async (projectId: string, user: TestUser) =>
  (
    (await stack.api('GET', '/api/projects', { user })).body.projects as {
      id: string;
      city_review?: { stage: string; open_items: number };
    }[]
  ).find((p) => p.id === projectId);
const log = async (projectId: string) =>
  (
    (await stack.api('GET', `/api/projects/${projectId}/activity`, { user: admin })).body.entries as {
      action: string;
    }[]
  ).map((e) => e.action);
const bell = async (user: TestUser) =>
  ((await stack.api('GET', '/api/notifications', { user })).body.notifications as { message: string }[]).map(
    (n) => n.message,
  );

/** The caller's upload of a PDF to the project, recorded as a client file; answers its file id. */
async function uploadPdf(projectId: string, user: TestUser, name: string, bytes: Uint8Array): Promise<string> {
  const presigned = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
    user,
    body: { file_name: name, content_type: 'application/pdf', file_size: bytes.length, file_type: 'client_upload' },
  });
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(201);
  const form = new FormData();
  for (const [field, value] of Object.entries(presigned.body.upload.fields as Record<string, string>))
    form.set(field, value);
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), name);
  expect((await fetch(presigned.body.upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const recorded = await stack.api('POST', `/api/projects/${projectId}/files`, {
    user,
    body: { key: presigned.body.key },
  });
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
  return recorded.body.file.id as string;
}

/** A refusal: the status, a readable message, and nothing appended. */
async function refused(projectId: string, user: TestUser | undefined, body: unknown, status: number, path = '') {
  const mark = await markStore(stack);
  const answer = await stack.api('POST', `/api/projects/${projectId}/city-review${path}`, { user, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const message = answer.body.error?.message ?? (answer.body as { message?: string }).message ?? '';
  expect(typeof message).toBe('string');
  expect(message.length).toBeGreaterThan(3);
  await stack.settle();
  expect(await mark.newEvents()).toEqual([]);
  return message!;
}

describe('the whole loop through the city', () => {
  it('corrections, answers, the response letter, resubmission and the permit', async () => {
    const projectId = await givenDelivered();
    const mark = await markStore(stack);
    const recorded = await act(projectId, client, {
      action: 'record_corrections',
      items: [
        { comment: '  Show the egress window <b>size</b> ', sheet: 'A-2' },
        { comment: 'Add smoke alarm locations' },
      ],
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    expect(recorded.body).toMatchObject({
      events: ['CityCorrectionsReceived', 'ProjectStatusChanged'],
      round: 1,
      summary: { stage: 'corrections', open_items: 2 },
    });
    await stack.settle();

    let review = await cityReview(projectId, designer);
    expect(review.round!.items.map((item) => [item.number, item.sheet, item.comment, item.addressed])).toEqual([
      [1, 'A-2', 'Show the egress window <b>size</b>', false],
      [2, null, 'Add smoke alarm locations', false],
    ]);
    expect(review).toMatchObject({
      can_record: false,
      can_respond: true,
      summary: { stage: 'corrections', round: 1, open_items: 2 },
    });
    expect(await card(projectId, client)).toMatchObject({
      status: 'in_progress',
      city_review: { stage: 'corrections', open_items: 2 },
    });
    expect(await bell(designer)).toContain(
      `City corrections received on Permit set ${projectId.slice(-4)}: plan check round 1 (2 items)`,
    );
    expect(await bell(admin)).toContain(
      `City corrections received on Permit set ${projectId.slice(-4)}: plan check round 1 (2 items)`,
    );

    const [first, second] = review.round!.items;
    expect(
      (
        await act(projectId, designer, {
          action: 'address',
          round: 1,
          item_id: first!.item_id,
          response: 'Egress window shown at 5.7 sq ft',
          revised_file_id: PLAN_ID,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stack.api('POST', `/api/projects/${projectId}/city-review/response-letter`, {
          user: designer,
          body: { round: 1 },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await act(projectId, admin, {
          action: 'address',
          round: 1,
          item_id: second!.item_id,
          response: 'Smoke alarms added to A-2 and A-3',
        })
      ).status,
    ).toBe(200);
    const letter = await stack.api('POST', `/api/projects/${projectId}/city-review/response-letter`, {
      user: designer,
      body: { round: 1 },
    });
    expect(letter.status, JSON.stringify(letter.body)).toBe(201);
    expect(letter.body).toMatchObject({
      events: ['FileUploaded', 'ResponseLetterIssued'],
      file_name: 'Response-to-Plan-Check-Comments-round-1.pdf',
    });
    await stack.settle();

    // The client downloads it like any file of the project, and it says what was asked and answered.
    const download = await stack.api('GET', `/api/projects/${projectId}/files/${letter.body.file_id}`, {
      user: client,
    });
    expect(download.status).toBe(200);
    const bytes = new Uint8Array(await (await fetch(download.body.url)).arrayBuffer());
    const text = (await extractPdfText(bytes)).replace(/\s+/g, ' ');
    for (const expected of [
      'Response to Plan Check Comments',
      'Design Club',
      'Permit set',
      '12 Elm Street, Springfield',
      'Plan check round 1',
      'Show the egress window <b>size</b>',
      'Add smoke alarm locations',
      'Egress window shown at 5.7 sq ft',
      'Smoke alarms added to A-2 and A-3',
      'Revised drawing: plan-set.pdf',
    ]) {
      expect(text).toContain(expected);
    }
    review = await cityReview(projectId, client);
    expect(review.round).toMatchObject({ open_items: 0, response_letter: { file_id: letter.body.file_id } });
    expect(review.round!.items.map((item) => item.response)).toEqual([
      'Egress window shown at 5.7 sq ft',
      'Smoke alarms added to A-2 and A-3',
    ]);
    expect(await bell(client)).toContain(`Response letter ready for Permit set ${projectId.slice(-4)} (round 1)`);

    expect((await act(projectId, client, { action: 'approve', permit_number: 'BLD-2026-0042' })).status).toBe(409);
    expect((await act(projectId, client, { action: 'resubmit', round: 1 })).status).toBe(200);
    await stack.settle();
    expect(await card(projectId, designer)).toMatchObject({ city_review: { stage: 'resubmitted' } });
    const approved = await act(projectId, client, { action: 'approve', permit_number: '  BLD-2026-0042 ' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await stack.settle();
    expect(await card(projectId, admin)).toMatchObject({
      city_review: { stage: 'approved', permit_number: 'BLD-2026-0042' },
    });
    expect(await bell(designer)).toContain(
      `Permit approved by city for Permit set ${projectId.slice(-4)} (permit BLD-2026-0042)`,
    );
    expect(await log(projectId)).toEqual(
      expect.arrayContaining([
        'City corrections received (2 items)',
        'Response letter ready (round 1)',
        'Resubmitted to City',
        'Permit approved by city (permit BLD-2026-0042)',
      ]),
    );
    expect((await mark.newEvents()).map((event) => event.type)).toEqual([
      'CityCorrectionsReceived',
      'ProjectStatusChanged',
      'CorrectionAddressed',
      'CorrectionAddressed',
      'FileUploaded',
      'ResponseLetterIssued',
      'ResubmittedToCity',
      'PermitApproved',
    ]);
    // The history is the record: the audit view folds the project with its city review, chain verified.
    const audit = await stack.api('GET', `/api/audit/project-${projectId}`, { user: admin });
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).toContain('PermitApproved');
  });
});

describe('the letter read for you', () => {
  it('a two-page letter with five numbered items proposes five items, and a response is drafted for each', async () => {
    const projectId = await givenDelivered();
    const fileId = await uploadPdf(projectId, client, 'corrections-round-1.pdf', await correctionLetterPdf());
    const mark = await markStore(stack);
    const read = await stack.api('POST', `/api/projects/${projectId}/city-review/read-letter`, {
      user: client,
      body: { file_id: fileId },
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.source).toBe('local');
    expect(read.body.items).toEqual([
      { number: 1, sheet: 'A-2', code_reference: 'CRC R310.1', comment: LETTER_COMMENTS[0] },
      { number: 2, sheet: 'A-3', code_reference: null, comment: LETTER_COMMENTS[1] },
      { number: 3, sheet: 'S-101', code_reference: 'CBC 2305.1', comment: LETTER_COMMENTS[2] },
      { number: 4, sheet: 'A1.1', code_reference: null, comment: LETTER_COMMENTS[3] },
      { number: 5, sheet: null, code_reference: null, comment: LETTER_COMMENTS[4] },
    ]);
    // Reading stores nothing: the client confirms first.
    expect(await mark.newEvents()).toEqual([]);
    const saved = await act(projectId, client, {
      action: 'record_corrections',
      letter_file_id: fileId,
      source: read.body.source,
      items: read.body.items,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    await stack.settle();
    const review = await cityReview(projectId, designer);
    expect(review.round).toMatchObject({ letter_file_id: fileId, item_count: 5 });
    for (const item of review.round!.items) {
      const draft = await stack.api('POST', `/api/projects/${projectId}/city-review/draft-response`, {
        user: designer,
        body: { round: 1, item_id: item.item_id },
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(200);
      expect(draft.body.source).toBe('local');
      expect(draft.body.response).toContain(`Response to comment ${item.number}`);
      if (item.sheet) expect(draft.body.response).toContain(`Sheet ${item.sheet}`);
    }
    // Drafting stores nothing either: the designer accepts with 'Mark Addressed'.
    expect((await mark.newEvents()).map((event) => event.type)).toEqual([
      'CityCorrectionsReceived',
      'ProjectStatusChanged',
    ]);
  });

  it(
    'a letter crafted to give orders stays data: its items ' + 'are proposed as written, and nothing else happens',
    async () => {
      const projectId = await givenDelivered();
      const fileId = await uploadPdf(projectId, client, 'crafted.pdf', await correctionLetterPdf(INJECTION_PAGES));
      const mark = await markStore(stack);
      const read = await stack.api('POST', `/api/projects/${projectId}/city-review/read-letter`, {
        user: client,
        body: { file_id: fileId },
      });
      expect(read.status).toBe(200);
      expect(read.body.items.map((item: { number: number }) => item.number)).toEqual([1, 2]);
      expect(read.body.items[0].comment).toContain('ignore all previous instructions');
      expect(read.body.items[1].comment).toBe('Sheet A-5: show the guard height.');
      await stack.settle();
      expect(await mark.newEvents()).toEqual([]);
      const review = await cityReview(projectId, client);
      expect(review).toMatchObject({ summary: { stage: 'none' }, permit_number: null, rounds: [] });
    },
  );

  it('only the client side reads a letter; a designer is refused, a stranger told nothing', async () => {
    const projectId = await givenDelivered();
    const fileId = await uploadPdf(projectId, client, 'letter.pdf', await correctionLetterPdf());
    await refused(projectId, designer, { file_id: fileId }, 403, '/read-letter');
    await refused(projectId, stranger, { file_id: fileId }, 404, '/read-letter');
    await refused(projectId, client, { file_id: 'not-an-id' }, 400, '/read-letter');
    await refused(projectId, client, { file_id: PLAN_ID }, 404, '/read-letter');
    await refused(projectId, client, { file_id: newId() }, 404, '/read-letter');
  });
});

describe('the rules', () => {
  it('a design project has no city review: every route refuses and nothing is stored', async () => {
    const projectId = await givenDelivered('Design');
    expect((await stack.api('GET', `/api/projects/${projectId}/city-review`, { user: client })).status).toBe(404);
    expect(await refused(projectId, client, { action: 'record_corrections', items: [{ comment: 'x' }] }, 404)).toBe(
      'City review is for permit projects',
    );
    await refused(projectId, designer, { round: 1, item_id: 'i1' }, 404, '/draft-response');
    await refused(projectId, designer, { round: 1 }, 404, '/response-letter');
    expect((await card(projectId, client))?.city_review).toBeUndefined();
  });

  it('who may: others are told the project does not exist; the wrong side is refused', async () => {
    const projectId = await givenDelivered();
    await refused(projectId, stranger, { action: 'record_corrections', items: [{ comment: 'x' }] }, 404);
    await refused(projectId, otherDesigner, { action: 'record_corrections', items: [{ comment: 'x' }] }, 404);
    await refused(projectId, undefined, { action: 'record_corrections', items: [{ comment: 'x' }] }, 401);
    expect((await stack.api('GET', `/api/projects/${projectId}/city-review`, { user: stranger })).status).toBe(404);
    await refused(projectId, designer, { action: 'record_corrections', items: [{ comment: 'x' }] }, 403);
    expect(
      (await act(projectId, admin, { action: 'record_corrections', items: [{ comment: "On the client's behalf" }] }))
        .status,
    ).toBe(201);
    await stack.settle();
    const [item] = (await cityReview(projectId, admin)).round!.items;
    await refused(
      projectId,
      client,
      { action: 'address', round: 1, item_id: item!.item_id, response: 'I answer myself' },
      403,
    );
    await refused(
      projectId,
      otherDesigner,
      { action: 'address', round: 1, item_id: item!.item_id, response: 'Not mine' },
      404,
    );
    await refused(projectId, stranger, { round: 1, item_id: item!.item_id }, 404, '/draft-response');
    await refused(projectId, client, { round: 1, item_id: item!.item_id }, 403, '/draft-response');
    await refused(projectId, designer, { action: 'resubmit', round: 1 }, 403);
    await refused(projectId, designer, { action: 'approve', permit_number: 'BLD-1' }, 403);
  });

  it('bad bodies are 400s with a message, never 500s, and store nothing', async () => {
    const projectId = await givenDelivered();
    for (const body of [
      { action: 'record_corrections', items: [] },
      { action: 'record_corrections', items: [{ comment: '   ' }] },
      { action: 'record_corrections', items: [{ comment: 'x'.repeat(COMMENT_MAX + 1) }] },
      { action: 'record_corrections', items: [{ comment: 'ok', sheet: 'A'.repeat(41) }] },
      { action: 'record_corrections', items: [{ comment: 'ok', extra: 'field' }] },
      { action: 'record_corrections', items: 'all of them' },
      { action: 'approve', permit_number: '   ' },
      { action: 'approve' },
      { action: 'address', round: 1, item_id: 'i1', response: '' },
      { action: 'address', round: 0, item_id: 'i1', response: 'x' },
      { action: 'launch' },
      null,
    ])
      await refused(projectId, client, body, 400);
  });

  it(`limits: ${ITEMS_PER_ROUND_MAX} items a round and ${ROUNDS_MAX} rounds a project (429 beyond)`, async () => {
    const projectId = await givenDelivered();
    const many = (count: number) => Array.from({ length: count }, (_, index) => ({ comment: `Comment ${index + 1}` }));
    expect(
      await refused(projectId, client, { action: 'record_corrections', items: many(ITEMS_PER_ROUND_MAX + 1) }, 429),
    ).toMatch(/at most 200 items/);
    const rounds: HistoryEvent[] = [];
    for (let round = 1; round <= ROUNDS_MAX; round += 1) {
      rounds.push(
        by(
          actor(client, 'client'),
          CityCorrectionsReceived.create({
            round,
            letter_file_id: null,
            source: 'manual',
            items: [{ item_id: `r${round}`, number: 1, sheet: null, code_reference: null, comment: `Round ${round}` }],
          }),
        ),
        by(
          actor(designer, 'designer'),
          CorrectionAddressed.create({
            round,
            item_id: `r${round}`,
            response: 'Done',
            revised_file_id: null,
            revised_file_name: null,
          }),
        ),
        by(
          actor(designer, 'designer'),
          ResponseLetterIssued.create({ round, file_id: `L${round}`, file_name: `letter-${round}.pdf`, item_count: 1 }),
        ),
        by(actor(client, 'client'), ResubmittedToCity.create({ round })),
      );
    }
    const busy = await givenDelivered('Permit', rounds);
    expect(await refused(busy, client, { action: 'record_corrections', items: many(1) }, 429)).toMatch(
      /at most 20 plan check rounds/,
    );
    const review = await cityReview(busy, client, 3);
    expect(review.rounds).toHaveLength(ROUNDS_MAX);
    expect(review.round).toMatchObject({ round: 3, items: [{ comment: 'Round 3', response: 'Done' }] });
  });
});
