import type { EventReading } from '../../platform/runtime.js';
import { getUser } from '../users/queries.js';
import { billingStream } from '../billing/state.js';
import { getBilling, subscriptionView } from '../billing/queries.js';
import {
  commentsOfProject,
  getProject,
  projectsOfOwner,
  projectsOfTeam,
  type ProjectDetail,
} from '../projects/queries.js';
import { getReview } from '../reviews/queries.js';
import { activityOfProject } from '../activity/queries.js';
import { membershipOf } from '../teams/queries.js';
import { inboxOf } from '../notifications/queries.js';
import type { ArchiveInput } from './archive.js';
import type { EntryKind } from './contracts.js';
import type { ExportState } from './state.js';

/**
 * How much of each long list an archive copies: far above what a person gathers (the feeds and
 * comment lists are bounded per project already), so a copy is whole in practice and bounded always.
 */
export const PER_PROJECT_LIST_MAX = 2_000;
export const NOTIFICATIONS_MAX = 5_000;
export const PROJECTS_MAX = 1_000;

type Section = ArchiveInput['sections'][number];
/** A file to copy: where it goes in the archive, and its object in the uploads bucket. */
export type StoredFile = Omit<ArchiveInput['files'][number], 'open'> & { key: string };

/** The file's place in the archive: one folder per project, the file's id before its stored name. */
const filePath = (project: ProjectDetail, file: ProjectDetail['files'][number]) =>
  `files/${project.id}/${file.file_type}/${file.id}-${file.file_name.replace(/[^A-Za-z0-9._-]/g, '_')}`;

/**
 * Everything about one person, read through the views and the event store's own API (so fields the
 * store seals at append come back opened): their profile, subscription and billing events, the
 * projects they own or their team holds with checklists, comments, review notes and activity, their
 * notifications, team membership and earlier exports; and the files: their own uploads and the
 * deliverables of their projects. Another person's uploads on a shared project are theirs, not this
 * person's, and stay out.
 */
export async function gatherPersonalData(
  runtime: EventReading,
  sub: string,
  exports: ExportState,
): Promise<{ subject: ArchiveInput['subject']; sections: Section[]; files: StoredFile[] }> {
  const user = await getUser(runtime, sub);
  const membership = await membershipOf(runtime, sub);
  const own = await projectsOfOwner(runtime, sub);
  const team = membership?.status === 'active' ? await projectsOfTeam(runtime, membership.team_id) : [];
  const projects = new Map<string, ProjectDetail>();
  for (const card of [...own, ...team].slice(0, PROJECTS_MAX)) {
    if (projects.has(card.id)) continue;
    const detail = await getProject(runtime, card.id);
    if (detail) projects.set(card.id, detail);
  }

  const sections: Section[] = [];
  const add = (kind: EntryKind, path: string, data: unknown) => sections.push({ kind, path, data });
  add(
    'profile',
    'profile.json',
    user && {
      user_id: user.user_id,
      email: user.email,
      full_name: user.full_name,
      company: user.company,
      phone: user.phone,
      user_type: user.user_type,
      roles: user.roles,
      team_id: user.team_id ?? null,
      created_at: user.created_at,
      notification_preferences: user.notification_preferences ?? {},
    },
  );
  add('subscription', 'subscription.json', subscriptionView(await getBilling(runtime, sub)));
  const billing = await runtime.store.readStream(billingStream(sub));
  add(
    'billing_events',
    'billing-events.json',
    billing.events.map((event) => ({ type: event.type, at: event.at, data: event.data })),
  );
  const list = [...projects.values()];
  add(
    'projects',
    'projects.json',
    list.map(({ checklist: _checklist, ...project }) => project),
  );
  add(
    'checklists',
    'checklists.json',
    list.map((project) => ({ project_id: project.id, title: project.title, checklist: project.checklist })),
  );
  const comments = [];
  const notes = [];
  const activity = [];
  for (const project of list) {
    comments.push({
      project_id: project.id,
      comments: await commentsOfProject(runtime, project.id, PER_PROJECT_LIST_MAX),
    });
    const review = await getReview(runtime, project.id);
    if (review) notes.push({ project_id: project.id, review: review.state, texts: Object.fromEntries(review.texts) });
    activity.push({
      project_id: project.id,
      activity: await activityOfProject(runtime, project.id, PER_PROJECT_LIST_MAX),
    });
  }
  add('comments', 'comments.json', comments);
  add('review_notes', 'review-notes.json', notes);
  add('activity', 'activity.json', activity);
  add('notifications', 'notifications.json', await inboxOf(runtime, sub, NOTIFICATIONS_MAX));
  add('team_memberships', 'team-memberships.json', membership ? [membership] : []);
  add(
    'data_exports',
    'data-exports.json',
    exports.exports.map(({ object_key: _key, ...record }) => record),
  );

  const files = list.flatMap((project) =>
    project.files
      .filter((file) => file.uploader_id === sub || file.file_type === 'deliverable')
      .map((file) => ({
        path: filePath(project, file),
        bytes: file.file_size,
        project_id: project.id,
        key: file.file_url,
      })),
  );
  return {
    subject: { user_id: sub, email: user?.email ?? null, full_name: user?.full_name ?? null },
    sections,
    files,
  };
}
