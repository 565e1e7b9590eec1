import { httpHandler } from '../../../app/http.js';
import { reading } from '../../../platform/views/reader.js';
import { erasureLog } from '../queries.js';
import type { ErasureLogResponse } from '../erasure-contracts.js';

/** GET /api/admin/erasures: the erasure log, newest first: account id, who asked, when, reference, done. */
export const handler = httpHandler({}, async () => {
  const entries = await erasureLog(reading());
  const body: ErasureLogResponse = {
    erasures: entries.map((entry) => ({ ...entry, status: entry.completed_at ? 'done' : 'erasing' })),
  };
  return { body };
});
