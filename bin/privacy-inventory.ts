import { readFile, writeFile } from 'node:fs/promises';
import { renderInventory, withInventory } from '../functions/app/privacy-inventory.js';

/** Writes the generated inventory of personal data into docs/privacy.md (`npx tsx bin/privacy-inventory.ts`). */
const file = new URL('../docs/privacy.md', import.meta.url);
await writeFile(file, withInventory(await readFile(file, 'utf8'), renderInventory()));
console.log('docs/privacy.md: inventory written');
