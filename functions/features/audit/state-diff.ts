import type { Change } from './contracts.js';

export type { Change };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const idOf = (value: unknown): string | undefined =>
  isObject(value) ? ((value.checklist_id ?? value.id) as string | undefined) : undefined;

/**
 * What changed between two states, as paths a person can read: `status`, `checklist[P1-t2].completed`,
 * `files[+F1]` (added), `comments[-C1]` (removed). Lists of records are matched by their id.
 */
export function diffStates(before: unknown, after: unknown, path = ''): Change[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffStates(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (
    Array.isArray(before) &&
    Array.isArray(after) &&
    [...before, ...after].every((item) => idOf(item) !== undefined)
  ) {
    const changes: Change[] = [];
    const old = new Map(before.map((item) => [idOf(item)!, item]));
    const next = new Map(after.map((item) => [idOf(item)!, item]));
    for (const [id, item] of next) {
      if (!old.has(id)) changes.push({ path: `${path}[+${id}]`, before: null, after: item });
      else changes.push(...diffStates(old.get(id), item, `${path}[${id}]`));
    }
    for (const [id, item] of old)
      if (!next.has(id)) changes.push({ path: `${path}[-${id}]`, before: item, after: null });
    return changes;
  }
  return [{ path, before: before ?? null, after: after ?? null }];
}
