import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { DesignerRow } from '#features/designers/contracts.js';
import { designersQuery } from './get-designers.js';
import { designerKeys } from './keys.js';

/** A designer to filter by or assign: registered ones by account id, pre-authorised ones by e-mail. */
export interface DesignerOption {
  value: string;
  label: string;
  email: string;
  active: boolean;
  preAuthorized: boolean;
}

export function designerOptions(
  designers: readonly DesignerRow[],
  names: ReadonlyMap<string, string | null>,
): DesignerOption[] {
  return designers.map((designer) => {
    const name = designer.user_id ? names.get(designer.user_id) : null;
    return {
      value: designer.user_id ?? designer.email,
      label: designer.user_id
        ? name
          ? `${name} (${designer.email})`
          : designer.email
        : `${designer.email} (Pre-authorized)`,
      email: designer.email,
      active: designer.active,
      preAuthorized: !designer.user_id,
    };
  });
}

/** Every designer with their name; [] when they cannot be loaded. */
export function useDesignerOptions(): { options: DesignerOption[]; failed: boolean; reload(): void } {
  const client = useQueryClient();
  const query = useQuery(designersQuery());
  const designers = query.data;
  const options = useMemo(() => {
    if (!designers) return [];
    const names = new Map(
      designers
        .filter((designer) => designer.user_id)
        .map((designer) => [designer.user_id!, designer.full_name ?? null]),
    );
    return designerOptions(designers, names);
  }, [designers]);
  useEffect(() => {
    if (query.error) console.error('Could not load designers', query.error);
  }, [query.error]);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: designerKeys.all() }), [client]);
  return { options, failed: query.isError, reload };
}
