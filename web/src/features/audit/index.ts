/** What the audit slice lends other slices' screens (its calls are in api/). */
export { AuditHistory } from './components/AuditHistory.js';
