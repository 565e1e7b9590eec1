import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Each folder rule of .dependency-cruiser.cjs catches the violation it exists for. A scratch copy of the
 * repository gets one planted violation per rule; dependency-cruiser then runs over it once, with the real
 * config, and every plant must be reported under its rule, and nothing else (the rest of the copy is the real,
 * clean tree). Without a rule (or with it weakened: no `reachable`, a `*-queries` wildcard, read paths by file
 * name) its plant goes unreported and its test fails.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const DEPCRUISE = join(ROOT, 'tools/depcruise/node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const COPIED = ['functions', 'events', 'shared', 'infra', 'web/src', 'bin', 'tests', 'bench'];
const COPIED_FILES = ['.dependency-cruiser.cjs', 'tsconfig.json', 'package.json'];

/** A plant: files written (or appended to) in the copy, and the violation each rule must report. */
interface Plant {
  rule: string;
  /** Why this is the violation the rule exists for. */
  why: string;
  files: Record<string, string>;
  append?: Record<string, string>;
  /** The module the violation must be reported from. */
  from: string;
}

const PLANTS: Plant[] = [
  {
    rule: 'platform-not-to-features',
    why: 'the platform reaches a decider through infra/, with no direct import of a feature',
    files: {
      'functions/platform/planted-reach.ts':
        "import { plantedBridge } from '../../infra/planted-bridge.js';\nexport const plantedReach = plantedBridge;\n",
      'infra/planted-bridge.ts':
        "import { projectDecider } from '../functions/features/projects/decider.js';\nexport const plantedBridge = " +
        'projectDecider;\n',
    },
    from: 'functions/platform/planted-reach.ts',
  },
  {
    rule: 'platform-not-to-infra',
    why: 'the platform imports infra/ (the same plant)',
    files: {},
    from: 'functions/platform/planted-reach.ts',
  },
  {
    rule: 'infra-only-event-lists',
    why: 'the CDK side of infra/ imports a decider (the same plant)',
    files: {},
    from: 'infra/planted-bridge.ts',
  },
  {
    rule: 'feature-enters-app-by-wiring',
    why: 'a feature imports app/projections.ts, which hands over every feature',
    files: {
      'functions/features/notifications/planted-app.ts':
        "import { projections } from '../../app/projections.js';\nexport const plantedApp = projections;\n",
    },
    from: 'functions/features/notifications/planted-app.ts',
  },
  {
    rule: 'feature-through-public-surface',
    why: 'a feature imports a *-queries file of another feature',
    files: {
      'functions/features/activity/planted-surface.ts':
        "import { canReadProject } from '../projects/access-queries.js';\nexport const plantedSurface = " +
        'canReadProject;\n',
    },
    from: 'functions/features/activity/planted-surface.ts',
  },
  {
    rule: 'read-path-not-to-decider',
    why: "a new GET handler, named like no read path, imports the decider: the route table's GET row makes it one",
    files: {
      'functions/features/projects/http/search.ts':
        "import { projectDecider } from '../decider.js';\nexport const handler = projectDecider;\n",
    },
    append: {
      'infra/routes.ts':
        "\nexport const plantedRoutes = [\n  route('GET /api/search', projects('search'), 'any', [], { summary: " +
        "'search' }),\n];\n",
    },
    from: 'functions/features/projects/http/search.ts',
  },
  {
    rule: 'spa-reaches-only-browser-code',
    why: "an event list the SPA reaches through a contract's value import takes a DynamoDB client",
    files: {},
    append: {
      'functions/features/teams/events.ts':
        "\nimport { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const plantedClient = DynamoDBClient;\n",
    },
    from: 'web/src/',
  },
  {
    rule: 'spa-only-contracts-and-shared',
    why: "the SPA imports a feature's queries",
    files: {
      'web/src/planted-spa.ts':
        "import { getProject } from '../../functions/features/projects/queries.js';\nexport const plantedSpa = " +
        'getProject;\n',
    },
    from: 'web/src/planted-spa.ts',
  },
  {
    rule: 'contracts-stay-browser-safe',
    why: 'a contract imports a projection',
    files: {
      'functions/features/billing/planted-contracts.ts':
        "import { billingProjection } from './projection.js';\nexport const plantedContract = billingProjection;\n",
    },
    from: 'functions/features/billing/planted-contracts.ts',
  },
  {
    rule: 'shared-stands-alone',
    why: 'shared/ imports server code',
    files: {
      'shared/planted-shared.ts':
        "import { newId } from '../functions/platform/ids.js';\nexport const plantedShared = newId;\n",
    },
    from: 'shared/planted-shared.ts',
  },
  {
    rule: 'functions-not-to-tools',
    why: 'Lambda code imports a test helper',
    files: {
      'functions/platform/planted-tools.ts':
        "import { TestStack } from '../../tests/support/stack.js';\nexport const plantedTools = TestStack;\n",
    },
    from: 'functions/platform/planted-tools.ts',
  },
  {
    rule: 'no-circular',
    why: 'two modules import each other',
    files: {
      'functions/platform/planted-cycle-a.ts':
        "import { cycleB } from './planted-cycle-b.js';\nexport const cycleA = () => cycleB;\n",
      'functions/platform/planted-cycle-b.ts':
        "import { cycleA } from './planted-cycle-a.js';\nexport const cycleB = () => cycleA;\n",
    },
    from: 'functions/platform/planted-cycle-',
  },
  {
    rule: 'no-orphans',
    why: 'a module nothing imports and that imports nothing',
    files: { 'functions/platform/planted-orphan.ts': 'export const plantedOrphan = 1;\n' },
    from: 'functions/platform/planted-orphan.ts',
  },
  {
    rule: 'no-deep-relative-import',
    why: 'a relative import climbs four folders',
    files: {
      'functions/features/projects/http/deep/planted-deep.ts':
        "import { newId } from '../../../../platform/ids.js';\nexport const plantedDeep = newId;\n",
    },
    from: 'functions/features/projects/http/deep/planted-deep.ts',
  },
  {
    rule: 'not-to-unresolvable',
    why: 'an import of nothing',
    files: {
      'functions/platform/planted-unresolvable.ts':
        "import { nothing } from './no-such-module.js';\nexport const plantedNothing = nothing;\n",
    },
    from: 'functions/platform/planted-unresolvable.ts',
  },
];

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

let scratch = '';
let violations: Violation[] = [];
let errors = 0;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
  for (const folder of COPIED) cpSync(join(ROOT, folder), join(scratch, folder), { recursive: true });
  for (const file of COPIED_FILES) cpSync(join(ROOT, file), join(scratch, file));
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
  for (const plant of PLANTS) {
    for (const [file, text] of Object.entries(plant.files)) {
      mkdirSync(dirname(join(scratch, file)), { recursive: true });
      writeFileSync(join(scratch, file), text);
    }
    for (const [file, text] of Object.entries(plant.append ?? {})) {
      writeFileSync(join(scratch, file), readFileSync(join(scratch, file), 'utf8') + text);
    }
  }
  const run = spawnSync(
    process.execPath,
    [
      DEPCRUISE,
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
      'functions',
      'events',
      'shared',
      'infra',
      'web/src',
      'bin',
    ],
    { cwd: scratch, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser printed nothing: ${run.stderr}`);
  const { summary } = JSON.parse(run.stdout);
  violations = summary.violations;
  errors = summary.error;
}, 600_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the folder rules catch what they exist for', () => {
  it('dependency-cruiser is installed (npm run lint:deps installs it)', () => {
    expect(existsSync(DEPCRUISE)).toBe(true);
  });

  it('the check fails on the planted copy (errors, not warnings)', () => {
    expect(errors).toBeGreaterThanOrEqual(PLANTS.length);
  });

  for (const plant of PLANTS) {
    it(`${plant.rule}: ${plant.why}`, () => {
      const reported = violations
        .filter((violation) => violation.rule.name === plant.rule)
        .map((violation) => violation.from);
      expect(
        reported.some((from) => from.startsWith(plant.from)),
        `${plant.rule} reported ${JSON.stringify(reported)}`,
      ).toBe(true);
    });
  }

  it('reports nothing but the plants: the rest of the copy is the real tree, which holds every rule', () => {
    const planted = (from: string) =>
      from.includes('planted') ||
      from.startsWith('functions/features/projects/http/search.ts') ||
      from.startsWith('web/src/') ||
      from.startsWith('functions/features/teams/events.ts');
    expect(
      violations.filter((violation) => !planted(violation.from)).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`),
    ).toEqual([]);
  });
});
