import { CODE_REFERENCE_MAX, COMMENT_MAX, ITEMS_PER_ROUND_MAX, SHEET_MAX, type ProposedItem } from '../contracts.js';

/**
 * The local stand-in for the AI step: deterministic, so the feature works with no cloud account and
 * the tests are exact. A plan check letter numbers its comments ("1.", "2)", "Item 3:", "#4 -"); each
 * starts a new item and runs until the next, across pages. The first sheet named ("Sheet A-2", "A2.1",
 * "S-101") and the first code section cited ("CRC R310.1", "IBC 1006.2", "Section 903.2") are lifted out.
 * The letter's text is data: it is only split and copied, never followed.
 */

const ITEM_START = /^\s*(?:item|comment|correction|no\.?|#)?\s*#?\s*(\d{1,3})\s*[.):\-–]\s+(\S.*)$/i;
/** A sheet named without the word 'sheet' (T is left out: 'T-24' is California's Title 24, not a title sheet). */
const SHEET = /\b([ACEGLMPS]{1,2}-?\d{1,3}(?:\.\d{1,2})?)\b/;
/** A page's running header or footer, not part of any comment. */
const PAGE_MARK = /^page\s+\d+(?:\s+of\s+\d+)?$/i;
const SHEET_WORD = /\bsheets?\s+([A-Z]{1,2}-?\d{1,3}(?:\.\d{1,2})?)\b/i;
/** The building codes a citation names: California's (CBC, CRC, CalGreen, …) and the model codes. */
const CODE_BOOKS = [
  'CBC',
  'CRC',
  'IBC',
  'IRC',
  'IECC',
  'CPC',
  'CMC',
  'CEC',
  'NEC',
  'NFPA',
  'ADA',
  'CalGreen',
  'UPC',
  'UMC',
];
/**
 * A code citation: a code and a section, "Section" optional ("CBC 1016.2", "IRC Section R302.1(3)"), or "Section"
 * and a dotted number ("Section 3.1").
 */
const CODE = new RegExp(
  String.raw`\b((?:${CODE_BOOKS.join('|')})\s*(?:Section\s+)?[A-Z]?\d+(?:\.\d+)*(?:\([0-9a-z]+\))?` +
    String.raw`|Section\s+[A-Z]?\d+(?:\.\d+)+(?:\([0-9a-z]+\))?)`,
  'i',
);

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function readLetterLocally(text: string): ProposedItem[] {
  const items: { number: number; lines: string[] }[] = [];
  let expected = 1;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || PAGE_MARK.test(line)) continue;
    const start = ITEM_START.exec(line);
    // A number starts an item only in sequence: "3. " inside a comment's own list would otherwise split it.
    if (start && Number(start[1]) === expected) {
      items.push({ number: expected, lines: [start[2]!.trim()] });
      expected += 1;
      continue;
    }
    items.at(-1)?.lines.push(line);
  }
  return items.slice(0, ITEMS_PER_ROUND_MAX).map(({ number, lines }) => {
    const comment = clip(lines.join(' ').replace(/\s+/g, ' ').trim(), COMMENT_MAX);
    const sheet = SHEET_WORD.exec(comment)?.[1] ?? SHEET.exec(comment)?.[1] ?? null;
    const code = CODE.exec(comment)?.[1] ?? null;
    return {
      number,
      sheet: sheet ? clip(sheet.toUpperCase(), SHEET_MAX) : null,
      code_reference: code ? clip(code.replace(/\s+/g, ' '), CODE_REFERENCE_MAX) : null,
      comment,
    };
  });
}

/**
 * A proposed answer to one comment, in the studio's voice: it names the sheet revised and the code
 * section, and restates what was asked as done. The designer edits it before 'Mark Addressed'.
 */
export function draftLocally(item: {
  number: number;
  sheet: string | null;
  code_reference: string | null;
  comment: string;
}): string {
  const where = item.sheet ? `Sheet ${item.sheet} has been revised` : 'The drawings have been revised';
  const code = item.code_reference ? ` to comply with ${item.code_reference}` : '';
  const asked = item.comment.replace(/\s+/g, ' ').trim();
  const summary = asked.length > 160 ? `${asked.slice(0, 157).trimEnd()}…` : asked;
  return (
    `Response to comment ${item.number}: ${where}${code}. The comment "${summary}" has been addressed; see the ` +
    `revised sheet, clouded and marked delta ${item.number}.`
  );
}
