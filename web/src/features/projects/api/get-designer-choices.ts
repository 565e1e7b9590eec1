import { queryOptions } from '@tanstack/react-query';
import type { DesignerRow, ListDesignersResponse } from '#features/designers/contracts.js';
import { api } from '../../../app/api.js';
import { projectKeys } from './keys.js';

/** A designer option (docs/product.md#records): pre-authorised designers are listed with id equal to their e-mail. */
export interface DesignerOption {
  id: string;
  name: string;
  email: string;
  isPreAuth: boolean;
  /** The account's name when the list knows it (the API then fills it in otherwise). */
  fullName: string | null;
}

export function designerOptions(rows: readonly DesignerRow[]): DesignerOption[] {
  return rows
    .filter((row) => row.active !== false)
    .map((row) => ({
      id: row.user_id ?? row.email,
      name: row.full_name || row.email,
      email: row.email,
      isPreAuth: !row.user_id,
      fullName: row.full_name ?? null,
    }));
}

/** GET /api/designers as the Management tab's choices (active designers, pre-authorised ones by e-mail). */
export const designerChoicesQuery = () =>
  queryOptions({
    queryKey: projectKeys.designerChoices(),
    queryFn: async () => designerOptions((await api.get<ListDesignersResponse>('/designers')).designers ?? []),
    meta: { topics: ['designers'] },
  });
