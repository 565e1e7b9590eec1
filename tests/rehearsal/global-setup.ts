import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { node24 } from '../../bin/support/node24.mjs';
import { synthesizeDev } from '../../infra/rehearsal/run.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cloud assembly every rehearsal test of this run reads (one synth per run: it takes minutes). */
    assemblyDir: string;
  }
}

/**
 * One offline synth of dev per test run (or REHEARSAL_ASSEMBLY, an existing `cdk.out`), shared by the rehearsal tests.
 */
export default function setup(project: TestProject) {
  // The functions' Node, fetched once here rather than by two rehearsals at once.
  node24();
  const given = process.env.REHEARSAL_ASSEMBLY;
  const dir = given ?? synthesizeDev((line) => console.log(line));
  project.provide('assemblyDir', dir);
  return () => {
    if (!given) rmSync(dir, { recursive: true, force: true });
  };
}
