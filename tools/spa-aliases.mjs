#!/usr/bin/env node
// Rewrites the SPA's relative imports that leave web/ (`'../../../../functions/features/reviews/contracts.js'`)
// into the package.json `imports` aliases (`'#features/reviews/contracts.js'`, `#shared/…`, `#events/…`), so no
// import climbs four folders. Idempotent: run it again after moving SPA files (`node tools/spa-aliases.mjs`).
// Prints each file it changed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const ALIASES = [
  ['functions/features/', '#features/'],
  ['shared/', '#shared/'],
  ['events/', '#events/'],
];

function* sources(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

let changed = 0;
for (const file of sources(join(ROOT, 'web/src'))) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(/(from\s+|import\s*\(\s*)(['"])((?:\.\.\/)+[^'"]+)\2/g, (whole, lead, quote, specifier) => {
    const target = relative(ROOT, resolve(dirname(file), specifier))
      .split(sep)
      .join('/');
    const alias = ALIASES.find(([folder]) => target.startsWith(folder));
    return alias ? `${lead}${quote}${alias[1]}${target.slice(alias[0].length)}${quote}` : whole;
  });
  if (next !== text) {
    writeFileSync(file, next);
    changed += 1;
    console.log(relative(ROOT, file));
  }
}
console.log(`${changed} file(s) rewritten`);
