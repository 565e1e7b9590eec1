/** What the checklists slice lends other slices' screens (its calls are in api/). */
export { ChecklistPanel } from './components/ChecklistPanel.js';
export { ChecklistSummaryCard } from './components/ChecklistSummaryCard.js';
