import type { OneOf } from '../../../events/catalogue.js';
import type { Evolution, EvolvingEvent } from '../../platform/decider.js';
import type { ExportEvent } from './events.js';

/**
 * One request a day: an archive copies every file of the person's projects, so a request is real
 * work, and a person needs a fresh copy far less often than that.
 */
export const EXPORT_INTERVAL_MS = 24 * 3_600_000;
/**
 * A request still preparing after this long was lost (the builder stopped without a word): it no
 * longer blocks a new one. The builder runs for 15 minutes at most.
 */
export const STALE_PREPARING_MS = 3_600_000;
/** Days an archive may be downloaded; the bucket's lifecycle rule deletes it a day after (infra/stack/uploads.ts). */
export const ARCHIVE_DAYS = 7;

/** The stream of a person's data exports. */
export const exportStream = (sub: string) => `export-${sub}`;

/** One request and what became of it. `object_key` never leaves the server. */
export interface ExportRecord {
  export_id: string;
  requested_at: string;
  status: 'preparing' | 'ready' | 'failed';
  bytes?: number;
  entries?: number;
  expires_at?: string;
  object_key?: string;
  reason?: string;
}

/** The latest exports, newest first; older ones have expired and are forgotten (the state stays small). */
export interface ExportState {
  exports: ExportRecord[];
}

/** How many past exports the state keeps: one a day, and each expires within a week. */
export const EXPORTS_KEPT = 10;

const update = (state: ExportState, id: string, change: Partial<ExportRecord>): ExportState => ({
  exports: state.exports.map((record) =>
    record.export_id === id && record.status === 'preparing' ? { ...record, ...change } : record,
  ),
});

export function evolveExport(state: ExportState, stored: EvolvingEvent): ExportState {
  const event = stored as OneOf<ExportEvent, EvolvingEvent>;
  switch (event.type) {
    case 'DataExportRequested':
      if (state.exports.some((record) => record.export_id === event.data.export_id)) return state;
      return {
        exports: [
          { export_id: event.data.export_id, requested_at: event.at, status: 'preparing' as const },
          ...state.exports,
        ].slice(0, EXPORTS_KEPT),
      };
    case 'DataExportReady': {
      const { export_id, ...ready } = event.data;
      return update(state, export_id, { status: 'ready', ...ready });
    }
    case 'DataExportFailed':
      return update(state, event.data.export_id, { status: 'failed', reason: event.data.reason });
    default:
      return state;
  }
}

export const exportEvolution: Evolution<ExportState> = {
  initialState: () => ({ exports: [] }),
  evolve: evolveExport,
};
