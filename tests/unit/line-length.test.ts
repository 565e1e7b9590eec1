import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Biome formats at lineWidth 120 (biome.jsonc) but leaves long strings, template literals, regexes and comments as
 * written: this test holds those to the same width (issue 43). Characters are counted as code points, as Biome counts
 * them, so a typographic apostrophe or an ellipsis is one character.
 */
const MAX = 120;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The tracked sources (what a fresh clone holds), outside docs/. */
function sources(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.cjs', '*.mjs', '*.js'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed
    .split('\0')
    .filter((file) => file && !file.startsWith('docs/'))
    .filter((file) => existsSync(`${ROOT}/${file}`));
}

describe('source lines', () => {
  it(`are at most ${MAX} characters`, () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(100);
    const tooLong = files.flatMap((file) =>
      readFileSync(`${ROOT}/${file}`, 'utf8')
        .split(/\r?\n/)
        .flatMap((line, index) => {
          const length = [...line].length;
          return length > MAX ? [`${file}:${index + 1} (${length} characters)`] : [];
        }),
    );
    expect(tooLong, 'wrap these lines by hand: Biome does not break strings or comments').toEqual([]);
  });
});
