/** CSV for spreadsheets: every text quoted, formulas neutralised, CRLF line ends (RFC 4180). */

export type Cell = string | number | boolean | null | undefined;

/**
 * A text starting with = + - @ (or a tab or carriage return) would run as a formula when the file is
 * opened in a spreadsheet (CSV injection): it gets a leading apostrophe. Numbers stay numbers.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header.map((h) => csvCell(h)), ...rows.map((row) => row.map(csvCell))].map((row) => row.join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves text as a file the browser downloads (CSV by default). */
export function downloadFile(filename: string, content: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
