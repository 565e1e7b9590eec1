import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthesized, type SynthResult } from './support/synth.js';

let result: SynthResult;

beforeAll(async () => {
  ({ result } = await synthesized());
});

describe('cdk-nag (AwsSolutions) on the whole app', () => {
  it('synthesizes without validation failures', () => {
    expect(result.synthError).toBeNull();
  });

  it('leaves no unacknowledged finding, error or warning', () => {
    const readable = result.nag.map((finding) => `${finding.severity} ${finding.ruleName} at ${finding.resources.join(', ')}: ${finding.description}`);
    expect(readable).toEqual([]);
  });

  it('writes a validation report with no violations', () => {
    const file = path.join(result.outdir, 'validation-report.json');
    if (!existsSync(file)) return; // written only when a plugin reports something
    const report = JSON.parse(readFileSync(file, 'utf8')) as { pluginReports: { violations?: unknown[] }[] };
    expect(report.pluginReports.flatMap((plugin) => plugin.violations ?? [])).toEqual([]);
  });

  it('acknowledges every finding by its full id and with a reason', () => {
    const nag = result.acknowledgments.filter((ack) => /AwsSolutions-/.test(ack.id));
    expect(nag.length).toBeGreaterThan(0);
    for (const ack of nag) {
      expect(ack.id).toMatch(/^(Annotation::)?AwsSolutions-[A-Z0-9]+(\[.+\])?$/);
      expect(ack.reason.length, `${ack.path} ${ack.id}`).toBeGreaterThanOrEqual(40);
    }
  });
});
