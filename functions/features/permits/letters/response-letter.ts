import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * The response letter to the city's plan check comments, as a real PDF made in the function with
 * pdf-lib (no network, no template service): the studio, the project, the round and the date, then
 * every item's number, sheet, the city's comment and the studio's response (and the revised version
 * where one is linked). Long texts wrap to the page and the letter runs onto as many pages as it needs.
 */
export interface ResponseLetterInput {
  studio: string;
  project_title: string;
  project_address: string | null;
  round: number;
  /** 'November 28, 2026'. */
  date: string;
  items: {
    number: number;
    sheet: string | null;
    comment: string;
    response: string;
    revised_file_name: string | null;
  }[];
}

export const LETTER_TITLE = 'Response to Plan Check Comments';
export const responseLetterFileName = (round: number) => `Response-to-Plan-Check-Comments-round-${round}.pdf`;

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 56;
const WIDTH = PAGE.width - MARGIN * 2;

/**
 * The standard fonts encode WinAnsi only: anything else (emoji, CJK) is shown as '?' rather than failing the letter.
 */
const printable = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\n\x20-\x7E\xA0-\xFF]/g, '?');

/** Lines of `text` that fit `width` in `font` at `size`; a word longer than a line is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of printable(text).split(/\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        if (line) lines.push(line);
        lines.push(rest.slice(0, cut));
        line = '';
        rest = rest.slice(cut);
      }
      const next = line ? `${line} ${rest}` : rest;
      if (font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = rest;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly footer: string,
  ) {
    this.newPage();
  }
  private newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }
  /** Room for `height` points, else the next page. */
  private need(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }
  text(text: string, options: { size?: number; bold?: boolean; indent?: number; gap?: number; color?: number } = {}) {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    const leading = size * 1.35;
    for (const line of wrap(text, font, size, WIDTH - indent)) {
      this.need(leading);
      this.y -= leading;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y,
        size,
        font,
        color: rgb(options.color ?? 0.1, options.color ?? 0.1, options.color ?? 0.1),
      });
    }
    this.y -= options.gap ?? 0;
  }
  space(points: number) {
    this.y -= points;
  }
  keepTogether(points: number) {
    this.need(points);
  }
  numberPages() {
    const pages = this.pdf.getPages();
    pages.forEach((page, index) => {
      page.drawText(printable(`${this.footer} - page ${index + 1} of ${pages.length}`), {
        x: MARGIN,
        y: MARGIN / 2,
        size: 8,
        font: this.fonts.regular,
        color: rgb(0.4, 0.4, 0.4),
      });
    });
  }
}

export async function buildResponseLetter(input: ResponseLetterInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${LETTER_TITLE} - ${input.project_title} - round ${input.round}`);
  pdf.setAuthor(input.studio);
  pdf.setProducer(input.studio);
  pdf.setCreator(input.studio);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const writer = new Writer(pdf, fonts, `${input.project_title} - plan check round ${input.round}`);
  writer.text(input.studio, { size: 12, bold: true, gap: 14 });
  writer.text(LETTER_TITLE, { size: 18, bold: true, gap: 8 });
  writer.text(`Project: ${input.project_title}`, { bold: true });
  if (input.project_address) writer.text(`Address: ${input.project_address}`);
  writer.text(`Plan check round ${input.round}`);
  writer.text(`Date: ${input.date}`, { gap: 12 });
  writer.text('We have revised the drawings in answer to each plan check comment, as follows.', { gap: 10 });
  for (const item of input.items) {
    writer.keepTogether(60);
    writer.text(`Item ${item.number}${item.sheet ? ` - Sheet ${item.sheet}` : ''}`, { size: 11.5, bold: true, gap: 2 });
    writer.text('City comment:', { bold: true, indent: 10 });
    writer.text(item.comment, { indent: 10, gap: 4, color: 0.25 });
    writer.text('Response:', { bold: true, indent: 10 });
    writer.text(item.response, { indent: 10, gap: item.revised_file_name ? 2 : 12 });
    if (item.revised_file_name)
      writer.text(`Revised drawing: ${item.revised_file_name}`, { indent: 10, gap: 12, color: 0.3 });
  }
  writer.space(8);
  writer.text(`Sincerely, ${input.studio}`);
  writer.numberPages();
  return pdf.save();
}
