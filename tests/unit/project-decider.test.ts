import { describe, expect, it } from 'vitest';
import { ProjectSubmitted } from '../../functions/features/projects/events.js';
import { projectDecider, type SubmitProjectCommand } from '../../functions/features/projects/decider.js';
import { turnaroundDays } from '../../shared/turnaround.js';
import { LONG_DESCRIPTION } from '../support/stack.js';
import { deciderSpec } from '../support/given-when-then.js';

const given = deciderSpec(projectDecider);
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
  grok_generated: true,
  checklist_source: 'local',
  ...overrides,
});

describe('project decider: submission', () => {
  it('submits one event carrying the project and its numbered checklist, with totals computed here', () => {
    given([]).when(submit()).then((events) => {
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
    given([]).when(submit({ description: 'short' })).thenThrows('Description must be at least 300 characters', 'INVALID');
  });
  it('needs a deliverable', () => {
    given([]).when(submit({ deliverables: [] })).thenThrows('Select at least one deliverable', 'INVALID');
  });
  it('needs every task named', () => {
    given([]).when(submit({ checklist: [{ task_name: '  ', estimated_hours: 1 }] })).thenThrows('Please fill in all task names', 'INVALID');
  });
  it('needs area, permit scope and address for a permit project', () => {
    const permit = { project_category: 'Permit' as const, project_type: 'New Construction Permit Set' };
    given([]).when(submit({ ...permit, area_sqft: null })).thenThrows(/Building area/);
    given([]).when(submit({ ...permit, permit_needs: ' ' })).thenThrows(/Permit scope summary/);
    given([]).when(submit({ ...permit, permit_needs: 'New SFR', project_address: null })).thenThrows(/Project address/);
    given([]).when(submit({ ...permit, permit_needs: 'New SFR', project_address: '1 Main St' })).then((events) => expect(events).toHaveLength(1));
  });
  it('cannot submit the same project twice', () => {
    const [event] = projectDecider.decide(submit(), projectDecider.initialState(), { actor: { sub: 'u1', role: 'client' }, now: '' });
    given([event!]).when(submit()).thenThrows(/already submitted/, 'CONFLICT');
  });
  it('refuses designers, and a client submitting for someone else', () => {
    given([], { sub: 'd1', role: 'designer' }).when(submit()).thenThrows("Projects are submitted by clients, or by an admin on a client's behalf", 'FORBIDDEN');
    given([], { sub: 'u2', role: 'client' }).when(submit()).thenThrows(/by an admin on a client's behalf/, 'FORBIDDEN');
  });
  it("lets an admin submit on a client's behalf: the project is the client's, created by the admin", () => {
    const admin = { sub: 'a1', role: 'admin' as const };
    const [event] = projectDecider.decide(submit({ user_id: 'c1' }), projectDecider.initialState(), { actor: admin, now: '' });
    expect(event!.data).toMatchObject({ user_id: 'c1' });
    const state = projectDecider.evolve(projectDecider.initialState(), { ...event!, at: '2026-11-22T10:00:00.000Z', actor: admin, version: 1 });
    expect(state).toMatchObject({ user_id: 'c1', created_by: 'a1' });
  });
  it('counts the description without its padding', () => {
    given([]).when(submit({ description: `${'x'.repeat(40)}${' '.repeat(260)}` })).thenThrows('Description must be at least 300 characters', 'INVALID');
  });
  it('evolves into a queued project with open tasks', () => {
    const [event] = projectDecider.decide(submit(), projectDecider.initialState(), { actor: { sub: 'u1', role: 'client' }, now: '' });
    const state = projectDecider.evolve(projectDecider.initialState(), { ...event!, at: '2026-11-22T10:00:00.000Z', actor: { sub: 'u1', role: 'client' }, version: 1 });
    expect(state).toMatchObject({ exists: true, id: 'P1', status: 'queued', created_at: '2026-11-22T10:00:00.000Z' });
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
