import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCallsPerChange, formatCounts, type ChangeCount } from '../support/calls-per-change.js';
import { TestStack } from '../support/stack.js';

/**
 * The AWS calls three changes make, by step, pinned (tests/support/calls-per-change.ts counts them
 * with the middleware on the SDK clients). A change that makes one more call than this fails here;
 * one that makes fewer updates the table (and docs/performance.md). The notifications consumer and
 * the periodic calls (the views pointer's refresh, the sweeper, schedules) are not pinned: the first
 * is asynchronous and counted apart, the others come whatever the traffic.
 */
const PINNED: Record<string, Record<string, number>> = {
  'status change': {
    // The listener items of the owner, the designer and the admins, in one batch read.
    announcement: 1,
    commit: 1,
    'consumer projections': 1,
    outbox: 2,
    // The timeline, on its checkpoint.
    'projection insights': 1,
    // The document, the board item, the search items (a word per index, in the status's partitions),
    // the activity entry, the checkpoint, three counter items (the board's, the designer's, the
    // client's) and the settled counts' mark.
    'projection projects': 17,
    // None: the review's view leaves the project's status to the project's, and a projection whose
    // state an event leaves as it was does not commit it (commitsChangesOnly).
  },
  'note pinned': {
    announcement: 1,
    commit: 1,
    'consumer projections': 1,
    outbox: 2,
    // The note and the checkpoint; the project's document and timeline do not change.
    'projection reviews': 2,
    // The caller's team. The stream is not read: the access check and the decider see the fold this
    // process remembers, and the conditional commit refuses it if stale (stateToDecideOn).
    request: 1,
  },
  'project created': {
    announcement: 1,
    // The commit, and the new project's data key (one conditional write: a first commit reads no key).
    commit: 2,
    'consumer projections': 1,
    outbox: 2,
    // A stream's first event reads no checkpoint; a project that is not a permit settles it (no later writes).
    'projection city-review': 1,
    // The timeline, on its checkpoint.
    'projection insights': 1,
    // The client's card looked up, and again once committed (a rename may have listed the client's
    // projects just before this one was there).
    'projection projects': 19,
    'projection reviews': 2,
    request: 2,
  },
};
const UNPINNED = new Set(['consumer notifications', 'periodic']);

let stack: TestStack;
let counts: ChangeCount[];
beforeAll(async () => {
  stack = await TestStack.start();
  counts = await countCallsPerChange(stack);
}, 300_000);
afterAll(() => stack?.stop());

describe('calls per change', () => {
  it.each(Object.keys(PINNED))('%s makes the pinned calls, step by step', (name) => {
    const count = counts.find((candidate) => candidate.name === name)!;
    const steps = Object.fromEntries(Object.entries(count.steps).filter(([step]) => !UNPINNED.has(step)));
    expect(steps, formatCounts([count])).toEqual(PINNED[name]);
    expect(count.total).toBe(Object.values(PINNED[name]!).reduce((sum, n) => sum + n, 0));
  });

  it('reads no role, no stream and proves no commit on a warm change', () => {
    for (const count of counts) {
      expect(count.steps.roles ?? 0, count.name).toBe(0);
      expect(count.kinds.commit?.read ?? 0, count.name).toBe(0);
      // A stream another decider of this process just advanced, or one just made, is not read again.
      expect(count.steps['command reads'] ?? 0, count.name).toBe(0);
    }
  });
});
