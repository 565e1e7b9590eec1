import { describe, expect, it } from 'vitest';
import {
  ChecklistTaskToggled,
  CommentApproved,
  CommentPosted,
  CommentRejected,
  DesignerAssigned,
  DesignerUnassigned,
  FileUploaded,
  ProjectStatusChanged,
  type ProjectSubmitted,
} from './events.js';
import type { Actor } from '../../../events/envelope.js';
import {
  COMMENT_NOT_PENDING,
  projectDecider,
  TOO_MANY_PENDING_COMMENTS,
  type SubmitProjectCommand,
} from './decider.js';
import { PENDING_COMMENTS_MAX } from './state.js';
import { turnaroundDays } from '../../../shared/turnaround.js';
import {
  DELIVERABLE_FILES_PER_PROJECT_MAX,
  FILES_PER_PROJECT_MAX,
  TOO_MANY_DELIVERABLE_FILES,
  TOO_MANY_PROJECT_FILES,
} from '../../../shared/uploads.js';
import { LONG_DESCRIPTION } from '../../../tests/support/stack.js';
import { by, deciderSpec, SPEC_NOW } from '../../../tests/support/given-when-then.js';

const given = deciderSpec(projectDecider);
const client: Actor = { sub: 'client-1', role: 'client' };
const admin: Actor = { sub: 'admin-1', role: 'admin' };
const designer: Actor = { sub: 'designer-1', role: 'designer' };
const otherDesigner: Actor = { sub: 'designer-2', role: 'designer' };

const submit = (overrides: Partial<SubmitProjectCommand> = {}): SubmitProjectCommand => ({
  type: 'SubmitProject',
  project_id: 'P1',
  user_id: 'u1',
  team_id: null,
  title: '  Kitchen  ',
  project_category: 'Design',
  project_type: 'Concept Design',
  property_type: 'single_family',
  description: LONG_DESCRIPTION,
  design_priority: [],
  area_sqft: 900,
  existing_plans: false,
  permit_needs: null,
  deliverables: ['Layout Plan'],
  room_selection: [],
  room_notes: null,
  inspiration_links: [' https://example.com/a ', ''],
  project_address: null,
  specifications: {},
  checklist: [
    { task_name: 'Measure', estimated_hours: 2.5 },
    { task_name: ' Draw ', estimated_hours: 5.25 },
  ],
  checklist_origin: 'generated',
  ...overrides,
});
/** The event a client's own submission records, as that client recorded it. */
const submittedBy = (actor: Actor) =>
  by(
    actor,
    projectDecider.decide(submit({ user_id: actor.sub }), projectDecider.initialState(), { actor, now: SPEC_NOW })[0]!,
  );
const submitted = submittedBy(client);
const assigned = by(
  admin,
  DesignerAssigned.create({ designer_id: 'designer-1', designer_email: null, designer_name: 'Dana' }),
);
const assignedByEmail = by(
  admin,
  DesignerAssigned.create({ designer_id: null, designer_email: 'new@studio.test', designer_name: null }),
);

