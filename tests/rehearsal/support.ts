import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RehearsalReport } from '../../infra/rehearsal/run.js';

export const ROOT = resolve(import.meta.dirname, '../..');

/** `npm run rehearse -- --assembly DIR` as an operator runs it: its exit code, its output and its report. */
export async function rehearseCli(
  assemblyDir: string,
): Promise<{ code: number | null; output: string; report: RehearsalReport }> {
  const reportFile = join(mkdtempSync(join(tmpdir(), 'rehearsal-report-')), 'report.json');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bin/rehearse.ts'), '--assembly', assemblyDir, '--report', reportFile],
    {
      cwd: ROOT,
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  return { code, output, report: JSON.parse(readFileSync(reportFile, 'utf8')) as RehearsalReport };
}

/**
 * A copy of the assembly to break: its JSON (manifest, asset manifests, templates) copied, the assets
 * (bundles, hundreds of MB) linked.
 */
export function copyAssembly(source: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'rehearsal-broken-'));
  for (const entry of readdirSync(source)) {
    if (entry.endsWith('.json')) cpSync(join(source, entry), join(copy, entry));
    else symlinkSync(join(source, entry), join(copy, entry));
  }
  return copy;
}

type Resources = Record<string, { Type: string; Properties?: Record<string, any> }>;

/** Every template of the copy, with a way to save it; breaks find their resources by what they are, not by layout. */
export function templatesOf(
  dir: string,
): { file: string; json: { Resources: Resources; Outputs?: Record<string, unknown> }; save(): void }[] {
  return readdirSync(dir)
    .filter((entry) => entry.endsWith('.template.json'))
    .map((entry) => {
      const file = join(dir, entry);
      const json = JSON.parse(readFileSync(file, 'utf8')) as {
        Resources: Resources;
        Outputs?: Record<string, unknown>;
      };
      // The copy's templates are files of their own (copied, not linked): writing one leaves the shared assembly alone.
      return { file, json, save: () => writeFileSync(file, JSON.stringify(json)) };
    });
}
