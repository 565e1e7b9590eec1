import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useProfileRegion } from '../../bin/operator-region.js';

const saved = { ...process.env };
afterEach(() => {
  for (const name of ['AWS_REGION', 'AWS_DEFAULT_REGION', 'AWS_CONFIG_FILE', 'AWS_PROFILE']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('command line tools against AWS: the region', () => {
  it("takes the profile's region when the shell sets none (the lean client reads AWS_REGION only)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aws-config-'));
    writeFileSync(join(dir, 'config'), '[default]\nregion = eu-west-3\n[profile ops]\nregion = ap-south-1\n');
    delete process.env.AWS_REGION;
    delete process.env.AWS_DEFAULT_REGION;
    process.env.AWS_CONFIG_FILE = join(dir, 'config');
    process.env.AWS_PROFILE = 'ops';
    await useProfileRegion();
    expect(process.env.AWS_REGION).toBe('ap-south-1');
  });

  it('keeps a region the shell sets', async () => {
    process.env.AWS_REGION = 'eu-north-1';
    await useProfileRegion();
    expect(process.env.AWS_REGION).toBe('eu-north-1');
    delete process.env.AWS_REGION;
    process.env.AWS_DEFAULT_REGION = 'ca-central-1';
    await useProfileRegion();
    expect(process.env.AWS_REGION).toBe('ca-central-1');
  });
});
