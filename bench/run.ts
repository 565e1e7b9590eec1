/** `npm run bench`: every benchmark, one after another, each printing its figures. */
import { benchEventStore } from './event-store.js';

await benchEventStore();
