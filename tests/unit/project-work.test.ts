import { describe, expect, it } from 'vitest';
import { ChecklistTaskToggled, CommentApproved, CommentPosted, CommentRejected, DesignerAssigned, DesignerUnassigned, DueDateChanged, FileUploaded, PriorityChanged, ProjectStatusChanged } from '../../functions/features/projects/events.js';
import { type Actor, type NewEvent } from '../../events/envelope.js';
import { describe as describeEvent } from '../../functions/features/activity/projection.js';
import { projectDecider, type ProjectCommand } from '../../functions/features/projects/decider.js';
import { LONG_DESCRIPTION } from '../support/stack.js';

const client: Actor = { sub: 'client-1', role: 'client' };
const admin: Actor = { sub: 'admin-1', role: 'admin' };
const designer: Actor = { sub: 'designer-1', role: 'designer' };
const otherDesigner: Actor = { sub: 'designer-2', role: 'designer' };
const AT = '2026-11-22T10:00:00.000Z';

const [submitted] = projectDecider.decide(
  {
    type: 'SubmitProject', project_id: 'P1', user_id: 'client-1', team_id: null, title: 'Loft', project_category: 'Design', project_type: 'Interior Design',
    property_type: 'condo', description: LONG_DESCRIPTION, design_priority: [], area_sqft: 800, existing_plans: false, permit_needs: null, deliverables: ['Furniture Plan'],
    room_selection: [], room_notes: null, inspiration_links: [], project_address: null, specifications: {}, checklist: [{ task_name: 'Survey', estimated_hours: 2 }, { task_name: 'Plan', estimated_hours: 3 }],
    grok_generated: true, checklist_source: 'local',
  },
  projectDecider.initialState(),
  { actor: client, now: AT },
);

type Given = { event: NewEvent; actor: Actor };
function stateOf(history: Given[]) {
  let state = projectDecider.initialState();
  history.forEach(({ event, actor }, i) => (state = projectDecider.evolve(state, { ...event, actor, at: AT, version: i + 1 })));
  return state;
}
const given = (...history: Given[]) => ({
  when: (command: ProjectCommand, actor: Actor, actorEmail?: string) => () => projectDecider.decide(command, stateOf([{ event: submitted!, actor: client }, ...history]), { actor, now: AT, actorEmail }),
});
const assigned = { event: DesignerAssigned.create({ designer_id: 'designer-1', designer_email: null, designer_name: 'Dana' }), actor: admin };
const assignedByEmail = { event: DesignerAssigned.create({ designer_id: null, designer_email: 'new@studio.test', designer_name: null }), actor: admin };

describe('status changes', () => {
  it('an admin sets any status', () => {
    expect(given().when({ type: 'UpdateProject', status: 'delivered' }, admin)()).toEqual([ProjectStatusChanged.create({ from: 'queued', to: 'delivered' })]);
  });
  it('the assigned designer moves between in_progress and needs_revision only', () => {
    expect(given(assigned).when({ type: 'UpdateProject', status: 'needs_revision' }, designer)()).toEqual([ProjectStatusChanged.create({ from: 'queued', to: 'needs_revision' })]);
    expect(given(assigned).when({ type: 'UpdateProject', status: 'delivered' }, designer)).toThrow(/In Progress or Needs Review/);
    expect(given(assigned).when({ type: 'UpdateProject', status: 'queued' }, designer)).toThrow(/In Progress or Needs Review/);
  });
  it('a designer pre-authorised by e-mail is recognised by that e-mail', () => {
    expect(given(assignedByEmail).when({ type: 'UpdateProject', status: 'in_progress' }, { sub: 'new-sub', role: 'designer' }, 'New@Studio.test')()).toHaveLength(1);
  });
  it('another designer or a client cannot change it', () => {
    expect(given(assigned).when({ type: 'UpdateProject', status: 'in_progress' }, otherDesigner)).toThrow(/assigned designer/);
    expect(given().when({ type: 'UpdateProject', status: 'in_progress' }, client)).toThrow(/assigned designer/);
  });
  it('a designer cannot reassign, reprioritise or reschedule', () => {
    expect(given(assigned).when({ type: 'UpdateProject', priority: 'Urgent' }, designer)).toThrow(/only change the status/);
  });
});

describe('management changes', () => {
  it('records only what changed, in one commit', () => {
    const events = given().when({ type: 'UpdateProject', status: 'queued', priority: 'Urgent', due_date: '2026-12-01', designer: { designer_id: 'designer-1', designer_name: 'Dana' } }, admin)();
    expect(events.map((e) => e.type)).toEqual(['DesignerAssigned', 'PriorityChanged', 'DueDateChanged']);
  });
  it('unassigns', () => {
    expect(given(assigned).when({ type: 'UpdateProject', designer: null }, admin)()).toEqual([DesignerUnassigned.create({})]);
    expect(given().when({ type: 'UpdateProject', designer: null }, admin)()).toEqual([]);
  });
  it('cannot touch a project that does not exist', () => {
    expect(() => projectDecider.decide({ type: 'UpdateProject', status: 'delivered' }, projectDecider.initialState(), { actor: admin, now: AT })).toThrow('Project not found');
  });
});

