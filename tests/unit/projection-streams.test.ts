import { describe, expect, it } from 'vitest';
import { allProjections } from '../../functions/app/projections.js';
import { PROJECTION_STREAMS } from '../../functions/platform/views/checkpoints.js';

describe('PROJECTION_STREAMS', () => {
  it('names every projection of allProjections with the streams it folds (what a command waits for)', () => {
    expect(PROJECTION_STREAMS).toEqual(
      allProjections.map(({ name, streamPrefix, commitsChangesOnly, settled }) => ({
        name,
        streamPrefix,
        // A checkpoint that may trail its stream: no command can wait for it (caught-up.ts).
        ...(commitsChangesOnly || settled ? { trails: true } : {}),
      })),
    );
  });
});
