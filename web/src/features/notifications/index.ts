/** What the notifications slice lends other slices' screens (its calls are in api/). */
export { NotificationSettings } from './components/NotificationSettings.js';
