import type { ActorRole, ChainVerdict } from '../../../events/envelope.js';

/** One difference between two states of a stream, as a path a person can read (`checklist[P1-t2].completed`). */
export interface Change {
  path: string;
  before: unknown;
  after: unknown;
}

export interface AuditEvent {
  version: number;
  type: string;
  /** The schema version the event was written with (it is shown upcast to the current one). */
  storedSchemaVersion: number;
  eventId: string;
  at: string;
  actor: { sub: string; role: ActorRole; name: string | null; email: string | null };
  correlationId: string;
  data: Record<string, unknown>;
  changes: Change[];
  hash: string;
  prevHash: string;
  verified: boolean;
}

export interface AuditResponse {
  streamId: string;
  verification: ChainVerdict;
  events: AuditEvent[];
  /** The stream's state as of `asOf` (default: the latest version), by the domain's own evolve. */
  asOf: number;
  state: unknown;
  /** The timeline's next page (later versions), when the stream is longer than a page. */
  next_cursor?: string;
}
