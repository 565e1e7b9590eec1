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

/** What is written by hand: code, styles, markup, configuration, the CI script, the stylesheets' icons. */
const WRITTEN = ['*.ts', '*.tsx', '*.cjs', '*.mjs', '*.js', '*.css', '*.html', '*.yml', '*.json', '*.jsonc'];
const ALSO = ['.ci/run', 'web/src/**/icons/*.svg'];
/**
 * Generated or drawn, not written: docs/ (its tables and generated pages), lockfiles, and the site's
 * public pictures (sample drawings and the favicon, exported from a drawing tool).
 */
const NOT_WRITTEN = [/^docs\//, /(^|\/)package-lock\.json$/, /^web\/public\//];

/** The tracked sources (what a fresh clone holds). */
function sources(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--', ...WRITTEN, ...ALSO], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => file && !NOT_WRITTEN.some((pattern) => pattern.test(file)))
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
