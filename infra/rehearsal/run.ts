import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { node24 } from '../../bin/support/node24.mjs';
import { Rehearsal, type Finding } from './rehearsal.js';
import { runJourney, type JourneyOutcome } from './journey.js';
import { auditWiring } from './audit.js';
import { redriveDrill } from './redrive-drill.js';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface RehearsalReport {
  ok: boolean;
  assemblyDir: string;
  findings: Finding[];
  journey?: JourneyOutcome;
  figures: {
    functions: number;
    functionsStarted: number;
    coldStarts: number;
    invocations: number;
    slowInvocations: number;
    awsCalls: number;
    iamDecisions: number;
    iamDenied: number;
    bootMs: number;
    journeyMs: number;
  };
  wildcards: string[];
}

/** Synthesizes the dev stage offline into a temporary folder (what `npm run synth` does, elsewhere). */
export function synthesizeDev(log: (line: string) => void = () => undefined): string {
  const out = mkdtempSync(join(tmpdir(), 'design-club-assembly-'));
  log(`Synthesizing dev into ${out} (offline, every handler bundled; minutes on a busy machine)…`);
  const result = spawnSync('npx', ['cdk', 'synth', '--no-notices', '-q', '-o', out], {
    cwd: REPO_ROOT,
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`cdk synth failed (${result.status}):\n${(result.stderr || result.stdout).slice(-4000)}`);
  return out;
}

export async function rehearse(options: {
  assemblyDir?: string;
  verbose?: boolean;
  journey?: boolean;
  log?: (line: string) => void;
}): Promise<RehearsalReport> {
  const log = options.log ?? (() => undefined);
  const assemblyDir = options.assemblyDir ? resolve(options.assemblyDir) : synthesizeDev(log);
  const started = Date.now();
  let rehearsal: Rehearsal | undefined;
  const findings: Finding[] = [];
  let journey: JourneyOutcome | undefined;
  try {
    rehearsal = await Rehearsal.start({ assemblyDir, nodeBinary: node24(REPO_ROOT), verbose: options.verbose });
    log(
      `Rehearsal of ${assemblyDir}: ${rehearsal.functions.size} functions, ${rehearsal.httpRoutes.length} HTTP ` +
        `routes, ${rehearsal.rules.length} rules, at ${rehearsal.url} (${(rehearsal.startedMs / 1000).toFixed(1)} ` +
        `s)`,
    );
    // A function that cannot start fails every request it serves: no journey is needed to say so.
    const broken = rehearsal.findings.filter((finding) => finding.kind === 'init' || finding.kind === 'wiring');
    if (options.journey !== false && broken.length === 0) journey = await runJourney(rehearsal.target(), log);
    await rehearsal.settle();
    if (journey?.ok) {
      const drill = await redriveDrill(rehearsal, REPO_ROOT);
      journey.steps.push(drill);
      if (!drill.ok) Object.assign(journey, { ok: false, failedStep: drill.name, error: drill.error });
    }
    findings.push(...auditWiring(rehearsal));
  } catch (error) {
    findings.push({ kind: 'template', resource: assemblyDir, message: String((error as Error).stack ?? error) });
  } finally {
    await rehearsal?.stop();
  }
  findings.push(...(rehearsal?.findings ?? []));
  const decisions = rehearsal?.iam?.decisions ?? [];
  for (const denied of decisions.filter((decision) => !decision.allowed)) {
    const context = Object.keys(denied.context).length ? ` with ${JSON.stringify(denied.context)}` : '';
    const detail = denied.detail ? ` (${denied.detail})` : '';
    findings.push({
      kind: 'iam',
      resource: denied.functionId,
      message: `AccessDenied (role ${denied.roleId ?? '?'}): ${denied.action} on ${denied.resource}${context}${detail}`,
    });
  }
  if (journey && !journey.ok)
    findings.push({
      kind: 'wiring',
      resource: journey.failedStep ?? 'journey',
      message: journey.error ?? 'the journey failed',
    });
  const containers = [...(rehearsal?.functions.values() ?? [])];
  const wildcards = [
    ...new Set(
      decisions
        .filter((d) => d.allowed && d.wildcards.length)
        .map((d) => `${d.functionId.split('/').pop()}: ${d.action} allowed by ${d.wildcards.join(', ')}`),
    ),
  ];
  const report: RehearsalReport = {
    ok: findings.length === 0 && (journey?.ok ?? true),
    assemblyDir,
    findings: dedupe(findings),
    journey,
    figures: {
      functions: containers.length,
      functionsStarted: containers.filter((c) => c.invocations > 0).length,
      coldStarts: containers.reduce((sum, c) => sum + c.coldStarts, 0),
      invocations: containers.reduce((sum, c) => sum + c.invocations, 0),
      slowInvocations: containers.reduce((sum, c) => sum + c.slow, 0),
      awsCalls: rehearsal?.gateway?.calls ?? 0,
      iamDecisions: decisions.length,
      iamDenied: decisions.filter((d) => !d.allowed).length,
      bootMs: rehearsal?.startedMs ?? 0,
      journeyMs: Date.now() - started - (rehearsal?.startedMs ?? 0),
    },
    wildcards,
  };
  printReport(report, log);
  return report;
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.kind}|${finding.resource}|${finding.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function printReport(report: RehearsalReport, log: (line: string) => void) {
  const f = report.figures;
  log('');
  log(
    `Functions: ${f.functions} in the assembly, ${f.functionsStarted} invoked (${f.invocations} ` +
      `invocations, ${f.coldStarts} container starts, ${f.slowInvocations} past their Timeout here)`,
  );
  log(`AWS calls: ${f.awsCalls}; IAM decisions: ${f.iamDecisions} (${f.iamDenied} denied)`);
  log(`Time: boot ${(f.bootMs / 1000).toFixed(1)} s, journey ${(f.journeyMs / 1000).toFixed(1)} s`);
  if (report.journey)
    for (const step of report.journey.steps)
      log(
        `  ${step.ok ? 'ok ' : 'FAIL'} ${step.name} (${(step.ms / 1000).toFixed(1)} ` +
          `s)${step.error ? `: ${step.error}` : ''}`,
      );
  if (report.wildcards.length) {
    log('Allowed through a wildcard:');
    for (const line of report.wildcards) log(`  ${line}`);
  }
  if (report.findings.length) {
    log(`Findings (${report.findings.length}):`);
    for (const finding of report.findings) log(`  [${finding.kind}] ${finding.resource}: ${finding.message}`);
  }
  log(report.ok ? 'Rehearsal passed.' : 'Rehearsal FAILED.');
}
