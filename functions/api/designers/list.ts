import { httpHandler } from '../../lib/http.js';
import { listDesigners } from '../../lib/queries/designers.js';
import { getRuntime } from '../../lib/runtime.js';
import type { ListDesignersResponse } from '../contracts/designers.js';
import { designerRow } from './commands.js';

/** GET /api/designers (admin): every designer authorisation by e-mail, with its active projects. */
export const handler = httpHandler({}, async () => {
  const runtime = getRuntime();
  const designers = await listDesigners(runtime);
  const body: ListDesignersResponse = { designers: await Promise.all(designers.map((designer) => designerRow(runtime, designer))) };
  return { body };
});
