import { getRuntime } from '../core/runtime.js';
import { scheduled } from './consumer-chain.js';
import { flushAll } from './notifications/deliver.js';

/** Every minute: the e-mails a burst held back (one per project per minute) go out, folded into one. */
export const handler = scheduled(async () => ({ sent: await flushAll(getRuntime()) }));
