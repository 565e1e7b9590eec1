/** The activity log's entry type, and what the project feed hides, apart from the log's texts and the projection. */
export interface ActivityEntry {
  id: string;
  project_id: string;
  project_title: string;
  user_id: string;
  /** The system role the author acted in: badge colour admin red, designer blue, other grey. */
  actor_role: string;
  action: string;
  details: string | null;
  metadata: Record<string, unknown>;
  created_at: string;
}

/** The log texts of spec/1 §7 and spec/2 §4, one entry per event. The feed hides only these (spec/1 §4). */
export const HIDDEN_FROM_PROJECT_FEED = ['Comment approved', 'Comment rejected'];
