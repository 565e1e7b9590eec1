import { Button, Flex, Heading, Text, ToggleButton } from '@aws-amplify/ui-react';
import { useState, type ReactNode } from 'react';
import { downloadFile, toCsv } from '../../../lib/csv.js';
import { FigureTable, type Column } from './FigureTable.js';

export interface FigureProps<R> {
  title: string;
  /** One sentence a person can read instead of the chart. */
  summary: string;
  chart?: ReactNode;
  columns: Column<R>[];
  rows: R[];
  /** The CSV file's name, without extension. */
  file: string;
}

/**
 * One figure: a title, a one-sentence summary, and a chart or its table (the toggle), with a CSV
 * download of the table's rows. The chart is a picture for the eye (role="img", named by the
 * summary); the table is its accessible form. Figures without a chart show the table.
 */
export function Figure<R>({ title, summary, chart, columns, rows, file }: FigureProps<R>) {
  const [asTable, setAsTable] = useState(false);
  const showTable = asTable || !chart;
  const exportCsv = () =>
    downloadFile(
      `${file}.csv`,
      toCsv(
        columns.map((c) => c.label),
        rows.map((row) => columns.map((c) => c.value(row))),
      ),
    );
  return (
    <div className="insights-figure">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={4}>{title}</Heading>
        <Flex gap="xs">
          {chart ? (
            <ToggleButton
              size="small"
              isPressed={asTable}
              onChange={() => setAsTable((value) => !value)}
              aria-label={`Show ${title} as a table`}
            >
              Table
            </ToggleButton>
          ) : null}
          <Button size="small" onClick={exportCsv} aria-label={`Download ${title} as CSV`}>
            CSV
          </Button>
        </Flex>
      </Flex>
      <Text className="insights-figure__summary">{summary}</Text>
      {showTable ? (
        <FigureTable caption={title} columns={columns} rows={rows} />
      ) : (
        <div className="insights-figure__chart" role="img" aria-label={`${title}. ${summary}`}>
          {chart}
        </div>
      )}
    </div>
  );
}
