/**
 * The redrive itself, whatever holds the dead letters (the embedded bus, in process or over its
 * loopback admin port; the stack's SQS queues): list them, pick some or all, re-deliver each to the
 * consumer that failed it, oldest version of each stream first, and report what still fails by
 * stream and version. Consumers are idempotent (projections skip what they applied), so
 * re-delivering an event that did get through later does no harm.
 */

/** One dead letter, as the operator sees it. */
export interface DeadLetterView {
  /** Stable within one listing: the local letter id, or the SQS message id. */
  id: string;
  /** The consumer (row of `consumers`) or schedule that failed it. */
  consumer: string;
  kind: 'consumer' | 'schedule';
  streamId: string;
  version: number;
  type: string;
  error: string;
  attempts?: number;
  failedAt?: string;
}

export type RedeliveryOutcome = { ok: true } | { ok: false; error: string };

export interface DeadLetterSource {
  /** Where the letters are, for the first line of the output. */
  where: string;
  list(): Promise<DeadLetterView[]>;
  /** Re-delivers one letter to its consumer (and takes it out of the dead letters). */
  redeliver(letter: DeadLetterView): Promise<RedeliveryOutcome>;
  close?(): Promise<void>;
}

export interface RedriveOptions {
  /** Letter ids to re-deliver; with neither ids nor all, nothing is re-delivered (a listing). */
  ids?: readonly string[];
  all?: boolean;
  /** Only the letters of this consumer. */
  consumer?: string;
  /** Show what would be re-delivered, change nothing. */
  dryRun?: boolean;
  onProgress?: (progress: {
    done: number;
    total: number;
    letter: DeadLetterView;
    outcome: RedeliveryOutcome | 'skipped' | 'dry-run';
  }) => void;
}

export interface RedriveReport {
  listed: DeadLetterView[];
  selected: DeadLetterView[];
  redelivered: DeadLetterView[];
  /** Failed again: back in the dead letters. */
  stillFailing: (DeadLetterView & { lastError: string })[];
  /** Not tried because an earlier version of the same stream failed again (it would fail the same way). */
  skipped: (DeadLetterView & { blockedBy: number })[];
  /** Ids asked for that are not consumers' dead letters (any more). */
  unknownIds: string[];
  dryRun: boolean;
}

/** Per consumer and stream, in version order: an event is re-delivered after the ones before it. */
export const redriveOrder = (a: DeadLetterView, b: DeadLetterView) =>
  a.consumer.localeCompare(b.consumer) || a.streamId.localeCompare(b.streamId) || a.version - b.version;

export async function redrive(source: DeadLetterSource, options: RedriveOptions = {}): Promise<RedriveReport> {
  const listed = (await source.list()).sort(redriveOrder);
  const wanted = options.ids ? new Set(options.ids) : undefined;
  // A schedule's failed tick is listed, never re-delivered: its next tick does the same work.
  const selected = listed.filter(
    (letter) =>
      letter.kind === 'consumer' &&
      (options.all || wanted?.has(letter.id)) &&
      (!options.consumer || letter.consumer === options.consumer),
  );
  const known = new Set(listed.filter((letter) => letter.kind === 'consumer').map((letter) => letter.id));
  const report: RedriveReport = {
    listed,
    selected,
    redelivered: [],
    stillFailing: [],
    skipped: [],
    unknownIds: (options.ids ?? []).filter((id) => !known.has(id)),
    dryRun: Boolean(options.dryRun),
  };
  const blocked = new Map<string, number>();
  let done = 0;
  for (const letter of selected) {
    done += 1;
    const key = `${letter.consumer}\u0000${letter.streamId}`;
    if (options.dryRun) {
      options.onProgress?.({ done, total: selected.length, letter, outcome: 'dry-run' });
      continue;
    }
    const blockedBy = blocked.get(key);
    if (blockedBy !== undefined) {
      report.skipped.push({ ...letter, blockedBy });
      options.onProgress?.({ done, total: selected.length, letter, outcome: 'skipped' });
      continue;
    }
    let outcome: RedeliveryOutcome;
    try {
      outcome = await source.redeliver(letter);
    } catch (error) {
      outcome = { ok: false, error: String((error as Error)?.message ?? error) };
    }
    if (outcome.ok) report.redelivered.push(letter);
    else {
      report.stillFailing.push({ ...letter, lastError: outcome.error });
      blocked.set(key, letter.version);
    }
    options.onProgress?.({ done, total: selected.length, letter, outcome });
  }
  return report;
}
