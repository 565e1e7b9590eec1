#!/usr/bin/env node
// `npm test`: typecheck, the dependency rules, the linter and formatter check (Biome), the dead-code check (knip),
// the cloud stack's synth, infra + rehearsal (vitest), unit + integration (vitest on Node 24, what Lambda runs),
// build the SPA, browser tests (Playwright).
// Prints one closing line "tests: N passed, N failed" summed over every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { node24 } from './support/node24.mjs';
import { exposeCfnLint, findChromium, provisionCfnLint } from './support/tools.mjs';

mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...process.env, ...env },
  });
  console.log(`=== ${name}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  if (stats?.flaky) console.log(`playwright: ${stats.flaky} test(s) passed only on retry (flaky)`);
  totals.failed += stats?.unexpected ?? 0;
  totals.skipped += stats?.skipped ?? 0;
}

/**
 * dependency-cruiser with a TypeScript that has a compiler API. TypeScript 7 (the project's `tsc`) ships
 * none, and dependency-cruiser reads .ts/.tsx through that API (`depcruise --info` lists .ts as
 * unsupported beside it): so the rules run with their own small package, tools/depcruise/
 * (dependency-cruiser and TypeScript 5.9, locked), installed by npm ci on first use.
 */
function depcruise() {
  const dir = 'tools/depcruise';
  const bin = `${dir}/node_modules/dependency-cruiser/bin/dependency-cruise.mjs`;
  if (existsSync(bin)) return bin;
  const install = spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund', '--silent'], {
    stdio: 'inherit',
  });
  if (install.status !== 0) throw new Error(`npm ci --prefix ${dir} failed`);
  return bin;
}

const only = process.argv[2];

/**
 * Before any suite: cfn-lint for the infra suite (vitest) and Chromium for the browser tests, found or
 * provisioned (bin/support/tools.mjs). What cannot be had is said now, in one line with its install
 * command, and its suite is marked failed, not skipped: a gate that skips itself is no gate.
 */
function prepareTools() {
  const ready = { chromium: null };
  if (!only || only === 'vitest') {
    const cfnLint = provisionCfnLint();
    if (cfnLint.problem) {
      console.log(`\n=== ${cfnLint.problem}`);
      failedSteps.push('cfn-lint (install)');
    } else {
      console.log(`\n=== cfn-lint: ${cfnLint.how}`);
      exposeCfnLint(cfnLint.command);
    }
  }
  if (!only || only === 'e2e') {
    const chromium = findChromium();
    if (chromium.problem) {
      console.log(`\n=== ${chromium.problem}`);
      failedSteps.push('chromium (install)');
    } else {
      console.log(`=== chromium: ${chromium.path}`);
      ready.chromium = chromium.path;
    }
  }
  return ready;
}
const tools = prepareTools();

if (!only || only === 'typecheck') run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
// The folder rules (.dependency-cruiser.cjs): a violation prints its rule, its reason and the import.
if (!only || only === 'deps') {
  let bin = null;
  try {
    bin = depcruise();
  } catch (error) {
    console.log(String(error));
    failedSteps.push('dependency rules (install)');
  }
  if (bin) {
    run('dependency rules', process.execPath, [
      bin,
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err-long',
      'functions',
      'events',
      'shared',
      'infra',
      'web/src',
      'bin',
    ]);
  }
}
// Biome (biome.jsonc): the recommended lint rules and the formatter's check, on every file git tracks.
if (!only || only === 'lint') run('lint and format (biome)', 'npx', ['biome', 'check', '--max-diagnostics=50', '.']);
// knip (knip.ts): files, exports, types and dependencies nothing uses.
if (!only || only === 'knip') run('dead code (knip)', 'npx', ['knip']);
// The cloud stack, synthesized offline with every handler bundled for real, cdk-nag at every synth. It
// runs before vitest so the rehearsal runs this assembly instead of synthesizing its own (minutes).
const synthesized = (!only || only === 'synth') && run('synth', 'npm', ['run', '-s', 'synth']);
const assembly = synthesized ? { REHEARSAL_ASSEMBLY: resolvePath('cdk.out') } : {};

/**
 * Each suite runs once, on the Node that runs its code in earnest. The unit and integration suites test
 * the functions, which Lambda runs on Node 24: they run on Node 24. The infra and rehearsal suites
 * drive the CDK app and the deploy tools, which run on the operator's Node: they run on this one, as
 * do the browser tests' embedded stacks (what `npm start` runs). On Node 24 itself, one run does all.
 */
const onNode24 = process.versions.node.startsWith('24.');
if (!only || only === 'vitest') {
  const projects = onNode24 ? [] : ['--project', 'infra', '--project', 'rehearsal'];
  run(
    'vitest',
    'npx',
    [
      'vitest',
      'run',
      ...projects,
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/vitest.json',
    ],
    assembly,
  );
  countVitest('test-results/vitest.json');
}
if ((!only || only === 'node24') && !onNode24) {
  let bin = null;
  try {
    bin = node24();
  } catch (error) {
    console.log(String(error));
    failedSteps.push('node24 (download)');
  }
  if (bin) {
    console.log(`\n${bin}: ${spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim()}`);
    run('vitest on Node 24', bin, [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'unit',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/vitest-node24.json',
    ]);
    countVitest('test-results/vitest-node24.json');
  }
}
if ((!only || only === 'e2e') && tools.chromium) {
  process.env.CHROMIUM_PATH = tools.chromium;
  if (run('build web', 'npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])) {
    run('playwright', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e.json' });
    countPlaywright('test-results/e2e.json');
  }
}

console.log(`\nSteps failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
