import { httpHandler } from '../../http/middleware.js';
import { listDesigners } from '../../queries/designers.js';
import { getRuntime } from '../../core/runtime.js';
import type { ListDesignersResponse } from '../contracts/designers.js';
import { designerRow } from './commands.js';

/** GET /api/designers (admin): every designer authorisation by e-mail, with its active projects. */
export const handler = httpHandler({}, async () => {
  const runtime = getRuntime();
  const designers = await listDesigners(runtime);
  const body: ListDesignersResponse = { designers: await Promise.all(designers.map((designer) => designerRow(runtime, designer))) };
  return { body };
});
