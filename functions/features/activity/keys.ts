/** The entry's shape is the SPA's too: it lives with the contracts. */
export type { ActivityEntry } from './contracts.js';

/**
 * The log texts of docs/product.md#calls and docs/product.md#states, one entry per event. The feed hides only these
 * (docs/product.md#states).
 */
export const HIDDEN_FROM_PROJECT_FEED = ['Comment approved', 'Comment rejected'];
