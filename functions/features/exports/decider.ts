import { DataExportFailed, DataExportReady, DataExportRequested } from './events.js';
import type { Decider, DecisionContext } from '../../platform/decider.js';
import { conflict, limitReached, notFound } from '../../platform/domain-errors.js';
import { ARCHIVE_DAYS, EXPORT_INTERVAL_MS, evolveExport, STALE_PREPARING_MS, type ExportState } from './state.js';

export { exportStream, exportEvolution } from './state.js';
export type { ExportState } from './state.js';

export const ALREADY_PREPARING = 'Your archive is already being prepared. We will tell you when it is ready.';
export const onceADay = (next: string) =>
  `You can download your data once a day. Try again after ${new Date(next).toUTCString()}.`;

export type ExportCommand =
  | { type: 'RequestDataExport'; export_id: string }
  | {
      type: 'CompleteDataExport';
      export_id: string;
      object_key: string;
      bytes: number;
      entries: number;
    }
  | { type: 'FailDataExport'; export_id: string; reason: string };

function request(command: { export_id: string }, state: ExportState, context: DecisionContext) {
  const now = Date.parse(context.now);
  const latest = state.exports[0];
  if (latest?.export_id === command.export_id) return [];
  if (latest?.status === 'preparing' && now - Date.parse(latest.requested_at) < STALE_PREPARING_MS)
    throw conflict(ALREADY_PREPARING);
  if (latest && now - Date.parse(latest.requested_at) < EXPORT_INTERVAL_MS)
    throw limitReached(onceADay(new Date(Date.parse(latest.requested_at) + EXPORT_INTERVAL_MS).toISOString()));
  return [DataExportRequested.create({ export_id: command.export_id })];
}

const preparing = (state: ExportState, id: string) => {
  const record = state.exports.find((candidate) => candidate.export_id === id);
  if (!record) throw notFound('No such export');
  return record.status === 'preparing';
};

export const exportDecider: Decider<ExportCommand, ExportState> = {
  initialState: () => ({ exports: [] }),
  evolve: evolveExport,
  decide(command, state, context) {
    switch (command.type) {
      case 'RequestDataExport':
        return request(command, state, context);
      case 'CompleteDataExport': {
        // A redelivered request finds its archive already recorded: nothing more to say.
        if (!preparing(state, command.export_id)) return [];
        const { type: _type, ...ready } = command;
        const expires_at = new Date(Date.parse(context.now) + ARCHIVE_DAYS * 86_400_000).toISOString();
        return [DataExportReady.create({ ...ready, expires_at })];
      }
      case 'FailDataExport':
        if (!preparing(state, command.export_id)) return [];
        return [DataExportFailed.create({ export_id: command.export_id, reason: command.reason.slice(0, 300) })];
    }
  },
};
