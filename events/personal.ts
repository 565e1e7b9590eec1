import * as z from './zod.js';

/**
 * Which fields of an event can hold a person's data, marked where each field is defined. The marks
 * drive three things: the store encrypts personal fields under their subject's data key at append
 * (crypto-shredding: destroying the key erases the field everywhere, backups included, while the
 * hash chain, which covers the stored ciphertext, still verifies); `docs/privacy.md` is generated
 * from them; and a test refuses a new string field that carries no mark.
 */
export interface PersonalMark {
  kind: 'personal';
  /** What the field holds, in a person's words (docs/privacy.md). */
  what: string;
  /** Why the studio keeps it (docs/privacy.md). */
  why: string;
  /**
   * Whose key seals it. `stream` (the default): the stream's own key (a project's, a team's, an
   * account's), destroyed with the person the stream belongs to. Otherwise a sibling field that holds
   * an account id: the value is sealed under that person's key (`user-<id>`), so their erasure erases
   * it wherever it stands (a team member's e-mail in the team's stream); the stream's key when the
   * field is empty.
   */
  subject?: 'stream' | { field: string };
  /** What a reader sees once the key is destroyed: a value the field's schema accepts. */
  erased?: unknown;
  /**
   * Why this personal field is kept in clear rather than encrypted (it is a stream's key, say):
   * docs/privacy.md lists it, and an erasure must remove it another way.
   */
  clear?: string;
}

export interface PlainMark {
  kind: 'plain';
  /** Why this text is not personal data (an id, a hash, a provider's reference, a vocabulary word). */
  why: string;
}

export type DataMark = PersonalMark | PlainMark;

export const dataMarks = /* @__PURE__ */ z.registry<DataMark>();

/** Marks a field as a person's data: stored encrypted under its subject's key. */
export function personal<S extends z.ZodMiniType>(schema: S, mark: Omit<PersonalMark, 'kind'>): S {
  dataMarks.add(schema, { kind: 'personal', ...mark });
  return schema;
}

/** Marks a text field as holding no personal data, with the reason. */
export function plain<S extends z.ZodMiniType>(schema: S, why: string): S {
  dataMarks.add(schema, { kind: 'plain', why });
  return schema;
}

/** A field of an event's data, as the marks see it: its path, its mark (if any), and whether it holds free text. */
export interface MarkedField {
  path: string;
  mark: DataMark | undefined;
  holdsText: boolean;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);
const SCALARS = new Set(['enum', 'literal', 'boolean', 'number', 'int', 'bigint', 'null', 'undefined', 'date', 'nan']);
/** Strings whose format leaves no room for free text: instants and generated ids. */
const FORMATS_WITHOUT_TEXT = new Set(['datetime', 'date', 'time', 'duration', 'ulid', 'uuid', 'guid']);

type Def = Record<string, any> & { type: string };
const defOf = (node: z.ZodMiniType) => (node as unknown as { _zod: { def: Def } })._zod.def;

/** A pipe with a transform in front (blank text to null, say) holds what its output schema holds. */
const pipeTarget = (def: Def): z.ZodMiniType => (defOf(def.in).type === 'transform' ? def.out : def.in);

/**
 * Every field of a schema that can hold free text, with the nearest mark above it. A mark on a
 * container (an array, an object, a record) covers everything inside it; enums and numbers hold no
 * free text and need no mark.
 */
export function markedFields(schema: z.ZodMiniType): MarkedField[] {
  const out: MarkedField[] = [];
  const walk = (node: z.ZodMiniType, path: string, inherited: DataMark | undefined) => {
    const mark = dataMarks.get(node) ?? inherited;
    const def = defOf(node);
    if (WRAPPERS.has(def.type)) return walk(def.innerType, path, mark);
    if (def.type === 'pipe') return walk(pipeTarget(def), path, mark);
    if (def.type === 'object') {
      for (const [name, child] of Object.entries(def.shape as Record<string, z.ZodMiniType>)) {
        walk(child, path ? `${path}.${name}` : name, mark);
      }
      return;
    }
    if (def.type === 'array') return walk(def.element, `${path}[]`, mark);
    if (def.type === 'record') return walk(def.valueType, `${path}{}`, mark);
    if (def.type === 'union') {
      for (const option of def.options as z.ZodMiniType[]) walk(option, path, mark);
      return;
    }
    const fixedFormat = def.type === 'string' && FORMATS_WITHOUT_TEXT.has(def.format);
    out.push({ path, mark, holdsText: !SCALARS.has(def.type) && !fixedFormat });
  };
  walk(schema, '', undefined);
  // A union visits a path once per option: keep one row per path.
  return [...new Map(out.map((field) => [field.path, field])).values()];
}

/**
 * Rebuilds `data` with every value under a personal mark replaced by `change(value, mark, parent)`:
 * the codec's one walk, used both to seal (encrypt) and to open (decrypt). Absent and null values are
 * left as they are: there is nothing to protect, and a reader must still see that they are absent.
 */
export function mapPersonal(
  schema: z.ZodMiniType,
  data: unknown,
  change: (value: unknown, mark: PersonalMark, parent: Record<string, unknown>, path: string) => unknown,
): unknown {
  const visit = (node: z.ZodMiniType, value: unknown, parent: Record<string, unknown>, path: string): unknown => {
    if (value === undefined || value === null) return value;
    const mark = dataMarks.get(node);
    if (mark?.kind === 'personal') return change(value, mark, parent, path);
    const def = defOf(node);
    if (WRAPPERS.has(def.type)) return visit(def.innerType, value, parent, path);
    if (def.type === 'pipe') return visit(pipeTarget(def), value, parent, path);
    if (def.type === 'object' && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      const next: Record<string, unknown> = { ...record };
      for (const [name, child] of Object.entries(def.shape as Record<string, z.ZodMiniType>)) {
        if (name in record) next[name] = visit(child, record[name], record, path ? `${path}.${name}` : name);
      }
      return next;
    }
    if (def.type === 'array' && Array.isArray(value))
      return value.map((item) => visit(def.element, item, parent, `${path}[]`));
    if (def.type === 'record' && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      return Object.fromEntries(entries.map(([name, item]) => [name, visit(def.valueType, item, parent, `${path}{}`)]));
    }
    if (def.type === 'union') {
      // The first option whose marks change the value decides; options of one union share their marks here.
      for (const option of def.options as z.ZodMiniType[]) {
        const changed = visit(option, value, parent, path);
        if (changed !== value) return changed;
      }
    }
    return value;
  };
  return visit(schema, data, (data ?? {}) as Record<string, unknown>, '');
}
