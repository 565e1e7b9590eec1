import type { AuditEvent, AuditResponse } from '#features/audit/contracts.js';
import { toCsv } from '../../../lib/csv.js';

/** "status: queued → in_progress; checklist[P1-t2].completed: false → true" */
export function describeChanges(event: Pick<AuditEvent, 'changes'>): string {
  return event.changes.map((change) => `${change.path}: ${short(change.before)} → ${short(change.after)}`).join('; ');
}

export function short(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 57)}…` : value;
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

export function historyToCsv(history: AuditResponse): string {
  const header = [
    'stream',
    'version',
    'at',
    'type',
    'schema_version',
    'actor_name',
    'actor_email',
    'actor_role',
    'actor_sub',
    'changes',
    'data',
    'verified',
    'hash',
    'prev_hash',
  ];
  const rows = history.events.map((event) => [
    history.streamId,
    event.version,
    event.at,
    event.type,
    event.storedSchemaVersion,
    event.actor.name,
    event.actor.email,
    event.actor.role,
    event.actor.sub,
    describeChanges(event),
    JSON.stringify(event.data),
    event.verified ? 'yes' : 'no',
    event.hash,
    event.prevHash,
  ]);
  return toCsv(header, rows);
}
