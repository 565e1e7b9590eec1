import { httpHandler } from '../../../app/http.js';
import { designerRow, pageDesigners } from '../queries.js';
import { cursorScope, pageLimit } from '../../../platform/views/paging.js';
import { profilesOf } from '../../projects/queries.js';
import { reading } from '../../../platform/views/reader.js';
import { DESIGNERS_PAGE, listDesignersQuery, type ListDesignersResponse } from '../contracts.js';

/**
 * GET /api/designers (admin): designer authorisations by e-mail, a page at a time, with their active projects and
 * names.
 */
export const handler = httpHandler({ query: listDesignersQuery }, async (request) => {
  const runtime = reading();
  const page = await pageDesigners(runtime, {
    scope: cursorScope('GET /api/designers', {}),
    limit: pageLimit(request.query.limit, DESIGNERS_PAGE),
    cursor: request.query.cursor,
  });
  const [rows, names] = await Promise.all([
    Promise.all(page.designers.map((designer) => designerRow(runtime, designer))),
    profilesOf(
      runtime,
      page.designers.map((designer) => designer.user_id ?? ''),
    ),
  ]);
  const designers = rows.map((row) => ({
    ...row,
    full_name: row.user_id ? (names.get(row.user_id)?.full_name ?? null) : null,
  }));
  const body: ListDesignersResponse = { designers, ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) };
  return { body };
});
