/** What the activity slice lends other slices' screens (its calls are in api/). */
export { ActivityPanel } from './components/ActivityPanel.js';
