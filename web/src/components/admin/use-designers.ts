import { useCallback, useEffect, useState } from 'react';
import { listDesigners, type DesignerRow } from './admin-api.js';

/** A designer to filter by or assign: registered ones by account id, pre-authorised ones by e-mail. */
export interface DesignerOption {
  value: string;
  label: string;
  email: string;
  active: boolean;
  preAuthorized: boolean;
}

export function designerOptions(designers: readonly DesignerRow[], names: ReadonlyMap<string, string | null>): DesignerOption[] {
  return designers.map((designer) => {
    const name = designer.user_id ? names.get(designer.user_id) : null;
    return {
      value: designer.user_id ?? designer.email,
      label: designer.user_id ? (name ? `${name} (${designer.email})` : designer.email) : `${designer.email} (Pre-authorized)`,
      email: designer.email,
      active: designer.active,
      preAuthorized: !designer.user_id,
    };
  });
}

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

/** Every designer with their name; [] when they cannot be loaded. */
export function useDesignerOptions(): { options: DesignerOption[]; failed: boolean; reload(): void } {
  const [options, setOptions] = useState<DesignerOption[]>([]);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let active = true;
    allDesigners()
      .then((designers) => {
        if (!active) return;
        const names = new Map(designers.filter((designer) => designer.user_id).map((designer) => [designer.user_id!, designer.full_name ?? null]));
        setOptions(designerOptions(designers, names));
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.error('Could not load designers', error);
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { options, failed, reload };
}
