/** What the permits slice lends the project screens: the City Review tab and the city's badge. */
export { CityReviewBadge } from './components/CityReviewBadge.js';
export { CityReviewTab } from './components/CityReviewTab.js';
