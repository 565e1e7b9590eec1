import { describe, expect, it } from 'vitest';
import type { Actor, EventEnvelope } from '../../events/envelope.js';
import { projectDecider, type ProjectState } from '../../functions/features/projects/decider.js';
import { noticesFor, type Notice } from '../../functions/features/notifications/audience.js';

/**
 * Who hears about which project event: a pure function of the event, the project (before and after
 * it), the team, the admins and who acted. Given a project, when an event, then these recipients.
 */
const CLIENT = 'client-1';
const MATE = 'teammate-1';
const DESIGNER = 'designer-1';
const OTHER_DESIGNER = 'designer-2';
const ADMIN = 'admin-1';
const ADMIN2 = 'admin-2';

const base: ProjectState = {
  ...projectDecider.initialState(),
  exists: true,
  id: 'P1',
  user_id: CLIENT,
  team_id: 'T1',
  title: 'Kitchen',
  status: 'queued',
  assigned_designer_id: DESIGNER,
};
const as = (sub: string, role: Actor['role']): Actor => ({ sub, role });

let version = 1;
function event(type: string, data: Record<string, unknown>, actor: Actor): EventEnvelope {
  version += 1;
  return {
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
  };
}

function told(
  type: string,
  data: Record<string, unknown>,
  actor: Actor,
  before: Partial<ProjectState> = {},
  accounts: Record<string, string> = {},
): Notice[] {
  const state = { ...base, ...before };
  const envelope = event(type, data, actor);
  return noticesFor(envelope, {
    before: state,
    after: projectDecider.evolve(state, envelope),
    teamMembers: [CLIENT, MATE],
    admins: [ADMIN, ADMIN2],
    accountOfEmail: (email) => accounts[email] ?? null,
  });
}
const who = (notices: Notice[]) => notices.map((n) => n.recipient.sub ?? n.recipient.email).sort();

describe('the client and their team', () => {
  it.each(['in_progress', 'needs_revision', 'delivered'])(
    'hear a status change to %s (the designer who made it does not)',
    (to) => {
      const notices = told('ProjectStatusChanged', { from: 'queued', to }, as(DESIGNER, 'designer'));
      const clientSide = notices.filter((n) => n.kind === 'status' && n.link.startsWith('/dashboard'));
      expect(who(clientSide)).toEqual([CLIENT, MATE]);
      expect(who(notices)).not.toContain(DESIGNER);
      expect(clientSide[0]!.link).toBe('/dashboard?project=P1');
    },
  );

  it('do not hear a project going back to the queue', () => {
    expect(told('ProjectStatusChanged', { from: 'in_progress', to: 'queued' }, as(ADMIN, 'admin'))).toEqual([]);
  });

  it('hear a deliverable, not their own upload of a reference file', () => {
    expect(
      who(told('FileUploaded', { file_type: 'deliverable', file_name: 'plan.pdf' }, as(DESIGNER, 'designer'))),
    ).toEqual([CLIENT, MATE]);
    expect(told('FileUploaded', { file_type: 'client_upload', file_name: 'photo.jpg' }, as(CLIENT, 'client'))).toEqual(
      [],
    );
  });

  it('hear a comment once approved, never while pending; its author is not told of it', () => {
    const pending = told('CommentPosted', { comment_id: 'C1', content: 'Hi' }, as(DESIGNER, 'designer'));
    expect(who(pending)).toEqual([ADMIN, ADMIN2]);
    expect(pending.every((n) => n.kind === 'moderation')).toBe(true);
    const pending_comments = [{ id: 'C1', user_id: DESIGNER, created_at: '', opening: 'Hi' }];
    const approved = told('CommentApproved', { comment_id: 'C1' }, as(ADMIN, 'admin'), { pending_comments });
    expect(who(approved)).toEqual([CLIENT, MATE]);
    // An admin's comment, approved by another admin: the designer hears it too.
    const byAdmin = told('CommentApproved', { comment_id: 'C1' }, as(ADMIN2, 'admin'), {
      pending_comments: [{ ...pending_comments[0]!, user_id: ADMIN }],
    });
    expect(who(byAdmin)).toEqual([CLIENT, DESIGNER, MATE]);
  });

  it(
    'nobody is told about their own action: a client who ' + 'is also on the team is told once, and not when they act',
    () => {
      const notices = told('ProjectStatusChanged', { from: 'queued', to: 'delivered' }, as(MATE, 'admin'));
      expect(who(notices)).toEqual([CLIENT]);
    },
  );
});

