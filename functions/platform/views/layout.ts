/**
 * The layout of the views: which items the projections write for a given history. Raise it with a
 * change that history must be replayed for (a new lookup, index item, counter or projection, or
 * items of another shape). A full rebuild (`npm run replay`) records the layout it built with on
 * the generation pointer; `npm run deploy` and the embedded stack's start compare it with this one
 * and rebuild (or ask to) when the views are older, so projects from before the change are not left
 * out of columns, counts and search.
 *
 * 1: the layout of issue 21 and later (board index items, counters, the admins index, the client on
 *    the card, the insights).
 * 2: issue 36, the activity log in the studio's words ('Status updated to In Progress', 'Due date
 *    set to Nov 26, 2026'): a rebuild rewords the entries written before.
 * 3: issue 37, the client's review: the review view per project, the review summary on every
 *    project document and card, and the activity entries of versions and decisions.
 * 4: issue 41, the review in bounded items: a summary without notes, and one item per note,
 *    resolution and reply (texts with them).
 * 5: issue 41, comments in bounded items: each comment's text in its own item written once, its
 *    approval in another, and the moderation queue from the projects' pending comments.
 * 6: issue 43, one name for the checklist's provenance: project documents and cards keep the proven
 *    `checklist_origin` (no `checklist_source`) and derive `grok_generated` from it, where they kept
 *    the client's word: a rebuild rewrites the ones written before.
 * 7: issue 45, a project's board and search index items held in the five indexes at once: one board
 *    item (a partition per index) and one search item per five words, where there were four and one
 *    per word.
 *    And counters grouped: one item per group of counters a step moves together (a board column's
 *    partitions, a designer's, a client's or a team's statuses, the Users tab's counts), one update per item.
 * 8: issue 45, the four board columns' counters in one item (a field per column and priority), where
 *    each column had its own: a status change updates three counter items, not four.
 * 9: issue 45, a project's insights timeline kept on the insights checkpoint, where it had an item
 *    of its own beside it: one write a step.
 */
export const VIEWS_LAYOUT = 9;
