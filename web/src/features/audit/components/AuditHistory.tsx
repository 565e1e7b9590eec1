import { Alert, Badge, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { auditAsOfQuery, auditHistoryQuery } from '../api/get-audit-history.js';
import type { AuditEvent, AuditResponse } from '#features/audit/contracts.js';
import { ApiError } from '../../../app/api.js';
import { humanize, longDate } from '../../../lib/format.js';
import { downloadFile } from '../../../lib/csv.js';
import { historyToCsv, short } from './audit-export.js';
import './audit.css';
import { roleWords } from '../../../lib/vocabulary.js';

const ROLE_TONE: Record<string, 'error' | 'info' | undefined> = { admin: 'error', designer: 'info' };
/** Types whose label is a sentence of its own rather than the type's words. */
const TYPE_LABELS: Readonly<Record<string, string>> = { PersonalDataErased: 'Personal data erased' };
const readableType = (type: string) => TYPE_LABELS[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2');
const STORED_ENUM = /^[a-z]+(?:_[a-z]+)+$/;
const STORED_DATE = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?$/;
/**
 * A changed value in the studio's words ('in_progress' → 'In Progress', a stored date as the screens
 * write dates); the export keeps the stored values, which is what an auditor's tools compare.
 */
function readable(value: unknown): string {
  if (typeof value === 'string' && STORED_ENUM.test(value)) return humanize(value);
  if (typeof value === 'string' && STORED_DATE.test(value)) return longDate(value);
  return short(value);
}
/** The fields a person reads about, in words; every other path (ids, hashes, counters) is under 'Details'. */
const FIELD_WORDS: Record<string, string> = {
  status: 'Status',
  priority: 'Priority',
  title: 'Title',
  due_date: 'Due date',
  assigned_designer_name: 'Designer',
  full_name: 'Name',
  company: 'Company',
  user_type: 'User type',
  name: 'Name',
  email: 'E-mail',
};
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A stream's history for auditors: every event with who, when and what changed, the chain's
 * verification, the state as of any event (computed on the server by the domain's evolve), and
 * export as JSON or CSV.
 */
export function AuditHistory({ streamId }: { streamId: string }) {
  const chain = useInfiniteQuery(auditHistoryQuery(streamId));
  const [version, setVersion] = useState<number | null>(null);
  // Another stream starts at its latest version, set while rendering rather than after it.
  const [shownFor, setShownFor] = useState(streamId);
  if (shownFor !== streamId) {
    setShownFor(streamId);
    setVersion(null);
  }
  // The state as of a chosen event; the one shown stays until the next arrives.
  const travelled = useQuery({
    ...auditAsOfQuery(streamId, version ?? 0),
    enabled: version !== null,
    placeholderData: keepPreviousData,
  });
  const pages = chain.data?.pages;
  const first = pages?.[0];
  const history: AuditResponse | null = first
    ? { ...first, events: pages.flatMap((page) => page.events), next_cursor: pages.at(-1)!.next_cursor }
    : null;
  const asOf: AuditResponse | null = version === null ? (first ?? null) : (travelled.data ?? first ?? null);
  const failure = chain.error ?? travelled.error;
  const error = !failure
    ? null
    : failure instanceof ApiError
      ? failure.message
      : chain.error
        ? 'Unable to load the history'
        : 'Unable to load that version';

  const travel = (next: number) => setVersion(next);

  if (error)
    return (
      <Alert variation="error" heading="History unavailable">
        {error}
      </Alert>
    );
  if (!history || !asOf) return <Loader ariaLabel="Loading history" />;
  const verdict = history.verification;
  // The first load is as of the latest version (the whole chain is read for its verification).
  const latest = history.asOf;
  const loadMore = async () => {
    if (chain.hasNextPage && !chain.isFetchingNextPage) await chain.fetchNextPage();
  };

  return (
    <div className="audit">
      <Flex alignItems="center" justifyContent="space-between" wrap="wrap" gap="0.75rem">
        <Flex alignItems="center" gap="0.5rem" wrap="wrap">
          {verdict.intact ? (
            <Badge variation="success" className="audit__verdict" data-testid="chain-verdict">
              Chain intact · {verdict.events} events verified
            </Badge>
          ) : (
            <Badge variation="error" className="audit__verdict" data-testid="chain-verdict">
              Chain broken at version {verdict.brokenAt}: {verdict.reason}
            </Badge>
          )}
          <Text as="span" fontSize="small" color="font.secondary" className="audit__stream">
            {history.streamId}
          </Text>
        </Flex>
        <Flex gap="0.5rem">
          <Button
            size="small"
            onClick={() =>
              downloadFile(`${history.streamId}-history.json`, JSON.stringify(history, null, 2), 'application/json')
            }
          >
            Export JSON
          </Button>
          <Button size="small" onClick={() => downloadFile(`${history.streamId}-history.csv`, historyToCsv(history))}>
            Export CSV
          </Button>
        </Flex>
      </Flex>

      <div className="audit__columns">
        <ol className="audit__timeline" aria-label="Events, oldest first">
          {history.events.map((event) => (
            <TimelineEntry
              key={event.eventId}
              event={event}
              selected={event.version === asOf.asOf}
              onSelect={() => void travel(event.version)}
            />
          ))}
          {history.next_cursor ? (
            <li>
              <Button size="small" onClick={() => void loadMore()}>
                Load more
              </Button>
            </li>
          ) : null}
        </ol>
        <section className="audit__state" aria-labelledby="audit-state-title">
          <Flex alignItems="center" justifyContent="space-between" gap="0.5rem" wrap="wrap">
            <h3 id="audit-state-title" className="audit__state-title">
              State as of version {asOf.asOf}
              {asOf.asOf === latest ? ' (current)' : ''}
            </h3>
            <Flex gap="0.25rem">
              <Button size="small" isDisabled={asOf.asOf <= 1} onClick={() => void travel(asOf.asOf - 1)}>
                Step back
              </Button>
              <Button size="small" isDisabled={asOf.asOf >= latest} onClick={() => void travel(asOf.asOf + 1)}>
                Step forward
              </Button>
              <Button size="small" isDisabled={asOf.asOf === latest} onClick={() => void travel(latest)}>
                Latest
              </Button>
            </Flex>
          </Flex>
          <StateSummary state={asOf.state} />
          <details>
            <summary>Full state</summary>
            <pre className="audit__json">{JSON.stringify(asOf.state, null, 2)}</pre>
          </details>
        </section>
      </div>
    </div>
  );
}

function TimelineEntry({ event, selected, onSelect }: { event: AuditEvent; selected: boolean; onSelect(): void }) {
  return (
    <li
      className={
        `audit__entry${selected ? ' audit__entry--selected' : ''}` +
        `${event.verified ? '' : ' audit__entry--unverified'}`
      }
    >
      <button
        type="button"
        className="audit__entry-button"
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={`Version ${event.version}: ${readableType(event.type)}. Show the state as of this event`}
      >
        <span className="audit__version">v{event.version}</span>
        <span className="audit__type">{readableType(event.type)}</span>
        {!event.verified ? (
          <Badge variation="error" size="small">
            unverified
          </Badge>
        ) : null}
      </button>
      <div className="audit__who">
        <Badge size="small" variation={ROLE_TONE[event.actor.role]}>
          {roleWords(event.actor.role)}
        </Badge>{' '}
        {event.actor.name ?? event.actor.email ?? (event.actor.sub === 'system' ? 'System' : 'Unknown User')} ·{' '}
        <time dateTime={event.at}>{when(event.at)}</time>
      </div>
      {event.changes.length > 0 ? (
        <>
          <ul className="audit__sentences">
            {event.changes.some((change) => change.path === 'exists' && change.after === true) ? (
              <li>Created</li>
            ) : null}
            {event.changes
              .filter((change) => FIELD_WORDS[change.path])
              .slice(0, 8)
              .map((change) => (
                <li key={change.path}>
                  {FIELD_WORDS[change.path]}: <del title={short(change.before)}>{readable(change.before)}</del> →{' '}
                  <ins title={short(change.after)}>{readable(change.after)}</ins>
                </li>
              ))}
          </ul>
          {/* Ids, stored paths and the schema version are for engineers: behind 'Details'. */}
          <details className="audit__details">
            <summary>Details</summary>
            <ul className="audit__changes">
              {event.changes.slice(0, 20).map((change) => (
                <li key={change.path}>
                  <code>{change.path}</code>: {short(change.before)} → {short(change.after)}
                </li>
              ))}
              {event.changes.length > 20 ? <li>… {event.changes.length - 20} more changes</li> : null}
            </ul>
            {event.storedSchemaVersion > 0 ? (
              <p className="audit__schema">Stored as schema v{event.storedSchemaVersion}</p>
            ) : null}
          </details>
        </>
      ) : (
        <p className="audit__nochange">No visible change to the state</p>
      )}
    </li>
  );
}

/** The fields an auditor looks at first; the rest is in "Full state". */
function StateSummary({ state }: { state: unknown }) {
  if (!state || typeof state !== 'object') return <Text>No state.</Text>;
  const record = state as Record<string, unknown>;
  const checklist = Array.isArray(record.checklist) ? (record.checklist as { completed?: boolean }[]) : null;
  const rows: [string, unknown][] = [
    ['Title', record.title],
    ['Status', typeof record.status === 'string' ? humanize(record.status) : undefined],
    ['Priority', typeof record.priority === 'string' ? humanize(record.priority) : record.priority],
    ['Designer', record.assigned_designer_name ?? record.assigned_designer_email ?? record.assigned_designer_id],
    ['Due date', typeof record.due_date === 'string' ? longDate(record.due_date) : record.due_date],
    [
      'Checklist',
      checklist ? `${checklist.filter((task) => task.completed).length} of ${checklist.length} completed` : undefined,
    ],
    ['Files', Array.isArray(record.files) ? record.files.length : undefined],
    ['Comments', Array.isArray(record.comments) ? record.comments.length : undefined],
    ['Name', record.full_name],
    ['E-mail', record.email],
    ['Company', record.company],
  ].filter(([, value]) => value !== undefined) as [string, unknown][];
  return (
    <dl className="audit__summary" data-testid="audit-state">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null ? '—' : String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
