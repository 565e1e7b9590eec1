// The two tools `npm test` needs beside Node, found or provisioned before the first suite runs, so that a
// fresh machine learns within seconds what is missing and the one command that installs it:
// cfn-lint (the infra suite's template gate) and Chromium (the browser tests).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join, resolve } from 'node:path';

export const CFN_LINT_VERSION = '1.51.0';
export const CFN_LINT_VENV = '.tmp/cfn-lint-venv';
const CFN_LINT_INSTALL =
  `python3 -m venv ${CFN_LINT_VENV} && ${CFN_LINT_VENV}/bin/pip install ` + `cfn-lint==${CFN_LINT_VERSION}`;

/** Whether an executable `command` is on PATH (looked up, not run: starting Python can take long on a busy machine). */
const onPath = (command) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

/**
 * cfn-lint: the one on PATH when there is one (nothing installed then); else the project's own virtual
 * environment under .tmp/, made once with pip (`cfn-lint==1.51.0`, the version the ignore list is written
 * for). pip gives up after a few seconds without the index: the answer is then the command to run.
 * Returns { command } (a path or `cfn-lint`) or { problem } (one line).
 */
export function provisionCfnLint() {
  const venvBin = resolve(CFN_LINT_VENV, 'bin', 'cfn-lint');
  if (existsSync(venvBin)) return { command: venvBin, how: `${CFN_LINT_VENV} (provisioned before)` };
  if (onPath('cfn-lint')) return { command: 'cfn-lint', how: 'on PATH' };
  console.log(`cfn-lint is not on PATH: installing cfn-lint==${CFN_LINT_VERSION} into ${CFN_LINT_VENV}`);
  const venv = spawnSync('python3', ['-m', 'venv', CFN_LINT_VENV], { stdio: 'inherit', timeout: 120_000 });
  if (venv.status !== 0) {
    rmSync(CFN_LINT_VENV, { recursive: true, force: true });
    const cause =
      venv.error?.code === 'ENOENT'
        ? 'python3 is not installed'
        : 'python3 -m venv failed (Debian: apt-get install python3-venv)';
    return {
      problem: `cfn-lint is missing and could not be provisioned (${cause}). Install it with: ${CFN_LINT_INSTALL}`,
    };
  }
  const pip = spawnSync(
    resolve(CFN_LINT_VENV, 'bin', 'pip'),
    [
      'install',
      '--quiet',
      '--disable-pip-version-check',
      '--timeout',
      '5',
      '--retries',
      '0',
      `cfn-lint==${CFN_LINT_VERSION}`,
    ],
    { stdio: 'inherit', timeout: 300_000 },
  );
  if (pip.status !== 0 || !existsSync(venvBin)) {
    rmSync(CFN_LINT_VENV, { recursive: true, force: true });
    return {
      problem:
        `cfn-lint is missing and pip could not install it (is PyPI reachable?). Install it ` +
        `with: ${CFN_LINT_INSTALL}`,
    };
  }
  return { command: venvBin, how: `${CFN_LINT_VENV} (provisioned now)` };
}

/**
 * Chromium for Playwright: CHROMIUM_PATH when set, Debian's /usr/bin/chromium, else the one Playwright
 * installed for itself (`npx playwright install chromium`). Returns { path } or { problem } (one line).
 */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  for (const candidate of candidates) if (existsSync(candidate)) return { path: candidate };
  try {
    const { chromium } = createRequire(import.meta.url)('playwright');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return { path: own };
  } catch {
    // No playwright package, or no browser of its own: the message below says what to install.
  }
  return {
    problem:
      'No Chromium for the browser tests. Install one: apt-get install chromium (Debian), or npx playwright install ' +
      'chromium',
  };
}

/** Makes a provisioned cfn-lint visible to the test processes (tests/infra/support/cfn-lint.ts reads CFN_LINT). */
export function exposeCfnLint(command) {
  process.env.CFN_LINT = command;
  if (command.includes('/')) process.env.PATH = `${resolve(CFN_LINT_VENV, 'bin')}${delimiter}${process.env.PATH}`;
}
