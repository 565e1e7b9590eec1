/** What the projects slice lends other slices' screens (its calls are in api/). */
export { DesignerDashboard, DesignerDashboardSkeleton } from './components/DesignerDashboard.js';
export { StatusBadge } from './components/StatusBadge.js';
