import type { EventEnvelope } from '../../../events/envelope.js';

/**
 * Who hears about an event, and under which topics. Topics name what to reload, never data:
 * `project:<id>` (its dialog: details, activity, comments, and the review: versions, notes and
 * decisions are project events), `projects` (boards and lists, whose cards carry the review summary),
 * `moderation`, `activity` (admin's global feed), `users` (admin's user list), `team`, `me`.
 */
export interface Audience {
  subs: string[];
  emails: string[];
  admins: boolean;
  topics: string[];
  /** Topics only admins receive (e.g. the moderation queue); everyone else gets `topics` alone. */
  adminTopics: string[];
}

export interface ProjectParties {
  user_id: string | null;
  team_id: string | null;
  assigned_designer_id: string | null;
  assigned_designer_email: string | null;
}

export function projectAudience(
  event: EventEnvelope,
  project: ProjectParties,
  teamMembers: string[],
  previousDesigner: { id: string | null; email: string | null } = { id: null, email: null },
): Audience {
  const id = event.streamId.slice('project-'.length);
  const subs = [project.user_id, project.assigned_designer_id, previousDesigner.id, ...teamMembers].filter(
    (sub): sub is string => !!sub,
  );
  const emails = [project.assigned_designer_email, previousDesigner.email].filter((email): email is string => !!email);
  const adminTopics = ['activity'];
  if (event.type.startsWith('Comment')) adminTopics.push('moderation');
  return {
    subs: [...new Set(subs)],
    emails: [...new Set(emails)],
    admins: true,
    topics: [`project:${id}`, 'projects'],
    adminTopics,
  };
}

export function otherAudience(event: EventEnvelope, teamMembers: string[]): Audience | null {
  const [kind, ...rest] = event.streamId.split('-');
  const id = rest.join('-');
  switch (kind) {
    case 'user':
      return { subs: [id], emails: [], admins: true, topics: ['me'], adminTopics: ['users'] };
    case 'billing':
      return { subs: [id], emails: [], admins: true, topics: ['me', 'subscription'], adminTopics: ['users'] };
    case 'team':
      return { subs: teamMembers, emails: [], admins: false, topics: ['team', 'projects'], adminTopics: [] };
    case 'designer':
      return { subs: [], emails: [id], admins: true, topics: ['me'], adminTopics: ['designers', 'users'] };
    default:
      return null;
  }
}
