/**
 * cfn-lint (the AWS-maintained CloudFormation linter) on synthesized templates: its JSON findings,
 * with the ignores below taken out. Only linter-schema false positives may be ignored, each named by
 * rule and resource, with the reason.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './synth.js';

export const CFN_LINT_VERSION = '1.51.0';
/** What bin/support/tools.mjs provisions under .tmp/ when cfn-lint is not on PATH (npm test does it first). */
const VENV = '.tmp/cfn-lint-venv';
const CFN_LINT_VENV = path.join(ROOT, VENV);
export const CFN_LINT_INSTALL = `python3 -m venv ${VENV} && ${VENV}/bin/pip install cfn-lint==${CFN_LINT_VERSION}`;

/** The cfn-lint to run: npm test's choice (CFN_LINT), the project's virtual environment, else the one on PATH. */
export function cfnLintCommand(): string {
  if (process.env.CFN_LINT) return process.env.CFN_LINT;
  const venv = path.join(CFN_LINT_VENV, 'bin', 'cfn-lint');
  return existsSync(venv) ? venv : 'cfn-lint';
}

export interface CfnLintFinding {
  Rule: { Id: string; Description: string };
  Level: 'Error' | 'Warning' | 'Informational';
  Message: string;
  Filename: string;
  Location: { Start: { LineNumber: number }; Path?: (string | number)[] };
}

export interface CfnLintIgnore {
  rule: string;
  /** The resource's logical id (CDK's hash suffix varies by stage: a pattern). */
  resource: RegExp;
  /** What the finding says, so that another finding of the same rule on the resource still fails. */
  message: RegExp;
  reason: string;
}

/** The one list of ignores. */
export const CFN_LINT_IGNORES: readonly CfnLintIgnore[] = [
  {
    rule: 'E3002',
    resource: /^Dashboard[0-9A-F]{8}$/,
    message: /'Tags' was unexpected/,
    reason:
      'AWS::CloudWatch::Dashboard has a Tags property (CloudFormation template reference; CDK 2.276 generates it ' +
      'from the registry schema) that the resource schema bundled with cfn-lint 1.51 predates: a linter-schema ' +
      'false positive. Tags come from the stack-wide project/stage tags.',
  },
];

export type CfnLintRun =
  | { ok: true; findings: CfnLintFinding[]; ignored: CfnLintFinding[]; ms: number }
  | { ok: false; problem: string };

const resourceOf = (finding: CfnLintFinding) =>
  finding.Location.Path?.[0] === 'Resources' ? String(finding.Location.Path[1]) : undefined;

export function isIgnored(finding: CfnLintFinding): boolean {
  const resource = resourceOf(finding);
  return CFN_LINT_IGNORES.some(
    (ignore) =>
      ignore.rule === finding.Rule.Id &&
      resource !== undefined &&
      ignore.resource.test(resource) &&
      ignore.message.test(finding.Message),
  );
}

/** Lints `templates` in one cfn-lint process. */
export function cfnLint(templates: string[]): CfnLintRun {
  const started = Date.now();
  const run = spawnSync(cfnLintCommand(), ['--format', 'json', '--', ...templates], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 9 * 60_000,
  });
  if (run.error) {
    const missing = (run.error as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      ok: false,
      problem: missing
        ? `cfn-lint is not installed${process.env.CI ? ' (CI must install it)' : ''}: ${CFN_LINT_INSTALL}`
        : `cfn-lint did not run: ${run.error.message}`,
    };
  }
  let all: CfnLintFinding[];
  try {
    all = JSON.parse(run.stdout || '[]') as CfnLintFinding[];
  } catch {
    return { ok: false, problem: `cfn-lint exited ${run.status} without JSON: ${run.stderr.slice(0, 2000)}` };
  }
  return {
    ok: true,
    findings: all.filter((f) => !isIgnored(f)),
    ignored: all.filter(isIgnored),
    ms: Date.now() - started,
  };
}

export const describeFinding = (finding: CfnLintFinding) => {
  const where = `${finding.Filename.split('/').pop()}:${finding.Location.Start.LineNumber}`;
  return `${finding.Rule.Id} ${where} ${resourceOf(finding) ?? ''}: ${finding.Message}`;
};
