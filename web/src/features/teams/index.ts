/** What the teams slice lends other slices' screens (its calls are in api/). */
export { TeamManagement } from './components/TeamManagement.js';
