/**
 * EventBridge's event-pattern matching, as documented ("Creating event patterns", "Content filtering
 * in event patterns"): a pattern is a tree of objects whose leaves are arrays of alternatives; an
 * event matches when every field the pattern names matches one alternative. Alternatives: a literal
 * (string, number, boolean, null), or a filter object: prefix, suffix (both with equals-ignore-case),
 * anything-but (a value, a list, or { prefix } / { suffix } / { wildcard }), numeric ranges, exists,
 * equals-ignore-case, wildcard, cidr; `$or` at any level. An event's array field matches when any of
 * its elements does.
 */
export type EventPattern = { [field: string]: unknown };

export class InvalidPatternError extends Error {}

export function matchesPattern(pattern: EventPattern, event: unknown): boolean {
  return matchObject(pattern, event);
}

function matchObject(pattern: Record<string, unknown>, value: unknown): boolean {
  for (const [key, sub] of Object.entries(pattern)) {
    if (key === '$or') {
      if (!Array.isArray(sub) || sub.length < 2) throw new InvalidPatternError('$or needs at least two patterns');
      if (!sub.some((alternative) => matchObject(alternative as Record<string, unknown>, value))) return false;
      continue;
    }
    const field = isObject(value) ? value[key] : undefined;
    const present = isObject(value) && key in value;
    if (Array.isArray(sub)) {
      if (!matchLeaf(sub, field, present)) return false;
    } else if (isObject(sub)) {
      if (!present || !isObject(field)) {
        // Only `exists: false` leaves below can match an absent object.
        if (!matchObject(sub, {})) return false;
        continue;
      }
      if (!matchObject(sub, field)) return false;
    } else {
      throw new InvalidPatternError(`The pattern's value for "${key}" must be an array or an object`);
    }
  }
  return true;
}

function matchLeaf(alternatives: unknown[], field: unknown, present: boolean): boolean {
  const values = Array.isArray(field) ? field : [field];
  return alternatives.some((alternative) => {
    if (isObject(alternative) && 'exists' in alternative) {
      const exists = present && field !== undefined && !(Array.isArray(field) && field.length === 0);
      return alternative.exists === exists;
    }
    if (!present) return false;
    if (isObject(alternative) && 'anything-but' in alternative) {
      // anything-but holds when no element of the field is excluded.
      return values.every((value) => matchAlternative(alternative, value));
    }
    return values.some((value) => matchAlternative(alternative, value));
  });
}

function matchAlternative(alternative: unknown, value: unknown): boolean {
  if (alternative === null || typeof alternative !== 'object') return literalEquals(alternative, value);
  const filter = alternative as Record<string, unknown>;
  const [operator, operand] = Object.entries(filter)[0] ?? [];
  switch (operator) {
    case 'prefix':
      return typeof value === 'string' && affix(operand, value, (text, part) => text.startsWith(part));
    case 'suffix':
      return typeof value === 'string' && affix(operand, value, (text, part) => text.endsWith(part));
    case 'equals-ignore-case':
      return typeof value === 'string' && typeof operand === 'string' && value.toLowerCase() === operand.toLowerCase();
    case 'wildcard':
      return typeof value === 'string' && typeof operand === 'string' && wildcard(operand).test(value);
    case 'numeric':
      return typeof value === 'number' && numeric(operand, value);
    case 'cidr':
      return typeof value === 'string' && typeof operand === 'string' && inCidr(operand, value);
    case 'anything-but':
      return !anythingButExcludes(operand, value);
    default:
      throw new InvalidPatternError(`Unknown filter ${JSON.stringify(filter)}`);
  }
}

function anythingButExcludes(operand: unknown, value: unknown): boolean {
  if (Array.isArray(operand)) return operand.some((excluded) => literalEquals(excluded, value));
  if (isObject(operand)) return matchAlternative(operand, value);
  return literalEquals(operand, value);
}

function affix(operand: unknown, value: string, test: (text: string, part: string) => boolean): boolean {
  if (typeof operand === 'string') return test(value, operand);
  if (isObject(operand) && typeof operand['equals-ignore-case'] === 'string')
    return test(value.toLowerCase(), operand['equals-ignore-case'].toLowerCase());
  throw new InvalidPatternError(`prefix/suffix takes a string or { "equals-ignore-case": string }`);
}

function numeric(operand: unknown, value: number): boolean {
  if (!Array.isArray(operand) || operand.length % 2 !== 0)
    throw new InvalidPatternError('numeric takes operator/number pairs');
  for (let i = 0; i < operand.length; i += 2) {
    const [operator, bound] = [operand[i], Number(operand[i + 1])];
    const holds =
      operator === '='
        ? value === bound
        : operator === '<'
          ? value < bound
          : operator === '<='
            ? value <= bound
            : operator === '>'
              ? value > bound
              : operator === '>='
                ? value >= bound
                : null;
    if (holds === null) throw new InvalidPatternError(`Unknown numeric operator ${String(operator)}`);
    if (!holds) return false;
  }
  return true;
}

function wildcard(pattern: string): RegExp {
  const source = pattern
    .split(/(\\\*|\*)/)
    .map((part) => (part === '*' ? '.*' : part === '\\*' ? '\\*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 's');
}

function inCidr(cidr: string, address: string): boolean {
  const [base, bits] = cidr.split('/');
  const toNumber = (ip: string) => ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
  if (!base || bits === undefined || !/^\d+\.\d+\.\d+\.\d+$/.test(address)) return false;
  const mask = Number(bits) === 0 ? 0 : 2 ** 32 - 2 ** (32 - Number(bits));
  return (toNumber(base) & mask) >>> 0 === (toNumber(address) & mask) >>> 0;
}

function literalEquals(expected: unknown, value: unknown): boolean {
  return expected === value;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
