import { Badge, Flex, Heading, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { formatDateTime } from '../../../lib/dates.js';
import { errorMessage } from '../../../lib/errors.js';
import type { ErasureLogRow } from '#features/users/erasure-contracts.js';

const askedBy = (entry: ErasureLogRow) =>
  entry.requested_by === 'self' ? 'The person' : `An admin (${entry.erased_by})`;

/**
 * The erasure log of the Users tab: when, which account, who asked and under which reference, and
 * whether it is done. Ids only: the names and addresses are what was erased.
 */
export function ErasuresLog({
  erasures,
  loading,
  error,
}: {
  erasures: readonly ErasureLogRow[] | undefined;
  loading: boolean;
  error: unknown;
}) {
  return (
    <section aria-labelledby="erasures-heading">
      <Flex direction="column" gap="small">
        <Flex direction="column" gap="xxs">
          <Heading level={2} fontSize="large" id="erasures-heading">
            Erasures
          </Heading>
          <Text color="font.secondary">
            People erased at their request. Only account ids are kept here: their names and addresses are gone.
          </Text>
        </Flex>
        {error ? (
          <Text role="alert" color="font.error">
            Failed to load the erasure log: {errorMessage(error)}
          </Text>
        ) : loading && !erasures ? (
          <Text aria-busy="true">Loading erasures…</Text>
        ) : !erasures?.length ? (
          <Text>No erasures yet.</Text>
        ) : (
          <div className="admin-table-wrap">
            <Table size="small" aria-label="Erasures" className="table-cards">
              <TableHead>
                <TableRow>
                  {['Date', 'Account', 'Asked by', 'Reference', 'Status'].map((heading) => (
                    <TableCell as="th" key={heading}>
                      {heading}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {erasures.map((entry) => (
                  <TableRow key={entry.erasure_id} data-erasure-id={entry.erasure_id}>
                    <TableCell data-label="Date" className="table-cards__title">
                      {formatDateTime(entry.requested_at)}
                    </TableCell>
                    <TableCell data-label="Account" className="erasure-log__id">
                      {entry.user_id}
                    </TableCell>
                    <TableCell data-label="Asked by" className="erasure-log__id">
                      {askedBy(entry)}
                    </TableCell>
                    <TableCell data-label="Reference">{entry.reference ?? '—'}</TableCell>
                    <TableCell data-label="Status">
                      <Badge size="small" variation={entry.status === 'done' ? 'success' : 'info'}>
                        {entry.status === 'done' ? 'Done' : 'Erasing…'}
                      </Badge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </Flex>
    </section>
  );
}
