import { queryOptions } from '@tanstack/react-query';
import type { DesignerRow } from '../../projects/api/admin-api.js';
import { listDesigners } from '../../projects/api/admin-api.js';
import { adminKeys } from '../../users/api/admin-keys.js';

/** Every designer (all pages of GET /api/designers, which names them). */
export async function allDesigners(): Promise<DesignerRow[]> {
  const rows: DesignerRow[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page += 1) {
    const answer = await listDesigners(cursor);
    rows.push(...answer.designers);
    cursor = answer.next_cursor;
    if (!cursor) break;
  }
  return rows;
}

/** Every designer, for the board's filters, bulk assignment and Designer Management. */
export const designersQuery = () => queryOptions({ queryKey: adminKeys.designers(), queryFn: allDesigners, meta: { topics: ['designers'] } });
