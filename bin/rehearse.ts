/**
 * `npm run rehearse [-- --assembly DIR] [--verbose] [--report FILE.json]`: runs the product from a cloud assembly
 * (default: a fresh offline synth of dev) and drives the journey through it (docs/testing.md "The
 * rehearsal"). Exits non-zero, naming the resources, when anything the templates wire fails.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { rehearse } from '../infra/rehearsal/run.js';

const { values } = parseArgs({
  options: {
    assembly: { type: 'string' },
    report: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'no-journey': { type: 'boolean', default: false },
  },
});
const report = await rehearse({
  assemblyDir: values.assembly,
  verbose: values.verbose,
  journey: !values['no-journey'],
  log: (line) => console.log(line),
});
if (values.report) writeFileSync(values.report, JSON.stringify(report, null, 2));
process.exit(report.ok ? 0 : 1);
