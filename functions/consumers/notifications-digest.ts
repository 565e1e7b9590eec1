import { getRuntime } from '../core/runtime.js';
import { scheduled } from './consumer-chain.js';
import { sendDigests } from './notifications/deliver.js';

/** Once a day: each recipient's digest of what waited for it, once per day. */
export const handler = scheduled(async () => ({ sent: await sendDigests(getRuntime()) }));
