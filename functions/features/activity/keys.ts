/** The entry's shape is the SPA's too: it lives with the contracts. */
export type { ActivityEntry } from './contracts.js';

/** The log texts of spec/1 §7 and spec/2 §4, one entry per event. The feed hides only these (spec/1 §4). */
export const HIDDEN_FROM_PROJECT_FEED = ['Comment approved', 'Comment rejected'];
