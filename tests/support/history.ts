import type { Actor } from '../../events/envelope.js';
import { ProjectSubmitted } from '../../functions/features/projects/events.js';
import { LONG_DESCRIPTION, type TestUser } from './stack.js';

type ProjectSubmittedData = Parameters<typeof ProjectSubmitted.create>[0];

/** A signed-in test user as the store records them: the actor of the events they cause. */
export const actor = (user: TestUser, role: Actor['role']): Actor => ({ sub: user.sub, role });

/**
 * A project as a client's submission records it, with a two-task checklist (`<id>-t1`, `<id>-t2`)
 * of 6.5 hours: the event the integration suites state instead of POSTing a project.
 */
export const projectSubmitted = (data: { project_id: string; user_id: string } & Partial<ProjectSubmittedData>) =>
  ProjectSubmitted.create({
    team_id: null,
    title: 'Ranch house refresh',
    project_category: 'Design',
    project_type: 'Concept Design',
    property_type: 'single_family',
    description: LONG_DESCRIPTION,
    design_priority: ['Layout Optimization'],
    area_sqft: 1850,
    existing_plans: false,
    permit_needs: null,
    deliverables: ['Layout Plan', 'Concept Render'],
    room_selection: ['Kitchen'],
    room_notes: null,
    inspiration_links: [],
    project_address: null,
    specifications: {},
    checklist: [
      {
        checklist_id: `${data.project_id}-t1`,
        task_name: 'Site measurements review',
        estimated_hours: 2,
        order_index: 0,
      },
      { checklist_id: `${data.project_id}-t2`, task_name: 'Layout options', estimated_hours: 4.5, order_index: 1 },
    ],
    total_estimated_hours: 6.5,
    estimated_turnaround_days: 3,
    checklist_origin: 'manual',
    priority: 'Normal',
    ...data,
  });
