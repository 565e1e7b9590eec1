#!/usr/bin/env node
// `npm test`: typecheck, unit + integration + infra (vitest), build the SPA, browser tests (Playwright).
// Prints one closing line "tests: N passed, N failed" summed over every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...process.env, ...env } });
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

const only = process.argv[2];
if (!only || only === 'typecheck') run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
if (!only || only === 'vitest') {
  run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']);
  countVitest('test-results/vitest.json');
}
// The cloud stack, synthesized offline with every handler bundled for real, cdk-nag at every synth.
if (!only || only === 'synth') run('synth', 'npm', ['run', '-s', 'synth']);
if (!only || only === 'e2e') {
  if (run('build web', 'npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])) {
    run('playwright', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e.json' });
    countPlaywright('test-results/e2e.json');
  }
}

console.log(`\nSteps failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
