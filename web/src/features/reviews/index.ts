/** What the reviews slice lends other slices' screens (its calls are in api/). */
export { DeliverableItem } from './components/DeliverableItem.js';
export { LazyReviewViewer } from './components/LazyReviewViewer.js';
export { reviewSummaryOf } from './components/summary.js';
