import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Node 24 binary (what Lambda's nodejs24.x runs), from the npm registry's `node-<platform>-<arch>`
 * package (the registry is the one place every developer's machine and CI can download from),
 * unpacked once under .tmp/ of `root`. Shared by `npm test` and `npm run rehearse`.
 */
export function node24(root = '.') {
  if (process.versions.node.startsWith('24.')) return process.execPath;
  const dir = join(root, '.tmp/node-24');
  const bin = `${dir}/package/bin/node`;
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  const pack = spawnSync(
    'npm',
    ['pack', `node-${process.platform}-${process.arch}@24`, '--pack-destination', dir, '--json', '--silent'],
    { encoding: 'utf8' },
  );
  if (pack.status !== 0) throw new Error(`npm pack node-${process.platform}-${process.arch}@24 failed: ${pack.stderr}`);
  const [{ filename }] = JSON.parse(pack.stdout);
  const untar = spawnSync('tar', ['-xzf', `${dir}/${filename}`, '-C', dir], { stdio: 'inherit' });
  if (untar.status !== 0) throw new Error(`could not unpack ${filename}`);
  return bin;
}
