import { describe, expect, it } from 'vitest';
import { markedFields } from '#events/personal.js';
import { catalogue } from '../../functions/app/catalogue.js';

/**
 * The inventory is kept by the code: every field of every event that can hold free text says whether
 * it is a person's data. A new field without a mark fails here, before it can store a name in clear.
 */
describe('personal data marks', () => {
  const rows = catalogue.types().flatMap((type) => {
    const definition = catalogue.get(type)!;
    const versions = [definition.schema, ...Object.values(definition.older).map((older) => older.schema)];
    return versions.flatMap((schema) => markedFields(schema).map((field) => ({ type, ...field })));
  });

  it('finds the fields that hold text', () => {
    expect(rows.some((row) => row.type === 'ProjectSubmitted' && row.path === 'description')).toBe(true);
  });

  it('marks every text field of every event personal or plain', () => {
    const unmarked = rows.filter((row) => row.holdsText && !row.mark).map((row) => `${row.type}.${row.path}`);
    expect(unmarked).toEqual([]);
  });

  it('gives every personal field a reason, and every plain one too', () => {
    const unexplained = rows.filter((row) => row.mark && !row.mark.why.trim()).map((row) => `${row.type}.${row.path}`);
    expect(unexplained).toEqual([]);
  });
});