describe('project decider: submission', () => {
  it('submits one event carrying the project and its numbered checklist, with totals computed here', () => {
    given([])
      .when(submit())
      .then((events) => {
        expect(events).toHaveLength(1);
        const [event] = events as ReturnType<typeof ProjectSubmitted.create>[];
        expect(event!.type).toBe('ProjectSubmitted');
        expect(event!.data).toMatchObject({
          title: 'Kitchen',
          inspiration_links: ['https://example.com/a'],
          total_estimated_hours: 7.75,
          estimated_turnaround_days: 4,
          priority: 'Normal',
          checklist: [
            { checklist_id: 'P1-t1', task_name: 'Measure', estimated_hours: 2.5, order_index: 0 },
            { checklist_id: 'P1-t2', task_name: 'Draw', estimated_hours: 5.25, order_index: 1 },
          ],
        });
      });
  });
  it('needs a 300-character description', () => {
    given([])
      .when(submit({ description: 'short' }))
      .thenThrows('Description must be at least 300 characters', 'INVALID');
  });
  it('needs a deliverable', () => {
    given([])
      .when(submit({ deliverables: [] }))
      .thenThrows('Select at least one deliverable', 'INVALID');
  });
  it('needs every task named', () => {
    given([])
      .when(submit({ checklist: [{ task_name: '  ', estimated_hours: 1 }] }))
      .thenThrows('Please fill in all task names', 'INVALID');
  });
  it('needs area, permit scope and address for a permit project', () => {
    const permit = { project_category: 'Permit' as const, project_type: 'New Construction Permit Set' };
    given([])
      .when(submit({ ...permit, area_sqft: null }))
      .thenThrows(/Building area/);
    given([])
      .when(submit({ ...permit, permit_needs: ' ' }))
      .thenThrows(/Permit scope summary/);
    given([])
      .when(submit({ ...permit, permit_needs: 'New SFR', project_address: null }))
      .thenThrows(/Project address/);
    given([])
      .when(submit({ ...permit, permit_needs: 'New SFR', project_address: '1 Main St' }))
      .then((events) => expect(events).toHaveLength(1));
  });
  it('cannot submit the same project twice', () => {
    given([submittedBy(client)])
      .when(submit())
      .thenThrows(/already submitted/, 'CONFLICT');
  });
  it('refuses designers, and a client submitting for someone else', () => {
    given([], { sub: 'd1', role: 'designer' })
      .when(submit())
      .thenThrows("Projects are submitted by clients, or by an admin on a client's behalf", 'FORBIDDEN');
    given([], { sub: 'u2', role: 'client' })
      .when(submit())
      .thenThrows(/by an admin on a client's behalf/, 'FORBIDDEN');
  });
  it("lets an admin submit on a client's behalf: the project is the client's, created by the admin", () => {
    const onBehalf = { sub: 'a1', role: 'admin' as const };
    given([], onBehalf)
      .when(submit({ user_id: 'c1' }))
      .then((events) => {
        expect(events[0]!.data).toMatchObject({ user_id: 'c1' });
        expect(given([by(onBehalf, events[0]!)]).state()).toMatchObject({ user_id: 'c1', created_by: 'a1' });
      });
  });
  it('counts the description without its padding', () => {
    given([])
      .when(submit({ description: `${'x'.repeat(40)}${' '.repeat(260)}` }))
      .thenThrows('Description must be at least 300 characters', 'INVALID');
  });
  it('evolves into a queued project with open tasks', () => {
    const state = given([{ ...submittedBy({ sub: 'u1', role: 'client' }), at: '2026-11-21T09:00:00.000Z' }]).state();
    expect(state).toMatchObject({ exists: true, id: 'P1', status: 'queued', created_at: '2026-11-21T09:00:00.000Z' });
    expect(state.checklist.every((task) => !task.completed)).toBe(true);
  });
});

describe('turnaround', () => {
  it('is total hours / 2.5 rounded up', () => {
    expect(turnaroundDays(10)).toBe(4);
    expect(turnaroundDays(10.1)).toBe(5);
    expect(turnaroundDays(0)).toBe(0);
    expect(turnaroundDays(7.5)).toBe(3);
  });
});

describe('project decider: status changes', () => {
  it('an admin sets any status', () => {
    given([submitted])
      .when({ type: 'UpdateProject', status: 'delivered' }, { actor: admin })
      .then([ProjectStatusChanged.create({ from: 'queued', to: 'delivered' })]);
  });
  it('the assigned designer moves between in_progress and needs_revision only', () => {
    given([submitted, assigned])
      .when({ type: 'UpdateProject', status: 'needs_revision' }, { actor: designer })
      .then([ProjectStatusChanged.create({ from: 'queued', to: 'needs_revision' })]);
    given([submitted, assigned])
      .when({ type: 'UpdateProject', status: 'delivered' }, { actor: designer })
      .thenThrows(/In Progress or Needs Review/);
    given([submitted, assigned])
      .when({ type: 'UpdateProject', status: 'queued' }, { actor: designer })
      .thenThrows(/In Progress or Needs Review/);
  });
  it('a designer pre-authorised by e-mail is recognised by that e-mail', () => {
    given([submitted, assignedByEmail])
      .when(
        { type: 'UpdateProject', status: 'in_progress' },
        { actor: { sub: 'new-sub', role: 'designer' }, actorEmail: 'New@Studio.test' },
      )
      .then([ProjectStatusChanged.create({ from: 'queued', to: 'in_progress' })]);
  });
  it('another designer or a client cannot change it', () => {
    given([submitted, assigned])
      .when({ type: 'UpdateProject', status: 'in_progress' }, { actor: otherDesigner })
      .thenThrows(/assigned designer/);
    given([submitted])
      .when({ type: 'UpdateProject', status: 'in_progress' }, { actor: client })
      .thenThrows(/assigned designer/);
  });
  it('a designer cannot reassign, reprioritise or reschedule', () => {
    given([submitted, assigned])
      .when({ type: 'UpdateProject', priority: 'Urgent' }, { actor: designer })
      .thenThrows(/only change the status/);
  });
});

describe('project decider: management changes', () => {
  it('records only what changed, in one commit', () => {
    given([submitted])
      .when(
        {
          type: 'UpdateProject',
          status: 'queued',
          priority: 'Urgent',
          due_date: '2026-12-01',
          designer: { designer_id: 'designer-1', designer_name: 'Dana' },
        },
        { actor: admin },
      )
      .then((events) =>
        expect(events.map((e) => e.type)).toEqual(['DesignerAssigned', 'PriorityChanged', 'DueDateChanged']),
      );
  });
  it('unassigns', () => {
    given([submitted, assigned])
      .when({ type: 'UpdateProject', designer: null }, { actor: admin })
      .then([DesignerUnassigned.create({})]);
    given([submitted]).when({ type: 'UpdateProject', designer: null }, { actor: admin }).then([]);
  });
  it('cannot touch a project that does not exist', () => {
    given([]).when({ type: 'UpdateProject', status: 'delivered' }, { actor: admin }).thenThrows('Project not found');
  });
});

describe('project decider: checklist', () => {
  it('admins and the assigned designer toggle tasks; clients cannot', () => {
    given([submitted, assigned])
      .when({ type: 'ToggleTask', checklist_id: 'P1-t1', completed: true }, { actor: designer })
      .then([ChecklistTaskToggled.create({ checklist_id: 'P1-t1', completed: true })]);
    given([submitted])
      .when({ type: 'ToggleTask', checklist_id: 'P1-t1', completed: true }, { actor: client })
      .thenThrows(/update tasks/);
    given([submitted])
      .when({ type: 'ToggleTask', checklist_id: 'nope', completed: true }, { actor: admin })
      .thenThrows('Task not found');
  });
  it('toggling a task to the state it is in records nothing', () => {
    given([submitted, by(admin, ChecklistTaskToggled.create({ checklist_id: 'P1-t1', completed: true }))])
      .when({ type: 'ToggleTask', checklist_id: 'P1-t1', completed: true }, { actor: admin })
      .then([]);
  });
});

describe('project decider: files', () => {
  const file = {
    type: 'RecordFile' as const,
    file_id: 'F1',
    file_name: 'plan.pdf',
    file_category: 'application/pdf',
    file_size: 10,
    file_url: 'P1/client/plan.pdf',
  };
  const uploaded = (file_type: 'client_upload' | 'deliverable') => [
    FileUploaded.create({
      file_id: 'F1',
      file_name: 'plan.pdf',
      file_category: 'application/pdf',
      file_size: 10,
      file_url: 'P1/client/plan.pdf',
      file_type,
    }),
  ];
  it('the owner adds client files; the assigned designer and admins add deliverables', () => {
    given([submitted])
      .when({ ...file, file_type: 'client_upload' }, { actor: client })
      .then(uploaded('client_upload'));
    given([submitted, assigned])
      .when({ ...file, file_type: 'deliverable' }, { actor: designer })
      .then(uploaded('deliverable'));
    given([submitted])
      .when({ ...file, file_type: 'deliverable' }, { actor: client })
      .thenThrows(/deliverables/);
    given([submitted])
      .when({ ...file, file_type: 'client_upload' }, { actor: otherDesigner })
      .thenThrows(/owner/);
    // An admin adds the client's files of a project submitted on the client's behalf.
    given([submitted])
      .when({ ...file, file_type: 'client_upload' }, { actor: admin })
      .then(uploaded('client_upload'));
  });
  it('recording the same file twice is a no-op', () => {
    given([submitted, by(client, uploaded('client_upload')[0]!)])
      .when({ ...file, file_type: 'client_upload' }, { actor: client })
      .then([]);
  });
  it('carries the page count the server counted', () => {
    given([submitted, assigned])
      .when({ ...file, file_type: 'deliverable', page_count: 12 }, { actor: designer })
      .then([FileUploaded.create({ ...uploaded('deliverable')[0]!.data, page_count: 12 })]);
  });
  const many = (count: number, file_type: 'client_upload' | 'deliverable', actor: Actor) =>
    Array.from({ length: count }, (_, i) =>
      by(
        actor,
        FileUploaded.create({
          file_id: `G${i}`,
          file_name: 'a.pdf',
          file_category: 'application/pdf',
          file_size: 1,
          file_url: `P1/x/G${i}.pdf`,
          file_type,
        }),
      ),
    );
  it(
    `at most ${FILES_PER_PROJECT_MAX} files on a project (429), of which ${DELIVERABLE_FILES_PER_PROJECT_MAX} ` +
      `deliverable versions`,
    () => {
      const clientFiles = many(FILES_PER_PROJECT_MAX, 'client_upload', client);
      given([submitted, assigned, ...clientFiles])
        .when({ ...file, file_type: 'client_upload' }, { actor: client })
        .thenThrows(TOO_MANY_PROJECT_FILES, 'LIMIT_REACHED');
      given([submitted, assigned, ...clientFiles.slice(1)])
        .when({ ...file, file_type: 'client_upload' }, { actor: client })
        .then(uploaded('client_upload'));
      const deliverables = many(DELIVERABLE_FILES_PER_PROJECT_MAX, 'deliverable', designer);
      given([submitted, assigned, ...deliverables])
        .when({ ...file, file_type: 'deliverable' }, { actor: designer })
        .thenThrows(TOO_MANY_DELIVERABLE_FILES, 'LIMIT_REACHED');
      // Client files still have room.
      given([submitted, assigned, ...deliverables])
        .when({ ...file, file_type: 'client_upload' }, { actor: client })
        .then(uploaded('client_upload'));
    },
  );
});

describe('project decider: comments and moderation', () => {
  const posted = by(
    designer,
    CommentPosted.create({
      comment_id: 'C1',
      content: 'The island needs 42 inches of clearance on the sink side, please check.',
    }),
  );
  it('admins and the assigned designer comment; clients cannot; blank is refused', () => {
    given([submitted, assigned])
      .when({ type: 'PostComment', comment_id: 'C1', content: ' Hi ' }, { actor: designer })
      .then([CommentPosted.create({ comment_id: 'C1', content: 'Hi' })]);
    given([submitted])
      .when({ type: 'PostComment', comment_id: 'C1', content: 'Hi' }, { actor: client })
      .thenThrows(/comment/);
    given([submitted])
      .when({ type: 'PostComment', comment_id: 'C1', content: '   ' }, { actor: admin })
      .thenThrows('A comment cannot be empty');
  });
  it('only admins approve or reject; a moderated comment leaves the state, and is not moderated twice', () => {
    given([submitted, assigned, posted])
      .when({ type: 'ApproveComment', comment_id: 'C1' }, { actor: admin })
      .then([CommentApproved.create({ comment_id: 'C1' })]);
    given([submitted, assigned, posted])
      .when({ type: 'ApproveComment', comment_id: 'C1' }, { actor: designer })
      .thenThrows(/moderate/);
    expect(given([submitted, assigned, posted]).state().pending_comments).toEqual([
      expect.objectContaining({ id: 'C1', opening: expect.any(String) }),
    ]);
    expect(
      given([submitted, assigned, posted, by(admin, CommentRejected.create({ comment_id: 'C1' }))]).state()
        .pending_comments,
    ).toEqual([]);
    given([submitted, assigned, posted, by(admin, CommentApproved.create({ comment_id: 'C1' }))])
      .when({ type: 'ApproveComment', comment_id: 'C1' }, { actor: admin })
      .thenThrows(COMMENT_NOT_PENDING);
  });
  it(
    `holds at most ${PENDING_COMMENTS_MAX} comments awaiting moderation; the next is refused until one is ` +
      `moderated`,
    () => {
      const waiting = Array.from({ length: PENDING_COMMENTS_MAX }, (_, i) =>
        by(admin, CommentPosted.create({ comment_id: `C${i}`, content: 'x'.repeat(5_000) })),
      );
      given([submitted, assigned, ...waiting])
        .when({ type: 'PostComment', comment_id: 'next', content: 'One more' }, { actor: admin })
        .thenThrows(TOO_MANY_PENDING_COMMENTS, 'LIMIT_REACHED');
      given([submitted, assigned, ...waiting, by(admin, CommentApproved.create({ comment_id: 'C0' }))])
        .when({ type: 'PostComment', comment_id: 'next', content: 'One more' }, { actor: admin })
        .then([CommentPosted.create({ comment_id: 'next', content: 'One more' })]);
    },
  );
});
