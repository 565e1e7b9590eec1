/**
 * The bound every view item is held to before it is written: DynamoDB refuses an item over 400 KB,
 * and a refused write in a projector is a stuck stream, so a projection's items are designed to
 * stay under VIEW_ITEM_MAX_BYTES (each feature documents its own items' maxima, docs/security.md)
 * and the write path refuses, with a named error, one that does not, before DynamoDB is asked.
 */
export const VIEW_ITEM_MAX_BYTES = 350 * 1024;

export class ViewItemTooLarge extends Error {
  override readonly name = 'ViewItemTooLarge';
  constructor(
    readonly key: { pk: string; sk: string },
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`View item ${key.pk} / ${key.sk} takes ${bytes} bytes, over its bound of ${limit}`);
  }
}

/**
 * An item's size as DynamoDB counts it (attribute names and values: strings as UTF-8, numbers about
 * one byte per two digits plus one, booleans and nulls one byte, lists and maps their parts plus 3).
 * It errs on the large side for numbers, so an item under the bound here is under it there too.
 */
export function itemBytes(item: Record<string, unknown>): number {
  let total = 0;
  for (const [name, value] of Object.entries(item)) {
    if (value === undefined) continue;
    total += Buffer.byteLength(name, 'utf8') + valueBytes(value);
  }
  return total;
}

function valueBytes(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number' || typeof value === 'bigint')
    return Math.ceil(String(value).replace(/[-.]/g, '').length / 2) + 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, member) => sum + valueBytes(member), 3);
  if (Array.isArray(value)) return value.reduce((sum: number, member) => sum + valueBytes(member) + 1, 3);
  if (typeof value === 'object') return itemBytes(value as Record<string, unknown>) + 3 + Object.keys(value).length;
  return String(value).length;
}

/** Throws ViewItemTooLarge for an item over `limit` bytes; returns its size otherwise. */
export function requireItemWithin(
  item: { pk: string; sk: string } & Record<string, unknown>,
  limit = VIEW_ITEM_MAX_BYTES,
): number {
  const bytes = itemBytes(item);
  if (bytes > limit) throw new ViewItemTooLarge({ pk: item.pk, sk: item.sk }, bytes, limit);
  return bytes;
}
