/**
 * The AWS calls a change makes, end to end and by step (tests/support/calls-per-change.ts): a status
 * change, a note pinned, a project created. Prints `calls per change <name>: N` (notifications
 * excluded: they are asynchronous and counted apart) and its steps; with BENCH_CALLS_VERBOSE=1 every
 * call. Asserts nothing (goal: ≤ 10 a change; tests/integration/calls-per-change.test.ts pins them).
 */
import { countCallsPerChange, formatCounts } from '../tests/support/calls-per-change.js';
import { TestStack } from '../tests/support/stack.js';

export async function benchCallsPerChange() {
  const stack = await TestStack.start();
  try {
    const counts = await countCallsPerChange(stack);
    console.log(formatCounts(counts));
    if (process.env.BENCH_CALLS_VERBOSE)
      for (const count of counts) console.log(`\n${count.name}:\n  ${count.operations.join('\n  ')}`);
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await benchCallsPerChange();
}
