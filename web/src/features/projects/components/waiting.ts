import type { ProjectCard } from '../../../lib/contracts.js';

/** One thing that waits on the person, with where it is done. */
export interface WaitingItem {
  key: string;
  /** What to do, as a link text: 'Review the new drawings for Kitchen'. */
  label: string;
  /** Where: the project dialog (`?project=`) or an admin tab. */
  to: string;
}

const at = (board: string, projectId: string) => `${board}?project=${encodeURIComponent(projectId)}`;

/** A client: versions ready for review (a new version after changes, or drawings the studio put to review). */
export function clientWaiting(projects: readonly ProjectCard[]): WaitingItem[] {
  return projects
    .filter(
      (project) =>
        project.review_summary?.ready_for_review ||
        (project.status === 'needs_revision' && !project.review_summary?.approved_by_client),
    )
    .map((project) => ({
      key: `review-${project.id}`,
      label: `Review the drawings for ${project.title}`,
      to: at('/dashboard', project.id),
    }));
}

/** A designer: changes the client requested, with their notes to answer. */
export function designerWaiting(projects: readonly ProjectCard[]): WaitingItem[] {
  return projects
    .filter((project) => project.review_summary?.changes_requested)
    .map((project) => ({
      key: `changes-${project.id}`,
      label: `Answer the requested changes on ${project.title}`,
      to: at('/designer', project.id),
    }));
}

/** An admin: projects nobody is assigned to, and comments waiting for moderation. */
export function adminWaiting(projects: readonly ProjectCard[], pendingComments: number): WaitingItem[] {
  const items: WaitingItem[] = projects
    .filter(
      (project) => !project.assigned_designer_id && !project.assigned_designer_email && project.status !== 'delivered',
    )
    .map((project) => ({
      key: `assign-${project.id}`,
      label: `Assign a designer to ${project.title}`,
      to: at('/admin', project.id),
    }));
  if (pendingComments > 0) {
    items.push({
      key: 'moderation',
      label: `Moderate ${pendingComments} pending ${pendingComments === 1 ? 'comment' : 'comments'}`,
      to: '/admin?tab=moderation',
    });
  }
  return items;
}
