import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderInventory, withInventory } from '../../functions/app/privacy-inventory.js';

describe('docs/privacy.md', () => {
  it('lists exactly what the marks on the events say (npx tsx bin/privacy-inventory.ts)', () => {
    const page = readFileSync(new URL('../../docs/privacy.md', import.meta.url), 'utf8');
    expect(page).toBe(withInventory(page, renderInventory()));
  });
});
