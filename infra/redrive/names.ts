/**
 * How a dead letter goes back to the one consumer that failed it, the same way in the cloud and in
 * the embedded runtime: an event put on the bus with the source `design-club.redrive.<consumer>` (and
 * the original detail-type and detail) matches only that consumer's redrive rule. The archive and the
 * other consumers never see it. No AWS imports: the stack, the local bus and the CLI share it.
 */
export const REDRIVE_SOURCE_PREFIX = 'design-club.redrive.';

export const redriveSource = (consumer: string) => `${REDRIVE_SOURCE_PREFIX}${consumer}`;

/** The consumer a redrive source names, or undefined when it is not one. */
export const redriveTarget = (source: string): string | undefined =>
  source.startsWith(REDRIVE_SOURCE_PREFIX) ? source.slice(REDRIVE_SOURCE_PREFIX.length) : undefined;
