import type { DataExportResponse, DataExportView } from './contracts.js';
import { EXPORT_INTERVAL_MS, type ExportRecord, type ExportState } from './state.js';

export function exportView(record: ExportRecord, now: string): DataExportView {
  const expired = record.status === 'ready' && !!record.expires_at && record.expires_at <= now;
  return {
    export_id: record.export_id,
    requested_at: record.requested_at,
    status: expired ? 'expired' : record.status,
    bytes: record.bytes ?? null,
    expires_at: record.expires_at ?? null,
    reason: record.reason ?? null,
  };
}

export function exportsResponse(state: ExportState, now: string): DataExportResponse {
  const latest = state.exports[0];
  const next = latest ? new Date(Date.parse(latest.requested_at) + EXPORT_INTERVAL_MS).toISOString() : null;
  return {
    latest: latest ? exportView(latest, now) : null,
    next_allowed_at: next && next > now ? next : null,
  };
}
