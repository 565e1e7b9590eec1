import { checkpointKey, PROJECTION_STREAMS } from './checkpoints.js';
import type { Runtime } from '../runtime.js';

/**
 * Waits (briefly) until every projection of a stream has applied `version`, so that whoever reads
 * the views next finds the change. Past `limitMs` it returns anyway, answering whether they had.
 * A stream whose projections' checkpoints may trail it (PROJECTION_STREAMS `trails`: the projects'
 * streams) cannot be waited for this way: refused, rather than waiting out the limit for nothing.
 */
export async function projectionsCaughtUp(
  runtime: Runtime,
  streamId: string,
  version: number,
  limitMs = 3_000,
): Promise<boolean> {
  const projections = PROJECTION_STREAMS.filter((projection) => streamId.startsWith(projection.streamPrefix));
  if (projections.some((projection) => projection.trails))
    throw new Error(`The projections of ${streamId} may trail it: their checkpoints cannot be waited for`);
  const keys = projections.map((projection) => checkpointKey(projection.name, streamId));
  const deadline = Date.now() + limitMs;
  // A short, even pause: projections usually land within a few milliseconds of each other.
  for (const pause = 4; ; ) {
    const { active } = await runtime.views.generations();
    const checkpoints = await Promise.all(keys.map((key) => runtime.views.get(active, key.pk, key.sk, true)));
    if (checkpoints.every((checkpoint) => ((checkpoint?.version as number | undefined) ?? 0) >= version)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
