import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../web/src/lib/csv.js';

describe('Insights CSV export', () => {
  it('quotes every text, doubles inner quotes, keeps commas and line breaks inside the cell', () => {
    expect(csvCell('Kitchen "A", phase 2\nnotes')).toBe('"Kitchen ""A"", phase 2\nnotes"');
    expect(
      toCsv(
        ['Project', 'Days'],
        [
          ['Loft', 4.5],
          [null, undefined],
        ],
      ),
    ).toBe('"Project","Days"\r\n"Loft",4.5\r\n,\r\n');
  });

  it(
    'neutralises text a spreadsheet would run as a formula ' + '(= + - @, tab, carriage return); numbers stay numbers',
    () => {
      for (const text of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
        expect(csvCell(text)).toBe(`"'${text.replace(/"/g, '""')}"`);
      expect(csvCell(-2)).toBe('-2');
      expect(csvCell(Number.NaN)).toBe('');
      expect(csvCell('Garage =SUM(1)')).toBe('"Garage =SUM(1)"');
    },
  );
});
