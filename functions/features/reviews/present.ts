import type { Deliverable, ProjectReviewResponse } from './contracts.js';
import { noteTextKey, replyTextKey, summaryTextKey } from './keys.js';
import { approvedByClient, currentVersion, type ReviewSummary } from './state.js';

/** Who the caller is to this review (http/access.ts decides). */
export interface ReviewRole {
  can_review: boolean;
  can_respond: boolean;
}

/**
 * The review as GET /api/projects/{id}/reviews answers it. Texts come from their own items (the
 * views), or from the state itself when it was folded from the store with them; names from the
 * users' profiles (null when unknown). Texts are passed on as written: the SPA shows them as text.
 */
export function presentReview(
  state: ReviewSummary,
  texts: ReadonlyMap<string, string> | null,
  names: ReadonlyMap<string, string | null>,
  role: ReviewRole,
): ProjectReviewResponse {
  const projectId = state.project_id ?? '';
  const nameOf = (sub: string) => names.get(sub) ?? null;
  const noteText = (noteId: string, own: string) =>
    texts ? (texts.get(noteTextKey(projectId, noteId).sk) ?? own) : own;
  const replyText = (replyId: string, own: string) =>
    texts ? (texts.get(replyTextKey(projectId, replyId).sk) ?? own) : own;
  const deliverables = state.deliverables.map((deliverable): Deliverable => {
    const current = deliverable.versions.at(-1)!;
    return {
      deliverable_id: deliverable.deliverable_id,
      file_name: current.file_name,
      current_version: currentVersion(deliverable),
      versions: deliverable.versions.map((version) => ({
        version: version.version,
        file_id: version.file_id,
        file_name: version.file_name,
        file_size: version.file_size,
        uploaded_at: version.uploaded_at,
        uploaded_by_name: nameOf(version.uploaded_by),
        page_count: version.page_count ?? null,
      })),
      status: deliverable.status,
      ready_for_review: deliverable.ready_for_review,
      notes: state.notes
        .filter((note) => note.deliverable_id === deliverable.deliverable_id)
        .map((note) => ({
          note_id: note.note_id,
          number: note.number,
          version: note.version,
          page: note.page,
          x: note.x,
          y: note.y,
          text: noteText(note.note_id, note.text),
          author_name: nameOf(note.author),
          at: note.at,
          resolved: note.resolved,
          resolved_at: note.resolved_at,
          replies: (note.replies ?? []).map((reply) => ({
            reply_id: reply.reply_id,
            text: replyText(reply.reply_id, reply.text),
            author_name: nameOf(reply.author),
            author_role: reply.author_role,
            at: reply.at,
          })),
        })),
      decisions: deliverable.decisions.map((decision) => ({
        version: decision.version,
        decision: decision.decision,
        summary: texts
          ? (texts.get(summaryTextKey(projectId, deliverable.deliverable_id, decision.version).sk) ?? decision.summary)
          : decision.summary,
        round: decision.round,
        by_name: nameOf(decision.by),
        at: decision.at,
      })),
    };
  });
  return {
    deliverables,
    revision_round: state.revision_round,
    approved_by_client: approvedByClient(state),
    can_review: role.can_review,
    can_respond: role.can_respond,
  };
}

/** Every account a review names (for one batch read of their profiles). */
export function peopleOf(state: ReviewSummary): string[] {
  const subs = new Set<string>();
  for (const deliverable of state.deliverables) {
    for (const version of deliverable.versions) subs.add(version.uploaded_by);
    for (const decision of deliverable.decisions) subs.add(decision.by);
  }
  for (const note of state.notes) {
    subs.add(note.author);
    for (const reply of note.replies ?? []) subs.add(reply.author);
  }
  return [...subs];
}