describe('checklist', () => {
  it('admins and the assigned designer toggle tasks; clients cannot', () => {
    expect(given(assigned).when({ type: 'ToggleTask', checklist_id: 'P1-t1', completed: true }, designer)()).toEqual([ChecklistTaskToggled.create({ checklist_id: 'P1-t1', completed: true })]);
    expect(given().when({ type: 'ToggleTask', checklist_id: 'P1-t1', completed: true }, client)).toThrow(/update tasks/);
    expect(given().when({ type: 'ToggleTask', checklist_id: 'nope', completed: true }, admin)).toThrow('Task not found');
    expect(given({ event: ChecklistTaskToggled.create({ checklist_id: 'P1-t1', completed: true }), actor: admin }).when({ type: 'ToggleTask', checklist_id: 'P1-t1', completed: true }, admin)()).toEqual([]);
  });
});

describe('files', () => {
  const file = { type: 'RecordFile' as const, file_id: 'F1', file_name: 'plan.pdf', file_category: 'application/pdf', file_size: 10, file_url: 'P1/client/plan.pdf' };
  it('the owner adds client files; the assigned designer and admins add deliverables', () => {
    expect(given().when({ ...file, file_type: 'client_upload' }, client)()).toHaveLength(1);
    expect(given(assigned).when({ ...file, file_type: 'deliverable' }, designer)()).toHaveLength(1);
    expect(given().when({ ...file, file_type: 'deliverable' }, client)).toThrow(/deliverables/);
    expect(given().when({ ...file, file_type: 'client_upload' }, otherDesigner)).toThrow(/owner/);
    // An admin adds the client's files of a project submitted on the client's behalf.
    expect(given().when({ ...file, file_type: 'client_upload' }, admin)()).toHaveLength(1);
  });
  it('recording the same file twice is a no-op', () => {
    expect(given({ event: FileUploaded.create({ ...file, file_type: 'client_upload' }), actor: client }).when({ ...file, file_type: 'client_upload' }, client)()).toEqual([]);
  });
});

describe('comments and moderation', () => {
  const posted = { event: CommentPosted.create({ comment_id: 'C1', content: 'The island needs 42 inches of clearance on the sink side, please check.' }), actor: designer };
  it('admins and the assigned designer comment; clients cannot; blank is refused', () => {
    expect(given(assigned).when({ type: 'PostComment', comment_id: 'C1', content: ' Hi ' }, designer)()).toEqual([CommentPosted.create({ comment_id: 'C1', content: 'Hi' })]);
    expect(given().when({ type: 'PostComment', comment_id: 'C1', content: 'Hi' }, client)).toThrow(/comment/);
    expect(given().when({ type: 'PostComment', comment_id: 'C1', content: '   ' }, admin)).toThrow('A comment cannot be empty');
  });
  it('only admins approve or reject; a rejected comment leaves the state', () => {
    expect(given(assigned, posted).when({ type: 'ApproveComment', comment_id: 'C1' }, admin)()).toEqual([CommentApproved.create({ comment_id: 'C1' })]);
    expect(given(assigned, posted).when({ type: 'ApproveComment', comment_id: 'C1' }, designer)).toThrow(/moderate/);
    const rejected = stateOf([{ event: submitted!, actor: client }, assigned, posted, { event: CommentRejected.create({ comment_id: 'C1' }), actor: admin }]);
    expect(rejected.comments).toEqual([]);
  });
});

describe('activity log texts', () => {
  const before = stateOf([{ event: submitted!, actor: client }, assigned]);
  const envelope = (event: NewEvent, actor: Actor) => ({ ...event, actor, at: AT, version: 9, streamId: 'project-P1', schemaVersion: 1, eventId: 'E'.repeat(26), correlationId: 'c', causationId: null, prevHash: '', hash: '' });
  it('says who changed a status in the spec words', () => {
    const change = ProjectStatusChanged.create({ from: 'queued', to: 'in_progress' });
    expect(describeEvent(envelope(change, admin), before, before)).toMatchObject({ action: 'Status updated to In Progress' });
    expect(describeEvent(envelope(change, designer), before, before)).toMatchObject({ action: 'Status changed to In Progress', details: 'Designer updated status from Queued to In Progress' });
  });
  it('quotes the first 50 characters of a moderated comment', () => {
    const withComment = stateOf([{ event: submitted!, actor: client }, assigned, { event: CommentPosted.create({ comment_id: 'C1', content: 'x'.repeat(80) }), actor: designer }]);
    expect(describeEvent(envelope(CommentApproved.create({ comment_id: 'C1' }), admin), withComment, withComment)).toEqual({
      action: 'Comment approved', details: `"${'x'.repeat(50)}..."`, metadata: { comment_id: 'C1', approved_by_id: 'admin-1' },
    });
    expect(describeEvent(envelope(CommentRejected.create({ comment_id: 'C1' }), admin), withComment, withComment)?.metadata).toEqual({ comment_id: 'C1', rejected_by_id: 'admin-1' });
  });
  it('names tasks and priorities', () => {
    const after = projectDecider.evolve(before, envelope(ChecklistTaskToggled.create({ checklist_id: 'P1-t2', completed: true }), admin));
    expect(describeEvent(envelope(ChecklistTaskToggled.create({ checklist_id: 'P1-t2', completed: true }), admin), before, after)).toMatchObject({ action: 'Task completed', details: 'Plan' });
    expect(describeEvent(envelope(PriorityChanged.create({ priority: 'Low' }), admin), before, before)).toMatchObject({ action: 'Priority changed', details: 'Priority set to Low' });
    expect(describeEvent(envelope(DueDateChanged.create({ due_date: null }), admin), before, before)).toMatchObject({ details: 'Due date cleared' });
  });
});
