import { describe, expect, it } from 'vitest';
import {
  ChecklistTaskToggled,
  CommentApproved,
  CommentPosted,
  CommentRejected,
  DesignerAssigned,
  DueDateChanged,
  PriorityChanged,
  ProjectStatusChanged,
} from '../projects/events.js';
import type { Actor, NewEvent } from '../../../events/envelope.js';
import { ChangesRequested } from '../reviews/events.js';
import { activityEntryFor } from './texts.js';
import { projectDecider } from '../projects/decider.js';
import { LONG_DESCRIPTION } from '../../../tests/support/stack.js';
import { by, deciderSpec, SPEC_NOW } from '../../../tests/support/given-when-then.js';

const client: Actor = { sub: 'client-1', role: 'client' };
const admin: Actor = { sub: 'admin-1', role: 'admin' };
const designer: Actor = { sub: 'designer-1', role: 'designer' };

const [submission] = projectDecider.decide(
  {
    type: 'SubmitProject',
    project_id: 'P1',
    user_id: 'client-1',
    team_id: null,
    title: 'Loft',
    project_category: 'Design',
    project_type: 'Interior Design',
    property_type: 'condo',
    description: LONG_DESCRIPTION,
    design_priority: [],
    area_sqft: 800,
    existing_plans: false,
    permit_needs: null,
    deliverables: ['Furniture Plan'],
    room_selection: [],
    room_notes: null,
    inspiration_links: [],
    project_address: null,
    specifications: {},
    checklist: [
      { task_name: 'Survey', estimated_hours: 2 },
      { task_name: 'Plan', estimated_hours: 3 },
    ],
    checklist_origin: 'generated',
  },
  projectDecider.initialState(),
  { actor: client, now: SPEC_NOW },
);
const submitted = by(client, submission!);
const assigned = by(
  admin,
  DesignerAssigned.create({ designer_id: 'designer-1', designer_email: null, designer_name: 'Dana' }),
);
const given = deciderSpec(projectDecider);
const envelope = (event: NewEvent, actor: Actor) => ({
  ...event,
  actor,
  at: SPEC_NOW,
  version: 9,
  streamId: 'project-P1',
  schemaVersion: 1,
  eventId: 'E'.repeat(26),
  correlationId: 'c',
  causationId: null,
  prevHash: '',
  hash: '',
});

describe('activity log texts', () => {
  const before = given([submitted, assigned]).state();
  it('says who changed a status in the spec words', () => {
    const change = ProjectStatusChanged.create({ from: 'queued', to: 'in_progress' });
    expect(activityEntryFor(envelope(change, admin), before, before)).toMatchObject({
      action: 'Status updated to In Progress',
    });
    expect(activityEntryFor(envelope(change, designer), before, before)).toMatchObject({
      action: 'Status changed to In Progress',
      details: 'Designer updated status from Queued to In Progress',
    });
  });
  it('quotes the first 50 characters of a moderated comment', () => {
    const withComment = given([
      submitted,
      assigned,
      by(designer, CommentPosted.create({ comment_id: 'C1', content: 'x'.repeat(80) })),
    ]).state();
    expect(
      activityEntryFor(envelope(CommentApproved.create({ comment_id: 'C1' }), admin), withComment, withComment),
    ).toEqual({
      action: 'Comment approved',
      details: `"${'x'.repeat(50)}..."`,
      metadata: { comment_id: 'C1', approved_by_id: 'admin-1' },
    });
    expect(
      activityEntryFor(envelope(CommentRejected.create({ comment_id: 'C1' }), admin), withComment, withComment)
        ?.metadata,
    ).toEqual({ comment_id: 'C1', rejected_by_id: 'admin-1' });
  });
  it('names tasks and priorities', () => {
    const toggled = ChecklistTaskToggled.create({ checklist_id: 'P1-t2', completed: true });
    const after = given([submitted, assigned, by(admin, toggled)]).state();
    expect(activityEntryFor(envelope(toggled, admin), before, after)).toMatchObject({
      action: 'Task completed',
      details: 'Plan',
    });
    expect(
      activityEntryFor(envelope(PriorityChanged.create({ priority: 'Low' }), admin), before, before),
    ).toMatchObject({ action: 'Priority changed', details: 'Priority set to Low' });
    expect(activityEntryFor(envelope(DueDateChanged.create({ due_date: null }), admin), before, before)).toMatchObject({
      details: 'Due date cleared',
    });
  });
  it("quotes the client's change request, on one line, shortened to 120 characters", () => {
    const request = (summary: string | null) =>
      ChangesRequested.create({ deliverable_id: 'd1', version: 1, round: 1, note_count: 2, summary });
    expect(activityEntryFor(envelope(request('Swap the\nkitchen and dining'), client), before, before)?.action).toBe(
      'Changes requested (2 notes): "Swap the kitchen and dining"',
    );
    const long = activityEntryFor(envelope(request('y'.repeat(500)), client), before, before)!.action;
    expect(long).toBe(`Changes requested (2 notes): "${'y'.repeat(119)}…"`);
    expect(activityEntryFor(envelope(request(null), client), before, before)?.action).toBe(
      'Changes requested (2 notes)',
    );
  });
});