describe('the designer', () => {
  it('hears an assignment by account, and the one taken off hears they were unassigned', () => {
    const notices = told(
      'DesignerAssigned',
      { designer_id: OTHER_DESIGNER, designer_email: null, designer_name: null },
      as(ADMIN, 'admin'),
    );
    expect(notices.map((n) => [n.recipient.sub, n.message])).toEqual([
      [OTHER_DESIGNER, 'You were assigned Kitchen'],
      [DESIGNER, 'You were unassigned from Kitchen'],
    ]);
    expect(notices.every((n) => n.kind === 'assignment' && n.link === '/designer?project=P1')).toBe(true);
  });

  it('hears an assignment by pre-authorised e-mail: by address alone, or on the account linked to it', () => {
    const byEmail = told(
      'DesignerAssigned',
      { designer_id: null, designer_email: 'new@example.test', designer_name: null },
      as(ADMIN, 'admin'),
      { assigned_designer_id: null },
    );
    expect(byEmail.map((n) => n.recipient)).toEqual([{ sub: null, email: 'new@example.test' }]);
    const linked = told(
      'DesignerAssigned',
      { designer_id: null, designer_email: 'new@example.test', designer_name: null },
      as(ADMIN, 'admin'),
      { assigned_designer_id: null },
      { 'new@example.test': 'designer-9' },
    );
    expect(linked.map((n) => n.recipient)).toEqual([{ sub: 'designer-9', email: 'new@example.test' }]);
  });

  it('assigning the same designer again tells nobody', () => {
    expect(
      told(
        'DesignerAssigned',
        { designer_id: DESIGNER, designer_email: null, designer_name: null },
        as(ADMIN, 'admin'),
      ),
    ).toEqual([]);
  });

  it('hears being unassigned, and a due date change; the client does not', () => {
    expect(who(told('DesignerUnassigned', {}, as(ADMIN, 'admin')))).toEqual([DESIGNER]);
    const due = told('DueDateChanged', { due_date: '2026-12-01' }, as(ADMIN, 'admin'));
    expect(due.map((n) => [n.recipient.sub, n.message])).toEqual([[DESIGNER, 'Kitchen is now due on Dec 1, 2026']]);
  });

  it('an admin who is also the designer is not told of their own due date change', () => {
    expect(told('DueDateChanged', { due_date: null }, as(DESIGNER, 'admin'))).toEqual([]);
  });
});

describe('admins', () => {
  it("hear a new project (not the admin who submitted it on a client's behalf)", () => {
    expect(who(told('ProjectSubmitted', { title: 'Kitchen', checklist: [] }, as(CLIENT, 'client')))).toEqual([
      ADMIN,
      ADMIN2,
    ]);
    expect(who(told('ProjectSubmitted', { title: 'Kitchen', checklist: [] }, as(ADMIN, 'admin')))).toEqual([ADMIN2]);
  });

  it('hear a designer setting Needs Revision, not an admin doing so', () => {
    const byDesigner = told(
      'ProjectStatusChanged',
      { from: 'in_progress', to: 'needs_revision' },
      as(DESIGNER, 'designer'),
    ).filter((n) => n.link.startsWith('/admin'));
    expect(who(byDesigner)).toEqual([ADMIN, ADMIN2]);
    const byAdmin = told(
      'ProjectStatusChanged',
      { from: 'in_progress', to: 'needs_revision' },
      as(ADMIN, 'admin'),
    ).filter((n) => n.link.startsWith('/admin'));
    expect(byAdmin).toEqual([]);
  });

  it('hear nothing of priority changes or checklist ticks; nobody does', () => {
    expect(told('PriorityChanged', { priority: 'Urgent' }, as(ADMIN, 'admin'))).toEqual([]);
    expect(told('ChecklistTaskToggled', { checklist_id: 'x', completed: true }, as(DESIGNER, 'designer'))).toEqual([]);
  });
});
