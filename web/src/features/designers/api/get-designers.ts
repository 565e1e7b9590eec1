import { queryOptions } from '@tanstack/react-query';
import type { DesignerRow, ListDesignersResponse } from '#features/designers/contracts.js';
import { api } from '../../../app/api.js';
import { queryString } from '../../../lib/query-string.js';
import { designerKeys } from './keys.js';

/** Every designer (all pages of GET /api/designers, which names them). */
async function allDesigners(): Promise<DesignerRow[]> {
  const rows: DesignerRow[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page += 1) {
    const answer = await api.get<ListDesignersResponse>(`/designers${queryString({ cursor })}`);
    rows.push(...answer.designers);
    cursor = answer.next_cursor;
    if (!cursor) break;
  }
  return rows;
}

/** Every designer, for the board's filters, bulk assignment and Designer Management. */
export const designersQuery = () =>
  queryOptions({ queryKey: designerKeys.all(), queryFn: allDesigners, meta: { topics: ['designers'] } });
