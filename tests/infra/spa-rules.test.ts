/**
 * The SPA's folder rules (the web/src block of .dependency-cruiser.cjs) each catch what they forbid:
 * web/src is copied to a scratch directory, one violation per rule is planted in the copy, and the
 * check must report each under its rule's name. The same copy checked with a config that lacks those
 * rules reports none of them, so each test fails without its rule. (The real tree passing is
 * `npm run lint:deps`.)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/synth.js';

const CRUISER = join(ROOT, 'tools/depcruise/node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');

/** Each rule, the file planted to break it, and the import in it that does. */
const PLANTS = [
  {
    rule: 'spa-no-circular',
    files: {
      'web/src/lib/planted-a.ts': "import { b } from './planted-b.js';\nexport const a = () => b();\n",
      'web/src/lib/planted-b.ts': "import { a } from './planted-a.js';\nexport const b = () => a;\n",
    },
    from: 'web/src/lib/planted-a.ts',
  },
  {
    rule: 'spa-feature-through-public-files',
    files: {
      'web/src/features/teams/components/PlantedBadge.tsx':
        "export { StatusBadge } from '../../projects/components/StatusBadge.js';\n",
    },
    from: 'web/src/features/teams/components/PlantedBadge.tsx',
  },
  {
    rule: 'spa-features-only-app-wiring',
    files: {
      'web/src/features/teams/components/PlantedRoutes.ts': "export { screenRoutes } from '../../../app/routes.js';\n",
    },
    from: 'web/src/features/teams/components/PlantedRoutes.ts',
  },
  {
    rule: 'spa-shared-knows-no-feature',
    files: { 'web/src/ui/PlantedTeam.ts': "export { TeamManagement } from '../features/teams/index.js';\n" },
    from: 'web/src/ui/PlantedTeam.ts',
  },
] as const;

let scratch: string;
let withRules: string;
let withoutRules: string;

function cruise(config: string): string {
  const result = spawnSync(process.execPath, [CRUISER, '--config', config, '--output-type', 'err', 'web/src'], {
    cwd: scratch,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return `${result.stdout}\n${result.stderr}`;
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'spa-rules-'));
  cpSync(join(ROOT, 'web/src'), join(scratch, 'web/src'), { recursive: true });
  for (const file of ['tsconfig.json', 'package.json']) cpSync(join(ROOT, file), join(scratch, file));
  for (const plant of PLANTS) {
    for (const [path, text] of Object.entries(plant.files)) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), text);
    }
  }
  const names = JSON.stringify(PLANTS.map((plant) => plant.rule));
  writeFileSync(
    join(scratch, 'without-spa-rules.cjs'),
    `const base = require(${JSON.stringify(CONFIG)});\n` +
      `module.exports = { ...base, forbidden: base.forbidden.filter((rule) => !${names}.includes(rule.name)) };\n`,
  );
  withRules = cruise(CONFIG);
  withoutRules = cruise(join(scratch, 'without-spa-rules.cjs'));
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the web/src rules catch a planted violation', () => {
  for (const plant of PLANTS) {
    it(`${plant.rule}: reported with the rule, not reported without it`, () => {
      const line = `error ${plant.rule}: ${plant.from}`;
      expect(withRules).toContain(line);
      expect(withoutRules).not.toContain(line);
    });
  }

  it('the rules report nothing in the copy but the planted files', () => {
    const rules = PLANTS.map((plant) => `error ${plant.rule}:`);
    const spaErrors = withRules.split('\n').filter((line) => rules.some((rule) => line.includes(rule)));
    expect(spaErrors.length).toBeGreaterThan(0);
    expect(spaErrors.filter((line) => !/Planted|planted-/.test(line))).toEqual([]);
  });
});
