import { describe, expect, it } from 'vitest';
import { draftLocally, readLetterLocally } from './local-reader.js';

describe('the local stand-in reads a letter deterministically', () => {
  it('splits numbered items across pages, lifting the sheet and the code section', () => {
    const letter = [
      'CITY OF SPRINGFIELD - BUILDING DIVISION',
      'Plan Check Corrections, 1st review',
      '1. Sheet A-2: show the egress window net clear opening per CRC R310.1.',
      '2) Provide smoke alarm locations',
      'on every floor plan. Sheet A-3.',
      '',
      'Page 2',
      'Item 3: Section 903.2 requires sprinklers; state whether they are provided (T-24).',
      '4 - Dimension the setbacks on sheet A1.1',
      '#5 - Add the structural notes to S-101 (IBC 1604.3)',
    ].join('\n');
    expect(readLetterLocally(letter)).toEqual([
      {
        number: 1,
        sheet: 'A-2',
        code_reference: 'CRC R310.1',
        comment: 'Sheet A-2: show the egress window net clear opening per CRC R310.1.',
      },
      {
        number: 2,
        sheet: 'A-3',
        code_reference: null,
        comment: 'Provide smoke alarm locations on every floor plan. Sheet A-3.',
      },
      {
        number: 3,
        sheet: null,
        code_reference: 'Section 903.2',
        comment: 'Section 903.2 requires sprinklers; state whether they are provided (T-24).',
      },
      { number: 4, sheet: 'A1.1', code_reference: null, comment: 'Dimension the setbacks on sheet A1.1' },
      {
        number: 5,
        sheet: 'S-101',
        code_reference: 'IBC 1604.3',
        comment: 'Add the structural notes to S-101 (IBC 1604.3)',
      },
    ]);
  });

  it('a number out of sequence stays inside its comment', () =>
    expect(
      readLetterLocally('1. Revise the stair:\n3. risers at 7 3/4 in max\n2. Show the guard').map(
        (item) => item.number,
      ),
    ).toEqual([1, 2]));

  it('drafts an answer naming the sheet and the code section', () =>
    expect(
      draftLocally({ number: 1, sheet: 'A-2', code_reference: 'CRC R310.1', comment: 'Show the egress window' }),
    ).toBe(
      'Response to comment 1: Sheet A-2 has been revised to comply with CRC R310.1. The comment "Show the egress ' +
        'window" has been addressed; see the revised sheet, clouded and marked delta 1.',
    ));
});
