import { reading } from '../../../platform/views/reader.js';
import { scheduled } from '../../../platform/lambda/scheduled.js';
import { sendDigests } from '../deliver.js';

/** Once a day: each recipient's digest of what waited for it, once per day. */
export const handler = scheduled(async () => ({ sent: await sendDigests(reading()) }));
