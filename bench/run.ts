/** `npm run bench`: every benchmark, one after another, each printing its figures. */
import { benchApiLoad } from './api-load.js';
import { benchEventStore } from './event-store.js';
import { benchLighthouse } from './lighthouse.js';
import { benchLighthouseInsights } from './lighthouse-insights.js';
import { benchLiveUpdates } from './live-updates.js';
import { benchProjectsList } from './projects-list.js';
import { benchReplay } from './replay.js';
import { benchScale } from './scale.js';
import { benchSdkClientCost } from './sdk-client-cost.js';
import { benchSpa } from './spa.js';
import { benchTrust } from './trust.js';

// The embedded stack runs on this machine's Node 20; Lambda runs Node 22, so the SDK's notice does not apply.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
await benchEventStore();
await benchSdkClientCost();
await benchReplay();
await benchApiLoad();
await benchLiveUpdates();
await benchProjectsList();
await benchScale();
await benchTrust();
await benchLighthouse();
process.env.SKIP_WEB_BUILD = '1'; // built once, by the Lighthouse bench
await benchLighthouseInsights();
await benchSpa();
