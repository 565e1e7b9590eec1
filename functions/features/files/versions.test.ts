import { describe, expect, it } from 'vitest';
import type { Actor, NewEvent } from '../../../events/envelope.js';
import { deciderSpec } from '../../../tests/support/given-when-then.js';
import { projectDecider, type ProjectCommand } from '../projects/decider.js';
import { DesignerAssigned, FileUploaded, ProjectSubmitted } from '../projects/events.js';

const CLIENT: Actor = { sub: 'client-1', role: 'client' };
const DESIGNER: Actor = { sub: 'designer-1', role: 'designer' };
const ADMIN: Actor = { sub: 'admin-1', role: 'admin' };

const submitted = ProjectSubmitted.create({
  project_id: 'p1',
  user_id: CLIENT.sub,
  team_id: null,
  title: 'Ranch',
  project_category: 'Design',
  project_type: 'Concept',
  property_type: 'single_family',
  description: 'A long enough description',
  design_priority: [],
  area_sqft: null,
  existing_plans: false,
  permit_needs: null,
  deliverables: ['Layout Plan'],
  room_selection: [],
  room_notes: null,
  inspiration_links: [],
  project_address: null,
  checklist: [],
  total_estimated_hours: 0,
  estimated_turnaround_days: null,
  checklist_origin: 'manual',
});
const fileData = (file_id: string, file_type: 'deliverable' | 'client_upload' = 'deliverable') => ({
  file_id,
  file_name: `${file_id}.pdf`,
  file_type,
  file_category: 'application/pdf',
  file_size: 10,
  file_url: `p1/${file_type}/${file_id}.pdf`,
});
const history: NewEvent[] = [
  submitted,
  DesignerAssigned.create({ designer_id: DESIGNER.sub, designer_email: null }),
  FileUploaded.create(fileData('d1')),
  FileUploaded.create(fileData('c1', 'client_upload')),
];
const record = (
  file_id: string,
  version_of?: string,
  file_type: 'deliverable' | 'client_upload' = 'deliverable',
): ProjectCommand => ({ type: 'RecordFile', ...fileData(file_id, file_type), ...(version_of ? { version_of } : {}) });

const spec = deciderSpec(projectDecider);

describe('deliverable versions (RecordFile with version_of)', () => {
  it('the assigned designer records v2 of a deliverable', () =>
    spec(history, DESIGNER)
      .when(record('d1v2', 'd1'))
      .then([FileUploaded.create({ ...fileData('d1v2'), version_of: 'd1', version: 2 })]));
  it('an admin records v3 after v2, naming v1 or v2', () => {
    const withV2 = [...history, FileUploaded.create({ ...fileData('d1v2'), version_of: 'd1', version: 2 })];
    spec(withV2, ADMIN)
      .when(record('d1v3', 'd1'))
      .then([FileUploaded.create({ ...fileData('d1v3'), version_of: 'd1', version: 3 })]);
    spec(withV2, ADMIN)
      .when(record('d1v3', 'd1v2'))
      .then([FileUploaded.create({ ...fileData('d1v3'), version_of: 'd1', version: 3 })]);
  });
  it('the client does not upload versions', () =>
    spec(history, CLIENT)
      .when(record('d1v2', 'd1'))
      .thenThrows('Only admins and the assigned designer can upload deliverables', 'FORBIDDEN'));
  it('the deliverable must exist', () =>
    spec(history, DESIGNER).when(record('x2', 'nope')).thenThrows('Deliverable not found', 'NOT_FOUND'));
  it('and be a deliverable', () =>
    spec(history, ADMIN).when(record('x2', 'c1')).thenThrows('Deliverable not found', 'NOT_FOUND'));
  it('only deliverables have versions', () =>
    spec(history, ADMIN)
      .when(record('c2', 'd1', 'client_upload'))
      .thenThrows('Only deliverables have versions', 'INVALID'));
  it('events from before versions still read as v1 deliverables', () => {
    let state = projectDecider.initialState();
    history.forEach((event, i) => {
      state = projectDecider.evolve(state, {
        ...event,
        at: '2026-11-22T10:00:00.000Z',
        actor: DESIGNER,
        version: i + 1,
      });
    });
    expect(state.review_standing.deliverables).toEqual({ d1: { current: 1, status: 'awaiting_review', ready: false } });
    expect(state.review_summary).toEqual({
      approved_by_client: false,
      ready_for_review: false,
      changes_requested: false,
      revision_round: 0,
    });
  });
});
