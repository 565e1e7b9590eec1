import { reading } from '../../../platform/views/reader.js';
import { scheduled } from '../../../platform/lambda/scheduled.js';
import { flushAll } from '../deliver.js';

/** Every minute: the e-mails a burst held back (one per project per minute) go out, folded into one. */
export const handler = scheduled(async () => ({ sent: await flushAll(reading()) }));
