/**
 * CloudFormation's own rules on what we deploy: cfn-lint on every template (parent and nested) of
 * the dev and prod synths. Zero errors; ignores only for linter-schema false positives, in the one
 * list of support/cfn-lint.ts. A missing cfn-lint fails (in CI and elsewhere, with the install
 * command): a gate that skips itself is no gate.
 */
import { describe, expect, it } from 'vitest';
import { CFN_LINT_IGNORES, cfnLint, describeFinding } from './support/cfn-lint.js';
import { sharedSynth, type Stage } from './support/synth.js';

const templatesOf = async (stage: Stage) => {
  const result = await sharedSynth(stage);
  return [result.templatePath, ...Object.values(result.nestedTemplatePaths)];
};

describe.each(['dev', 'prod'] as const)('cfn-lint on the %s templates', (stage) => {
  it('reports no error in the parent or the nested stacks', async () => {
    const templates = await templatesOf(stage);
    expect(templates.length).toBeGreaterThanOrEqual(3);
    const run = cfnLint(templates);
    if (!run.ok) expect.fail(run.problem);
    const errors = run.findings.filter((finding) => finding.Level === 'Error').map(describeFinding);
    expect(errors).toEqual([]);
    // Each ignore is still needed: once the linter's schema catches up, it goes.
    for (const ignore of CFN_LINT_IGNORES) {
      expect(
        run.ignored.some((finding) => finding.Rule.Id === ignore.rule),
        `${ignore.rule} ${ignore.resource}`,
      ).toBe(true);
    }
  });
});

describe('the ignore list', () => {
  it('names a rule, a resource and a reason for each ignore', () => {
    for (const ignore of CFN_LINT_IGNORES) {
      expect(ignore.rule).toMatch(/^[EW]\d{4}$/);
      expect(ignore.resource.source).not.toBe('.*');
      expect(ignore.reason.length).toBeGreaterThan(80);
    }
  });
});
