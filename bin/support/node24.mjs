import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Node 24 binary (what Lambda's nodejs24.x runs), from the npm registry's `node-<platform>-<arch>`
 * package (the registry is the one place every developer's machine and CI can download from),
 * unpacked once under .tmp/ of `root`. Shared by `npm test` and `npm run rehearse`.
 *
 * Several processes may ask at once (the rehearsal tests run two at a time): each unpacks into its own
 * folder and renames it into place, so no process ever runs a binary another one is still writing
 * (that is `spawn ETXTBSY`).
 */
export function node24(root = '.') {
  if (process.versions.node.startsWith('24.')) return process.execPath;
  const dir = join(root, '.tmp/node-24');
  const bin = `${dir}/package/bin/node`;
  if (existsSync(bin)) return bin;
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const staging = mkdtempSync(join(root, '.tmp/node-24-'));
  try {
    const pack = spawnSync(
      'npm',
      ['pack', `node-${process.platform}-${process.arch}@24`, '--pack-destination', staging, '--json', '--silent'],
      { encoding: 'utf8' },
    );
    if (pack.status !== 0) {
      throw new Error(`npm pack node-${process.platform}-${process.arch}@24 failed: ${pack.stderr}`);
    }
    const [{ filename }] = JSON.parse(pack.stdout);
    const untar = spawnSync('tar', ['-xzf', join(staging, filename), '-C', staging], { stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`could not unpack ${filename}`);
    rmSync(join(staging, filename));
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another process renamed its copy first: use that one.
      if (!existsSync(bin)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return bin;
}
