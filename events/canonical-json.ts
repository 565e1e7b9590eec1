/**
 * Canonical JSON: object keys sorted, no insignificant whitespace, `undefined` members dropped.
 * The hash chain is computed over this form, so the same event always hashes the same, whatever
 * order its fields were written in or however a store round-trips them.
 *
 * Written as one string build without intermediate arrays: an audit verifies every event of the
 * history through here, and this is most of its CPU.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('Non-finite number in event');
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) out += ',';
      const item = value[i];
      out += item === undefined ? 'null' : canonicalJson(item);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  // Default sort compares UTF-16 code units, as the `<` comparison did.
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    if (!first) out += ',';
    first = false;
    out += `${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${out}}`;
}
